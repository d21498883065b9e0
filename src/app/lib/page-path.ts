// The site path of the page being shown (without the base path), for the
// parts that depend on it (the header closes its panels on a new path; a
// panel's "See More" follows the current topic). The routed app provides the
// router's location (src/app/App.tsx); an island's root provides the path its
// document was rendered at (src/client/islands.tsx), so neither needs the other.
import { createContext, useContext } from 'react';

export const PagePathContext = createContext<string>('/');

export const usePagePath = (): string => useContext(PagePathContext);
