// Readers without JavaScript and on a 375 px screen (docs/pages.md,
// "Shared shell", "Listing pages" and "Events"; docs/decisions/0105-listing-page-routes.md),
// in real Chromium over the built sample site:
// - with scripting disabled, the collapsed menu opens and shows Events and
//   Contact Us, and its links work;
// - with scripting disabled, page 2 of a topic, of an author and of the events
//   list is reached by following links, at its own prerendered URL, and shows
//   the posts (events) the client shows on its page 2;
// - with JavaScript, the same links are taken over by the client (no document
//   load, the address stays, one mirror read);
// - at 375 px the events tabs show every label whole.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ep } from '../../src/api/endpoints.ts';
import { mirrorFile } from '../../src/api/mirror.ts';
import { browserSession, WIDTHS } from './harness.ts';

// Each test's pages close after it: two cores, many pages.
const session = browserSession({ closeAfter: 'test' });
const { open } = session;

/** A page with scripting disabled: what a reader without JavaScript (and a crawler that runs none) gets. */
function openNoScript(path: string, width: number = WIDTHS.mobile): Promise<{ page: Page; problems: string[] }> {
  return open(path, { width, height: 800, context: { javaScriptEnabled: false }, waitHydrated: false });
}

const mirror = (apiPath: string) => JSON.parse(readFileSync(join(inject('outDir'), mirrorFile(apiPath)), 'utf8')).body;

/** The article links of a topic or author listing, in page order. */
const postHrefs = (page: Page) => page.locator('.listing-page :is(.post-card-title, .post-row-title) a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
const eventHrefs = (page: Page) => page.locator('.event-card a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

/** An author whose posts span at least two pages, read from the built site's mirror. */
function authorWithPages(): string {
  const out = inject('outDir');
  const authors = readdirSync(join(out, 'author'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  for (const name of authors) {
    try {
      if (mirror(ep.authorPosts(name, null, 1)).authorPosts.pagination.totalPages >= 2) return name;
    } catch {
      // not a mirrored author: try the next
    }
  }
  throw new Error('the sample site has no author with two pages of posts');
}

/** Whether the element is the one a tap at its centre reaches (shown, in the viewport, not covered or clipped away). */
const reachable = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.width === 0 || r.height === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });

describe('the menu without JavaScript at 375 px', () => {
  it('opens from its control and shows Events and Contact Us, whose links work', async () => {
    const { page, problems } = await openNoScript('/');
    const events = '.site-header a.nav-link[href="/events"]';
    const contact = '.site-header a.nav-link[href="/contact-us"]';
    expect(await reachable(page, events)).toBe(false);
    await page.locator('.site-header .header-toggle:visible').click();
    await page.locator(events).waitFor({ state: 'visible' });
    // The 300 ms transition ends before the links are measured (an event, not a wait).
    await page.locator('#site-nav').evaluate(async (nav) => {
      await Promise.all(nav.getAnimations().map((a) => a.finished));
    });
    expect(await reachable(page, events)).toBe(true);
    expect(await reachable(page, contact)).toBe(true);
    await page.locator(events).click();
    await page.waitForURL((u) => u.pathname === '/events');
    expect(problems).toEqual([]);
  });
});

describe('listing pages without JavaScript', () => {
  const cases = [
    ['a topic', () => '/topic/news', (n: number) => ep.topic('news', null, n), (b: any) => b.posts.postData],
    ['an author', () => `/author/${authorWithPages()}`, (n: number) => ep.authorPosts(authorWithPages(), null, n), (b: any) => b.authorPosts.postData],
  ] as const;
  for (const [what, listing, apiPage, postsOf] of cases) {
    it(`page 2 of ${what} is a link to its prerendered page, showing the posts the client shows on page 2`, async () => {
      const path = listing();
      const { page, problems } = await openNoScript(path, WIDTHS.desktop);
      await page.locator('.pagination').getByRole('link', { name: 'Page 2', exact: true }).click();
      await page.waitForURL((u) => u.pathname === `${path}/page/2`);
      const noScript = await postHrefs(page);
      const expected = (postsOf(mirror(apiPage(2))) as { cat_slug: string; post_name: string }[]).map((p) => `/${p.cat_slug}/${p.post_name}`);
      expect(noScript).toEqual(expected);
      // Its own canonical URL, and the way back and on are links too.
      expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(`${path}/page/2`);
      expect(await page.locator('.pagination').getByRole('link', { name: 'Page 1', exact: true }).getAttribute('href')).toBe(path);
      expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe('2');

      // The client, from the listing's first page: the link is taken over (no document load, the address stays).
      const { page: js, problems: jsProblems } = await open(path);
      await js.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await js.locator('.pagination').getByRole('link', { name: 'Page 2', exact: true }).click();
      await js.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '2');
      expect(await js.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(new URL(js.url()).pathname).toBe(path);
      expect(await postHrefs(js)).toEqual(noScript);
      expect(problems).toEqual([]);
      expect(jsProblems).toEqual([]);
    });
  }

  it('the events list: Show More is a link to page 2, which shows the events the client adds with Show More', async () => {
    const { page, problems } = await openNoScript('/events', WIDTHS.desktop);
    const firstNine = await eventHrefs(page);
    await page.locator('.event-more').getByRole('link', { name: 'Show More' }).click();
    await page.waitForURL((u) => u.pathname === '/events/page/2');
    const second = await eventHrefs(page);
    const expected = (mirror(ep.eventsAll(2)).responseData.eventData as { event_slug: string }[]).map((e) => `/events/${e.event_slug}`);
    expect(second).toEqual(expected);

    const { page: js, problems: jsProblems } = await open('/events');
    expect(await eventHrefs(js)).toEqual(firstNine);
    await js.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await js.locator('.event-more').getByRole('link', { name: 'Show More' }).click();
    await js.waitForFunction((n) => document.querySelectorAll('.event-card').length > n, firstNine.length);
    expect(await js.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(new URL(js.url()).pathname).toBe('/events');
    expect((await eventHrefs(js)).slice(firstNine.length, firstNine.length + second.length)).toEqual(second);
    expect(problems).toEqual([]);
    expect(jsProblems).toEqual([]);
  });
});

describe('the events tabs at 375 px', () => {
  for (const script of [true, false]) {
    it(`show "Past Events" whole, inside the strip and the screen (${script ? 'with' : 'without'} JavaScript)`, async () => {
      const { page, problems } = script ? await open('/events', { width: WIDTHS.mobile }) : await openNoScript('/events');
      const boxes = await page.locator('.event-tabs .event-tab').evaluateAll((els) =>
        els.map((el) => {
          const strip = el.parentElement!.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return { text: el.textContent, inStrip: r.left >= strip.left - 0.5 && r.right <= strip.right + 0.5, onScreen: r.left >= 0 && r.right <= innerWidth, clipped: el.scrollWidth > el.clientWidth + 0.5 };
        }),
      );
      expect(boxes.map((b) => b.text)).toEqual(['All Events', 'Upcoming Events', 'Past Events']);
      for (const b of boxes) expect(b, b.text ?? '').toMatchObject({ inStrip: true, onScreen: true, clipped: false });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.mobile);
      expect(problems).toEqual([]);
    });
  }
});
