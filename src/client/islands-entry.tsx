// The browser entry of documents hydrated as islands, bundled by src/bundle:
// hydrates the page's islands (./islands.tsx).
import { startIslands } from './islands.tsx';

startIslands();
