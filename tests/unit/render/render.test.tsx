// @vitest-environment node
// The render stage: escaping of embedded JSON (parsed back with jsdom), head
// tags, missing deps, undeclared reads, shell mode, determinism, failures.
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isPressroomError } from '../../../src/errors/errors.ts';
import { pageHead } from '../../../src/render/head.ts';
import { createRenderer, type Renderer } from '../../../src/render/index.ts';
import { bundle, config, publicConfig, route, snapshot } from './fixtures/setup.ts';
import { HOSTILE } from './fixtures/pages.tsx';

vi.mock('../../../src/app/pages/registry.ts', async () => {
  const { TEST_PAGES } = await import('./fixtures/pages.tsx');
  return {
    preloadPage: async () => undefined,
    preloadAllPages: async () => undefined,
    usePageComponent: (kind: string) => TEST_PAGES[kind],
  };
});
vi.mock('../../../src/app/shell/Layout.tsx', async () => ({ Layout: (await import('./fixtures/pages.tsx')).TestLayout }));

const itemRoute = route('about', '/about', ['/api/test/item']);
const parse = (html: string) => new JSDOM(html).window.document;
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
};

describe('createRenderer / renderRoute', () => {
  let renderer: Renderer;
  beforeAll(async () => {
    renderer = await createRenderer({ config, publicConfig, bundle, snapshot, kinds: [] });
  });

  it('embeds the dehydrated state so hostile text cannot break out of the data script', () => {
    const page = renderer.renderRoute(itemRoute);
    const raw = page.html.slice(page.html.indexOf('<script id="__PRESSROOM_DATA__"'));
    const dataText = raw.slice(raw.indexOf('>') + 1, raw.indexOf('</script>'));
    for (const bad of ['<', '>', '\u2028', '\u2029']) expect(dataText).not.toContain(bad);

    const doc = parse(page.html);
    // No element came out of the data: the only <img> is none, scripts are ours.
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    const scripts = [...doc.querySelectorAll('script')].map((s) => s.id || s.type);
    expect(scripts).toEqual(['application/ld+json', '__PRESSROOM_DATA__', 'module']);
    const data = JSON.parse(doc.getElementById('__PRESSROOM_DATA__')!.textContent!);
    expect(data.kind).toBe('about');
    expect(data.path).toBe('/about');
    expect(data.shell).toBeNull();
    expect(data.config).toEqual(JSON.parse(JSON.stringify(publicConfig)));
    expect(data.state.queries).toHaveLength(1);
    const [q] = data.state.queries;
    expect(q.queryKey).toEqual(['api', '/api/test/item']);
    expect(q.state.data).toEqual({ status: 200, body: { title: `Hostile ${HOSTILE}`, text: `Body ${HOSTILE}` } });
    expect(q.state.status).toBe('success');
    // The rendered text is the data, escaped by React.
    expect(doc.querySelector('#root h1')!.textContent).toBe(`Hostile ${HOSTILE}`);
    expect(page.warnings).toEqual([]);
    expect(page.file).toBe('about/index.html');
  });

  it('writes title, description, canonical, Open Graph and Twitter tags, escaped', () => {
    const page = renderer.renderRoute(itemRoute);
    const doc = parse(page.html);
    const title = `Hostile ${HOSTILE} | DevDispatch`;
    const meta = (sel: string) => doc.querySelector(`meta[${sel}]`)?.getAttribute('content');
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.title).toBe(title);
    expect(doc.querySelectorAll('head title')).toHaveLength(1);
    expect(meta('name="description"')).toBe(`About Hostile ${HOSTILE}`);
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://devdispatch.example/about');
    expect(meta('property="og:title"')).toBe(title);
    expect(meta('property="og:type"')).toBe('article');
    expect(meta('property="og:url"')).toBe('https://devdispatch.example/about');
    expect(meta('property="og:site_name"')).toBe('DevDispatch');
    // Image host '' means the site's own origin.
    expect(meta('property="og:image"')).toBe('https://devdispatch.example/uploads/hero.png?width=1200');
    expect(meta('property="article:published_time"')).toBe('2024-05-01T10:00:00Z');
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
    expect(meta('name="twitter:title"')).toBe(title);
    expect(meta('name="twitter:image"')).toBe('https://devdispatch.example/uploads/hero.png?width=1200');
    expect(meta('name="robots"')).toBeUndefined();
    expect(doc.querySelector('link[rel="alternate"]')!.getAttribute('href')).toBe('/feed.xml');
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.headline).toBe(`Hostile ${HOSTILE}`);
    // Raw HTML never carries the hostile markup unescaped.
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).not.toContain('</script><img');
  });

  it("uses the page's section site title for og:site_name, the site name otherwise", () => {
    const doc = (head: Parameters<typeof pageHead>[1]) => parse(`<head>${pageHead(config, head, '/x')}</head>`);
    const siteName = (d: Document) => d.querySelector('meta[property="og:site_name"]')!.getAttribute('content');
    expect(siteName(doc({ title: 'A | DevDispatch News', siteName: 'DevDispatch News' }))).toBe('DevDispatch News');
    expect(siteName(doc({ title: 'A | DevDispatch' }))).toBe(config.site.name);
  });

  it('links the stylesheet, modulepreloads the entry and the kind’s chunks, and loads the entry as a module', () => {
    const doc = parse(renderer.renderRoute(itemRoute).html);
    expect(doc.querySelector('link[rel="stylesheet"]')!.getAttribute('href')).toBe(bundle.cssUrl);
    expect([...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual([
      bundle.entryUrl,
      '/assets/about-CCCC3333.js',
      '/assets/chunk-DDDD4444.js',
    ]);
    // Low priority: the page paints from HTML and CSS; the modules only hydrate it.
    expect([...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('fetchpriority'))).toEqual(['low', 'low', 'low']);
    const entry = doc.querySelector('script[type="module"]')!;
    expect(entry.getAttribute('src')).toBe(bundle.entryUrl);
    expect(doc.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/assets/favicon.svg');
    expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
  });

  it('is deterministic: the same route twice gives the same bytes', async () => {
    const a = renderer.renderRoute(itemRoute).html;
    const other = await createRenderer({ config, publicConfig, bundle, snapshot, kinds: [] });
    renderer.renderRoute(route('not-found', '/404', [], '404.html'));
    const b = other.renderRoute(itemRoute).html;
    expect(b).toBe(a);
    expect(renderer.renderRoute(itemRoute).html).toBe(a);
  });

  it('throws PR_RENDER_MISSING_DATA when a dep is not in the snapshot', () => {
    const err = thrown(() => renderer.renderRoute(route('about', '/about', ['/api/test/item', '/api/test/absent'])));
    expect(isPressroomError(err) && err.code).toBe('PR_RENDER_MISSING_DATA');
    expect((err as Error).message).toContain('/api/test/absent');
    expect((err as Error).message).toContain('/about');
  });

  it('warns when a page reads data its route did not declare, and throws in strict mode', async () => {
    const r = route('contact', '/contact-us', ['/api/test/other']);
    const page = renderer.renderRoute(r);
    expect(page.warnings).toHaveLength(1);
    expect(page.warnings[0]).toContain('/contact-us');
    expect(page.warnings[0]).toContain('/api/test/undeclared');
    // Only seeded queries are dehydrated; the pending one and the disabled one are not.
    const data = JSON.parse(parse(page.html).getElementById('__PRESSROOM_DATA__')!.textContent!);
    expect(data.state.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([['api', '/api/test/other']]);

    const strict = await createRenderer({ config, publicConfig, bundle, snapshot, kinds: [], strict: true });
    const err = thrown(() => strict.renderRoute(r));
    expect(isPressroomError(err) && err.code).toBe('PR_RENDER_MISSING_DATA');
    expect(isPressroomError(err) && err.params).toEqual({ route: '/contact-us', key: '/api/test/undeclared' });
  });

  it('warns and uses the site title when a page does not call usePageHead', () => {
    const page = renderer.renderRoute(route('privacy-policy', '/privacy-policy', []));
    expect(page.warnings.join('\n')).toContain('usePageHead');
    expect(parse(page.html).title).toBe(config.site.title);
  });

  it('wraps a page’s exception in PR_RENDER_FAILED naming the route', () => {
    const err = thrown(() => renderer.renderRoute(route('tag', '/tag/ai', [])));
    expect(isPressroomError(err) && err.code).toBe('PR_RENDER_FAILED');
    expect(isPressroomError(err) && err.params).toEqual({ route: '/tag/ai', detail: 'boom in page' });
  });

  it('renders the 404 page into 404.html with noindex', () => {
    const page = renderer.renderRoute(route('not-found', '/404', [], '404.html'));
    const doc = parse(page.html);
    expect(page.file).toBe('404.html');
    expect(doc.querySelector('h1')!.textContent).toBe('Error 404 - Not Found');
    expect(doc.querySelector('#root a[href="/"]')!.textContent).toBe('Go Back Home');
    expect(doc.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://devdispatch.example/404');
  });

  it('renders a shell route at its path in shell mode and records the shell for the client', () => {
    const page = renderer.renderRoute(route('search', '/_shell/search', [], '_shell/search.html'));
    const doc = parse(page.html);
    expect(page.file).toBe('_shell/search.html');
    expect(doc.querySelector('#root [role="status"]')).not.toBeNull();
    const data = JSON.parse(doc.getElementById('__PRESSROOM_DATA__')!.textContent!);
    expect(data.shell).toBe('search');
    expect(data.kind).toBe('search');
  });

  it('gives each shell exactly one h1: the search heading in view, the preview heading for assistive technology', () => {
    const search = parse(renderer.renderRoute(route('search', '/_shell/search', [], '_shell/search.html')).html);
    const searchH1 = search.querySelectorAll('h1');
    expect(searchH1.length).toBe(1);
    expect(searchH1[0].textContent).toBe('Search Result');
    expect(searchH1[0].className).toBe('listing-title');
    const preview = parse(renderer.renderRoute(route('preview', '/_shell/preview', [], '_shell/preview.html')).html);
    const previewH1 = preview.querySelectorAll('h1');
    expect(previewH1.length).toBe(1);
    expect(previewH1[0].textContent).toBe('Article preview');
    expect(previewH1[0].className).toBe('visually-hidden');
    expect(preview.querySelector('#root [role="status"]')).not.toBeNull();
  });
});
