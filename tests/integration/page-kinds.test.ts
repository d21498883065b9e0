// What each page kind's document promises, for the first route of every kind in the small fixed
// snapshot (tests/fixtures/snapshot-small: the sample API's answers at a fixed clock), rendered as
// the build renders it: the head (title, description, robots, canonical link, JSON-LD), the
// landmarks and the one h1, the island markers and the entry that hydrates the page, and the page
// data the client starts from. The expectations come from the API's answers and the configuration
// the page was built from, so a change of markup around these parts changes no test; the markup
// itself is the component tests' business (tests/unit/app).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ad, Author, Post } from '../../src/api/types.ts';
import { bundleClient, type ClientBundle } from '../../src/bundle/index.ts';
import { buildClock, loadConfig, publicConfig } from '../../src/config/load.ts';
import { pageCopy } from '../../src/config/page-copy.ts';
import { Snapshot } from '../../src/snapshot/snapshot-store.ts';
import { plan, type PlannedRoute } from '../../src/plan/index.ts';
import { createRenderer } from '../../src/render/index.ts';
import { PAGE_KINDS } from '../../src/site/kinds/index.ts';
import type { PageKindName } from '../../src/site/types.ts';
import { fragmentsOf, islandCounts, type JsonLd, type PageFragments } from '../helpers/page-fragments.ts';
import { SMALL_NOW, SMALL_SNAPSHOT } from '../helpers/make-snapshot-small.ts';
import { ROOT } from '../helpers/pressroom.ts';

const config = loadConfig({ file: join(ROOT, 'config/site.json'), env: {} });
const { site } = config;
const url = (path: string) => `${site.url}${path}`;

/** What a page of one kind must carry. `description: 'own'`: copy of the page's own, not the site's default. */
interface Expected {
  title: string;
  description: string | 'own';
  noindex: boolean;
  canonicalPath: string;
  /** Matched in order, each a subset of the page's object (toMatchObject). */
  jsonLd: JsonLd[];
  h1: string;
  /** Island markers by name, with how many of each. */
  islands: Record<string, number>;
}

// The shell's islands are on every page; the kinds below add their ad slots.
const SHELL = { header: 1, footer: 1 };
const withAds = (n: number) => ({ ...SHELL, ad: n });
const crumbs = (...items: [string, string][]) => ({
  '@type': 'BreadcrumbList',
  itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: url(path) })),
});
// The sampled routes are outside the news and security sections, whose pages carry those sections' site titles.
const titled = (name: string) => `${name} | ${site.name}`;

let fragments: Map<string, { route: PlannedRoute; page: PageFragments }>;
let api: Snapshot;
let bundle: ClientBundle;

beforeAll(async () => {
  ({ snapshot: api } = await Snapshot.load(SMALL_SNAPSHOT));
  const clock = buildClock(config, SMALL_NOW);
  const ctx = { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn: () => {} };
  // The first route of each kind (plan order: sorted by path), so the choice is stable.
  const samples = new Map<string, PlannedRoute>();
  for (const route of plan(api, ctx, config).routes) if (!samples.has(route.kind)) samples.set(route.kind, route);
  bundle = await bundleClient({ minify: true });
  const renderer = await createRenderer({ config, publicConfig: publicConfig(config), bundle, snapshot: api, strict: true });
  fragments = new Map([...samples].map(([kind, route]) => [kind, { route, page: fragmentsOf(renderer.renderRoute(route).html) }]));
});

/** The first record of an API answer the route depends on, found by its path's start. */
function answer<T>(route: PlannedRoute, prefix: string, pick: (body: any) => T): T {
  const dep = route.deps.find((d) => d.startsWith(prefix));
  expect(dep, `${route.path} reads no ${prefix}…`).toBeDefined();
  const body = api.ok(dep!);
  expect(body, `${dep} is not a 2xx answer`).toBeDefined();
  return pick(body);
}

const staticPage = (own: { title: string; intro?: string }, route: PlannedRoute): Expected => ({
  title: titled(own.title),
  description: own.intro ?? 'own',
  noindex: false,
  canonicalPath: route.path,
  jsonLd: [],
  h1: own.title,
  islands: SHELL,
});

/** A page whose words are the component's own (no API answer or configuration names them). */
const fixedPage = (title: string, h1: string, noindex: boolean, route: PlannedRoute, description: string | 'own' = 'own'): Expected => ({
  title,
  description,
  noindex,
  canonicalPath: route.path,
  jsonLd: [],
  h1,
  islands: SHELL,
});

function eventPage(route: PlannedRoute): Expected {
  const ev = answer(route, '/api/event/eventdetails/', (b) => b.eventData[0]);
  // A past event's page names the event's one address, under /events.
  const canonicalPath = `/events/${ev.event_slug}`;
  return {
    title: titled(ev.event_title),
    description: 'own',
    noindex: false,
    canonicalPath,
    jsonLd: [{ '@type': 'Event', name: ev.event_title, startDate: ev.event_date, location: { '@type': 'Place', name: ev.event_location }, url: url(canonicalPath) }],
    h1: ev.event_title,
    islands: withAds(1),
  };
}

const EXPECTED: Record<PageKindName, (route: PlannedRoute) => Expected> = {
  home: (route) => ({
    title: site.title,
    description: site.description,
    noindex: false,
    canonicalPath: '/',
    jsonLd: [
      { '@type': 'Organization', name: site.name, url: url('/') },
      { '@type': 'WebSite', name: site.name, url: url('/'), potentialAction: { '@type': 'SearchAction' } },
    ],
    h1: site.title,
    islands: withAds(1),
  }),
  article: (route) => {
    const post = answer<Post>(route, '/api/post/postdetails/', (b) => b.result[0]);
    const author = answer<Author>(route, '/api/author/', (b) => b.result[0]);
    return {
      title: titled(post.meta_title || post.post_title),
      description: post.meta_description!,
      noindex: false,
      canonicalPath: route.path,
      jsonLd: [
        {
          '@type': 'NewsArticle',
          mainEntityOfPage: { '@id': url(route.path) },
          headline: post.post_title,
          datePublished: post.post_date,
          author: { '@type': 'Person', name: author.author_display_name, url: url(`/author/${author.author_name}`) },
          publisher: { '@type': 'Organization', name: site.name },
        },
        crumbs(['Home', '/'], [post.cat_name!, `/topic/${post.cat_slug}`], [post.post_title, route.path]),
      ],
      h1: post.post_title,
      islands: { ...withAds(2), share: 1, toc: 1, related: 1, 'more-from': 1, 'scroll-top': 1, 'view-count': 1 },
    };
  },
  author: (route) => {
    const author = answer<Author>(route, '/api/author/details/', (b) => b.author[0]);
    return {
      title: titled(author.author_display_name),
      description: author.author_description!,
      noindex: false,
      canonicalPath: route.path,
      jsonLd: [{ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name: author.author_display_name, description: author.author_description, url: url(route.path) } }],
      h1: author.author_display_name,
      islands: withAds(2),
    };
  },
  tag: (route) => {
    const name = answer<string>(route, '/api/post/tag/', (b) => b.posts.subCatName);
    return { title: titled(name), description: 'own', noindex: false, canonicalPath: route.path, jsonLd: [crumbs(['Home', '/'], [name, route.path])], h1: name, islands: withAds(2) };
  },
  topic: (route) => {
    const name = answer<string>(route, '/api/post/topic/', (b) => b.posts.postData[0].cat_name);
    return { title: titled(name), description: 'own', noindex: false, canonicalPath: route.path, jsonLd: [crumbs(['Home', '/'], [name, route.path])], h1: name, islands: withAds(2) };
  },
  'event-detail': eventPage,
  'past-event-detail': eventPage,
  about: (route) => staticPage({ title: config.about.title, intro: config.about.intro[0] }, route),
  contact: (route) => staticPage(config.pages.contact, route),
  'opt-out-form': (route) => staticPage(config.pages.optOut, route),
  'privacy-policy': (route) => staticPage(config.privacy, route),
  'sitemap-page': (route) => staticPage(config.sitemapPage, route),
  events: (route) => fixedPage(titled('Events'), 'Events', false, route),
  'past-events': (route) => fixedPage(titled('Past Events'), 'Past Events', false, route),
  'no-posts': (route) => fixedPage(titled('No Posts Available'), 'No Posts Available', true, route),
  'author-index': (route) => fixedPage(titled('Author not found'), 'Author not found', true, route),
  'not-found': (route) => fixedPage(titled('Page not found'), 'Error 404 - Not Found', true, route),
  // The shells are filled in the browser: their head is the site's until then.
  search: (route) => fixedPage(titled('Search'), 'Search Result', true, route, site.description),
  preview: (route) => fixedPage(titled('Preview'), 'Article preview', true, route, site.description),
};

const SHELL_KINDS = new Set<string>(['search', 'preview']);

describe('every page kind has a route in the small snapshot', () => {
  it('the plan samples one route of each kind', () => {
    expect([...fragments.keys()].sort()).toEqual(PAGE_KINDS.map((k) => k.kind).sort());
  });
});

for (const kind of PAGE_KINDS.map((k) => k.kind)) {
  describe(`the ${kind} page`, () => {
    const get = () => {
      const sample = fragments.get(kind);
      expect(sample, `no ${kind} route in the small snapshot`).toBeDefined();
      return { ...sample!, want: EXPECTED[kind](sample!.route) };
    };

    it('has its title, description, robots and canonical link in the head', () => {
      const { page, want } = get();
      expect(page.title).toBe(want.title);
      if (want.description === 'own') {
        expect(page.description).toMatch(/\S/);
        expect(page.description).not.toBe(site.description);
      } else expect(page.description).toBe(want.description);
      expect(page.robots).toBe(want.noindex ? 'noindex' : null);
      expect(page.canonical).toBe(url(want.canonicalPath));
    });

    it('carries its structured data as JSON-LD', () => {
      const { page, want } = get();
      expect(page.jsonLd).toMatchObject(want.jsonLd.map((ld) => ({ '@context': 'https://schema.org', ...ld })));
    });

    it("has the site's banner, main navigation, main and footer once, and one h1", () => {
      const { page, want } = get();
      expect(page.landmarks).toEqual({ banner: 1, mainNav: 1, main: 1, contentinfo: 1 });
      expect(page.h1).toEqual([want.h1]);
    });

    it('marks its islands and loads the entry that hydrates it', () => {
      const { page, want } = get();
      expect(islandCounts(page.islands)).toEqual(Object.fromEntries(Object.entries(want.islands).sort(([a], [b]) => a.localeCompare(b))));
      expect(page.entry).toBe(kind === 'article' ? bundle.islandsUrl : bundle.entryUrl);
    });

    it('embeds the page data: its kind, path, configuration, copy and the answers it was rendered from', () => {
      const { page, route } = get();
      const { data } = page;
      expect(data).toMatchObject({ kind, path: route.path, shell: SHELL_KINDS.has(kind) ? kind : null });
      expect(data.config).toEqual(publicConfig(config));
      expect(data.copy).toEqual(pageCopy(config, kind) ?? undefined);
      // An island document embeds no query state: its islands read none of it.
      if (kind === 'article') return void expect(data.state).toBeUndefined();
      expect(data.state).toBeDefined();
      const { queries } = data.state!;
      expect(queries.map((q) => q.queryKey)).toEqual(route.deps.map((dep) => ['api', dep]));
      for (const q of queries) {
        const entry = api.get(q.queryKey[1] as string)!;
        expect(q.state.data, String(q.queryKey[1])).toEqual({ status: entry.status, body: entry.body });
      }
    });
  });
}

describe("an article's islands", () => {
  it('take their props from the post: share, table of contents, related and more-from lists, view count, section', () => {
    const { route, page } = fragments.get('article')!;
    const post = answer<Post>(route, '/api/post/postdetails/', (b) => b.result[0]);
    const props = (name: string) => page.islands.filter((i) => i.name === name).map((i) => i.props);
    expect(props('header')).toEqual([{ routeSlug: post.cat_slug }]);
    expect(props('share')).toEqual([expect.objectContaining({ path: route.path, title: post.post_title })]);
    expect(props('toc')[0]?.toc.map((e: { id: string; text: string }) => [e.id, e.text])).toEqual(post.toc!.map((e) => [e.id, e.text]));
    expect(props('related')).toEqual([{ catSlug: post.cat_slug, postId: post.id }]);
    expect(props('more-from')).toEqual([{ postId: post.id }]);
    expect(props('view-count')).toEqual([{ postId: post.id }]);
  });

  it('have ad slots, beside the article the post slot, below it the footer slot, whose ads come from the mirror: none in the page, no page depends on them', () => {
    const { route, page } = fragments.get('article')!;
    const ads = page.islands.filter((i) => i.name === 'ad').map((i) => i.props!);
    expect(ads.map((p) => p.type)).toEqual(['Post-1', 'Footer-3']);
    for (const p of ads) expect(Object.keys(p).sort()).toEqual(['className', 'height', 'label', 'type', 'width']);
    const active = api.ok<Ad[]>('/api/advertisement/get_active')!;
    expect(active.length).toBeGreaterThan(0);
    for (const [kind, { route: r }] of fragments) expect(r.deps, kind).not.toContain('/api/advertisement/get_active');
    expect(route.deps).not.toContain('/api/advertisement/get_active');
  });
});
