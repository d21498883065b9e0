// The site path of the page shown (without base path), for parts that depend on it: the routed app
// provides the router's location, an island root the path its document was rendered at.
import { createContext, useContext } from 'react';

export const PagePathContext = createContext<string>('/');

export const usePagePath = (): string => useContext(PagePathContext);
