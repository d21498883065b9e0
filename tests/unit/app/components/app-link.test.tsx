// @vitest-environment jsdom
// AppLink (docs/decisions/0062-article-islands.md): in the routed app it is the router's link and a click
// routes in the page; inside an island it is a plain anchor on the server and
// in the browser alike (no router attribute), so an island's markup never
// depends on a router.
import { afterEach, describe, expect, it } from 'vitest';
import { AppLink } from '../../../../src/app/components/AppLink.tsx';
import { Island } from '../../../../src/app/islands/Island.tsx';
import { click, mount, serverHtml, type Mounted } from '../../../helpers/app-harness.tsx';

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

describe('AppLink', () => {
  it('routes in the page in the routed app', () => {
    m = mount(<AppLink to="/topic/news">News</AppLink>, '/', {}, { pattern: '/' });
    const a = m.container.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('/topic/news');
    expect(a.getAttribute('data-discover')).toBe('true'); // react-router's link
    click(a);
    expect(m.container.querySelector('[data-testid="location"]')!.textContent).toBe('/topic/news');
  });

  it('is a plain anchor inside an island, with the island marked and its props as JSON', () => {
    const { html } = serverHtml(<Island name="header" props={{ routeSlug: 'news' }} />, '/', {});
    document.body.innerHTML = html;
    const island = document.querySelector('[data-island="header"]')!;
    expect(island.className).toBe('island');
    expect(JSON.parse(island.getAttribute('data-props')!)).toEqual({ routeSlug: 'news' });
    const logo = island.querySelector('a.logo')!;
    expect(logo.getAttribute('href')).toBe('/');
    expect(logo.hasAttribute('data-discover')).toBe(false);
    expect(island.querySelectorAll('a[data-discover]')).toHaveLength(0);
    document.body.innerHTML = '';
  });
});
