// The parts of a rendered page that its kind promises (tests/integration/page-kinds.test.ts):
// the head's title, description, robots, canonical link and JSON-LD, the landmarks, the island
// markers and the page data the client starts from. Read with a DOM parser, not by pattern,
// so a change of markup around them (attribute order, wrappers, whitespace) changes none.
import { JSDOM } from 'jsdom';
import { DATA_ELEMENT_ID, type PageData } from '../../src/page-data/page-data.ts';

export type JsonLd = Record<string, any>;

export interface Island {
  name: string;
  /** The parsed data-props, or null for a marker without props. */
  props: Record<string, any> | null;
}

export interface PageFragments {
  title: string;
  description: string | null;
  robots: string | null;
  canonical: string | null;
  jsonLd: JsonLd[];
  /** How many of each landmark the page has: the site banner, the main navigation, main and the site footer. */
  landmarks: { banner: number; mainNav: number; main: number; contentinfo: number };
  /** The text of every h1, in document order. */
  h1: string[];
  islands: Island[];
  /** The src of the module script that hydrates the page (the routed app's entry or the islands'). */
  entry: string | null;
  data: PageData;
}

const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

export function fragmentsOf(html: string): PageFragments {
  const doc = new JSDOM(html).window.document;
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? null;
  const dataElement = doc.getElementById(DATA_ELEMENT_ID);
  if (!dataElement) throw new Error(`no #${DATA_ELEMENT_ID} element in the page`);
  return {
    title: text(doc.querySelector('head > title')),
    description: attr('head > meta[name="description"]', 'content'),
    robots: attr('head > meta[name="robots"]', 'content'),
    canonical: attr('head > link[rel="canonical"]', 'href'),
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as JsonLd),
    // The site's own banner and footer, not an article's or a listing's <header> inside main.
    landmarks: {
      banner: doc.querySelectorAll('body header:not(main header)').length,
      mainNav: doc.querySelectorAll('nav[aria-label="Main"]:not(main nav)').length,
      main: doc.querySelectorAll('main').length,
      contentinfo: doc.querySelectorAll('body footer:not(main footer)').length,
    },
    h1: [...doc.querySelectorAll('h1')].map(text),
    islands: [...doc.querySelectorAll('[data-island]')].map((el) => {
      const props = el.getAttribute('data-props');
      return { name: el.getAttribute('data-island')!, props: props === null ? null : JSON.parse(props) };
    }),
    entry: attr('body script[type="module"]', 'src'),
    data: JSON.parse(dataElement.textContent ?? '') as PageData,
  };
}

/** The islands' names with how often each occurs, sorted by name. */
export function islandCounts(islands: readonly Island[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { name } of [...islands].sort((a, b) => a.name.localeCompare(b.name))) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}
