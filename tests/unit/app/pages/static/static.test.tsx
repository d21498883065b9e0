// @vitest-environment jsdom
// Static pages (docs/pages.md, "Static pages": About, Privacy Policy, Site Map) rendered
// from the configuration (config/site.json `about`, `privacy`, `sitemapPage`),
// and the schema that makes those keys required.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import AboutPage from '../../../../../src/app/pages/about/index.tsx';
import PrivacyPolicyPage from '../../../../../src/app/pages/privacy-policy/index.tsx';
import SitemapPage from '../../../../../src/app/pages/sitemap-page/index.tsx';
import { validateConfig } from '../../../../../src/config/load.ts';
import { clientMount, config, ok, serverRender, site, type Mounted } from '../../../../helpers/app-harness.tsx';
import { WAIT } from '../../../../helpers/wait.ts';

const SHELL = { [ep.ads()]: ok([]) };
const SUBCATS = [
  { subcat_id: 1, subcat_slug: 'ai', subcat_name: 'AI' },
  { subcat_id: 2, subcat_slug: 'cloud', subcat_name: 'Cloud' },
  { subcat_id: 3, subcat_slug: '../etc', subcat_name: 'Bad' },
];
const render = (Page: Parameters<typeof serverRender>[0], path: string, data: Record<string, { status: number; body: unknown }> = SHELL) => {
  const out = serverRender(Page, [path], path, data);
  document.body.innerHTML = out.html;
  return out;
};
const hrefs = () => [...document.querySelectorAll('a')].map((a) => a.getAttribute('href'));

let mounted: Mounted | null = null;
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('about', () => {
  it('shows the intro and a team grid of 5 with name, role, image and description', () => {
    const { head } = render(AboutPage, '/about');
    expect(document.querySelectorAll('.static-intro p').length).toBe(config.about.intro.length);
    const members = [...document.querySelectorAll('.team-member')];
    expect(members).toHaveLength(5);
    for (const [i, m] of members.entries()) {
      const want = config.about.team[i];
      expect(m.querySelector('.team-name')!.textContent).toBe(want.name);
      expect(m.querySelector('.team-role')!.textContent).toBe(want.role);
      expect(m.querySelector('.team-description')!.textContent).toBe(want.description);
      expect(m.querySelector('img')!.getAttribute('src')).toBe(want.image);
      expect(m.querySelector('img')!.getAttribute('alt')).toContain(want.name);
    }
    expect(head!.canonicalPath).toBe('/about');
  });
});

describe('privacy policy', () => {
  it('links to /opt-out-form, the CCPA helpline and the data-protection contact, and promises breach notification within 1 business day', () => {
    render(PrivacyPolicyPage, '/privacy-policy');
    expect(hrefs()).toContain('/opt-out-form');
    expect(hrefs()).toContain(`mailto:${site.contact.privacyEmail}`);
    expect(hrefs()).toContain('tel:+15550102477');
    expect(document.body.textContent).toContain(site.contact.helpline);
    expect(document.body.textContent).toContain('within 1 business day');
    expect(document.body.textContent).not.toMatch(/\{\w+\}/); // every token filled
  });
});

describe('site map', () => {
  it('links the pages, the seven topics, every valid sub-category tag, and the 24/7 side box', () => {
    render(SitemapPage, '/sitemap', { ...SHELL, [ep.subcatList()]: ok(SUBCATS) });
    const h = hrefs();
    for (const p of ['/', '/about', '/contact-us', '/opt-out-form', '/privacy-policy']) expect(h).toContain(p);
    for (const t of ['news', 'podcasts', 'interview', 'guest-author', 'featured', 'future-ready', 'learning-center']) expect(h).toContain(`/topic/${t}`);
    expect(h).toContain('/tag/ai');
    expect(h).toContain('/tag/cloud');
    expect(h.some((x) => x?.includes('etc'))).toBe(false);
    const box = document.querySelector('.sitemap-box')!;
    expect(box.textContent).toContain('24/7');
    expect(box.querySelectorAll('a[href^="mailto:"]')).toHaveLength(2);
    expect(box.querySelector('a[href^="tel:"]')!.textContent).toBe(config.sitemapPage.phone);
  });

  it("shows 'Error fetching menu items: {message}' when the sub-category fetch fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('x', { status: 500 })));
    mounted = clientMount(SitemapPage, ['/sitemap'], '/sitemap', { html: null, data: SHELL });
    await vi.waitFor(() => expect(mounted!.container.querySelector('.sitemap-error')).not.toBeNull(), WAIT);
    expect(mounted.container.querySelector('.sitemap-error')!.textContent).toBe('Error fetching menu items: HTTP error! Status: 500');
  });
});

describe('config: the static page copy has defaults and lists of any length', () => {
  it('accepts a configuration without about, privacy, sitemapPage or pages, and a team of any size', () => {
    const raw = JSON.parse(JSON.stringify(config));
    for (const key of ['about', 'privacy', 'sitemapPage', 'pages']) {
      const { [key]: _gone, ...rest } = raw;
      expect(() => validateConfig(rest), key).not.toThrow();
    }
    for (const n of [0, 1, 4, 7]) {
      const team = Array.from({ length: n }, (_, i) => ({ ...raw.about.team[0], name: `Member ${i}` }));
      expect(validateConfig({ ...raw, about: { ...raw.about, team } }).about.team).toHaveLength(n);
    }
  });

  it('still rejects a team member without a name, naming the index', () => {
    const raw = JSON.parse(JSON.stringify(config));
    const { name: _n, ...nameless } = raw.about.team[0];
    expect(() => validateConfig({ ...raw, about: { ...raw.about, team: [nameless] } })).toThrow(/about\.team\[0\]\.name/);
  });
});
