// Events, static pages and forms in real Chromium over the built sample site
// (docs/pages.md, "Events", "Forms", "Static pages"): event tabs and Show More until it disappears, an
// event detail opened by a card and directly (JSON-LD Event), past events, the
// static pages, and each form submitted invalid, valid (stored by the sample
// API), double-clicked (one request) and against a failing API (input kept).
// Every page fails on console errors, page errors or hydration warnings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ep } from '../../src/api/endpoints.ts';
import { mirrorFile } from '../../src/api/mirror.ts';
import type { EventItem } from '../../src/api/types.ts';
import { browserSession, waitHydrated } from './harness.ts';

const session = browserSession();
const { open } = session;

/** Every event of a list, read from the built site's static mirror. */
function listed(list: (n: number) => string): EventItem[] {
  const read = (n: number) => JSON.parse(readFileSync(join(inject('outDir'), mirrorFile(list(n))), 'utf8')).body.responseData;
  const first = read(1);
  const out: EventItem[] = [...first.eventData];
  for (let n = 2; n <= first.pagination.totalPages; n++) out.push(...read(n).eventData);
  return out;
}

const cardHrefs = (page: Page) => page.locator('.event-card a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

/** Click Show More until it disappears; returns how many clicks it took. */
async function showMoreUntilGone(page: Page): Promise<number> {
  let clicks = 0;
  // A link to the next page's route on All Events (docs/decisions/0105-listing-page-routes.md), a button on the other tabs and past events.
  const button = page.locator('.event-more :is(a, button)');
  while ((await button.count()) > 0) {
    const before = await page.locator('.event-card').count();
    await button.click();
    clicks++;
    await page.waitForFunction((n) => document.querySelectorAll('.event-card').length > n || !document.querySelector('.event-more :is(a, button)'), before);
    if (clicks > 50) throw new Error('Show More never disappeared');
  }
  return clicks;
}

describe('events list', () => {
  it('switches the tabs and shows more until the button disappears', async () => {
    const all = listed(ep.eventsAll);
    const upcoming = listed(ep.eventsUpcoming);
    const past = listed(ep.eventsPast);
    expect(all.length).toBeGreaterThan(9); // the sample corpus pages its events
    const { page, problems } = await open('/events');
    await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe('All Events');
    expect(await cardHrefs(page)).toEqual(all.slice(0, 9).map((e) => `/events/${e.event_slug}`));
    expect(await page.locator('.event-list').evaluate((el) => getComputedStyle(el).minHeight)).toBe('700px');
    // 3 columns at desktop width
    expect(await page.locator('.event-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(3);

    await showMoreUntilGone(page);
    expect(await page.locator('.event-card').count()).toBe(all.length);

    await page.click('[role="tab"]:has-text("Upcoming Events")');
    await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe('Upcoming Events');
    await page.waitForFunction(() => !document.querySelector('.event-list [role="status"]'));
    if (upcoming.length === 0) await expect(page.locator('.event-empty').textContent()).resolves.toBe('No events have been posted yet.');
    else expect((await cardHrefs(page))[0]).toBe(`/events/${upcoming[0].event_slug}`);
    await showMoreUntilGone(page);
    expect(await page.locator('.event-card').count()).toBe(upcoming.length);

    await page.click('[role="tab"]:has-text("Past Events")');
    await page.waitForFunction(() => !document.querySelector('.event-list [role="status"]'));
    expect((await cardHrefs(page))[0]).toBe(`/events/${past[0].event_slug}`);
    await showMoreUntilGone(page);
    expect(await page.locator('.event-card').count()).toBe(past.length);
    expect(problems).toEqual([]);
  });

  it('opens an event detail from a card (client navigation) and directly, with a JSON-LD Event', async () => {
    const first = listed(ep.eventsAll)[0];
    const { page, problems } = await open('/events');
    await page.locator('.event-card a').first().click();
    await page.waitForURL((u) => u.pathname === `/events/${first.event_slug}`);
    await expect(page.locator('h1.event-detail-title').textContent()).resolves.toBe(first.event_title);
    expect(await page.locator('.share-buttons [aria-label="Share on Instagram"]').count()).toBe(1);
    await expect(page.locator('#sidebar-tab1').getAttribute('aria-selected')).resolves.toBe('true');
    expect(problems).toEqual([]);

    const direct = await open(`/events/${first.event_slug}`);
    const ld = await direct.page.locator('script[type="application/ld+json"]').allTextContents();
    const event = ld.map((t) => JSON.parse(t)).flat().find((o) => o['@type'] === 'Event');
    expect(event).toMatchObject({ name: first.event_title, startDate: new Date(first.event_date).toISOString() });
    expect(['Place', 'VirtualLocation']).toContain(event.location['@type']);
    await direct.page.click('#sidebar-tab2');
    await expect(direct.page.locator('#sidebar-tab2').getAttribute('aria-selected')).resolves.toBe('true');
    expect(direct.problems).toEqual([]);
  });

  it('past events: cards to /past-events/{slug}, Show More until it disappears, no duplicates', async () => {
    const past = listed(ep.eventsPast);
    const { page, problems } = await open('/past-events');
    expect((await cardHrefs(page))[0]).toBe(`/past-events/${past[0].event_slug}`);
    await showMoreUntilGone(page);
    const hrefs = await cardHrefs(page);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs.length).toBe(new Set(past.map((e) => e.event_id)).size);
    await page.locator('.event-card a').first().click();
    await page.waitForURL((u) => u.pathname === `/past-events/${past[0].event_slug}`);
    await expect(page.locator('h1.event-detail-title').textContent()).resolves.toBe(past[0].event_title);
    expect(problems).toEqual([]);
  });
});

describe('static pages', () => {
  it.each(['/about', '/privacy-policy', '/sitemap', '/contact-us', '/opt-out-form'])('%s renders and hydrates cleanly', async (path) => {
    const { page, problems } = await open(path);
    expect((await page.locator('h1').textContent())?.trim()).not.toBe('');
    if (path === '/about') expect(await page.locator('.team-member').count()).toBe(5);
    if (path === '/sitemap') expect(await page.locator('a[href^="/tag/"]').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  // Only a static page's own document carries its copy (src/config/page-copy.ts): reaching one from another page loads that document.
  const firstArticle = () => `/news/${readdirSync(join(inject('outDir'), 'news'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()[0]}`;
  const markDocument = (page: Page) => page.evaluate(() => void ((window as { pressroomTestMark?: boolean }).pressroomTestMark = true));
  const sameDocument = (page: Page) => page.evaluate(() => (window as { pressroomTestMark?: boolean }).pressroomTestMark === true);

  it("the footer's About link on an article loads the about page's document, which shows the team and hydrates cleanly", async () => {
    const { page, problems } = await open(firstArticle());
    await markDocument(page);
    await Promise.all([page.waitForURL('**/about', { waitUntil: 'load' }), page.locator('footer a[href="/about"]').click()]);
    await waitHydrated(page);
    expect(await sameDocument(page)).toBe(false);
    expect(await page.locator('.team-member').count()).toBe(5);
    expect(problems).toEqual([]);
  });

  it('a static page the client routes to from another document loads its own, with its whole text', async () => {
    const { page, problems } = await open('/');
    await markDocument(page);
    const loaded = page.waitForEvent('load');
    await page.evaluate(() => {
      history.pushState(null, '', '/privacy-policy');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await loaded;
    await waitHydrated(page);
    expect(await sameDocument(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/privacy-policy');
    expect(await page.locator('.legal-section').count()).toBeGreaterThan(0);
    expect(await page.locator('body').textContent()).toContain('within 1 business day');
    expect(problems).toEqual([]);
  });
});

// --- forms -------------------------------------------------------------------

const contactsFile = () => join(inject('outDir'), '..', 'api-data', 'contacts.jsonl');
const stored = (): { email: string; phone: string }[] =>
  existsSync(contactsFile()) ? readFileSync(contactsFile(), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];

// Scoped to the message form: the shell has its own forms (header search, subscribe).
const F = 'form.message-form';
const sel = (s: string) => `${F} ${s}`;

async function fill(page: Page, v: { first: string; last: string; email: string; phone: string; message?: string }) {
  await page.fill(sel('[name="first_name"]'), v.first);
  await page.fill(sel('[name="last_name"]'), v.last);
  await page.fill(sel('[name="email"]'), v.email);
  await page.fill(sel('[name="phone"]'), v.phone);
  await page.fill(sel('[name="message"]'), v.message ?? 'Hello from the browser test.');
  await page.check(sel('[name="opt_in"]'));
}

function postsTo(page: Page, path: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) n++;
  });
  return () => n;
}

const FORMS = [
  { path: '/contact-us', api: '/api/contact/add', phone: '+1 (555) 010-24', badPhone: '555--0102  x' },
  // Too short: maxlength (25) stops a 26th character being typed at all.
  { path: '/opt-out-form', api: '/api/contact/add', phone: 'ext 42 / 555 0102 3344', badPhone: '12345' },
];

describe.each(FORMS)('form at $path', ({ path, api, phone, badPhone }) => {
  it('invalid: shows the exact messages and sends nothing', async () => {
    const { page, problems } = await open(path);
    const posts = postsTo(page, api);
    await page.fill(sel('[name="first_name"]'), '1234');
    await page.fill(sel('[name="email"]'), 'not-an-email');
    await page.fill(sel('[name="phone"]'), badPhone);
    await page.click(sel('button[type="submit"]'));
    const firstId = await page.locator(sel('[name="first_name"]')).getAttribute('id');
    await expect.poll(() => page.locator(`#${firstId}-error`).textContent()).toBe('Please provide a valid first name.');
    const text = await page.locator(F).textContent();
    for (const m of ['Please provide a valid last name.', 'Please provide a valid email.', 'Please provide a valid phone number.', 'Acknowledgment is required !']) expect(text).toContain(m);
    await expect(page.locator(sel('[name="email"]')).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator(sel('[name="first_name"]')).evaluate((el: HTMLInputElement) => el.matches(':invalid'))).resolves.toBe(true);
    expect(posts()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('valid: the sample API stores it, success shows and the form is cleared', async () => {
    const { page, problems } = await open(path);
    const email = `valid-${path.slice(1)}-${Date.now()}@example.com`;
    await fill(page, { first: 'Ada', last: "O'Neil", email, phone });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === api && r.request().method() === 'POST');
    await page.click(sel('button[type="submit"]'));
    expect((await answered).status()).toBe(201);
    await expect(page.locator('.form-notice-success').textContent()).resolves.toBe('Thank you for your message. It has been sent.');
    await expect(page.locator(sel('[name="email"]')).inputValue()).resolves.toBe('');
    expect(stored().filter((c) => c.email === email)).toEqual([expect.objectContaining({ email, phone })]);
    expect(problems).toEqual([]);
  });

  it('double click and Enter twice send one request each', async () => {
    const { page, problems } = await open(path);
    const posts = postsTo(page, api);
    const email = `double-${path.slice(1)}-${Date.now()}@example.com`;
    await fill(page, { first: 'Grace', last: 'Hopper', email, phone });
    await page.dblclick(sel('button[type="submit"]'));
    await page.locator('.form-notice-success').waitFor();
    expect(posts()).toBe(1);
    expect(stored().filter((c) => c.email === email)).toHaveLength(1);

    await page.waitForFunction(() => !document.querySelector('form.message-form button[type="submit"]')?.hasAttribute('disabled'));
    const email2 = `enter-${path.slice(1)}-${Date.now()}@example.com`;
    await fill(page, { first: 'Grace', last: 'Hopper', email: email2, phone });
    await page.focus(sel('[name="last_name"]'));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('form.message-form button[type="submit"]')?.hasAttribute('disabled') && (document.querySelector('form.message-form [name="email"]') as HTMLInputElement).value === '');
    expect(posts()).toBe(2);
    expect(stored().filter((c) => c.email === email2)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('failing API: the input is kept, a polite notice shows, the failure is only logged', async () => {
    const { page, problems } = await open(path);
    const logs: string[] = [];
    page.on('console', (m) => void logs.push(m.text()));
    await page.route(`**${api}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }));
    const email = `failing-${Date.now()}@example.com`;
    await fill(page, { first: 'Alan', last: 'Turing', email, phone });
    await page.click(sel('button[type="submit"]'));
    await page.locator('.form-notice-failure').waitFor();
    await expect(page.locator('.form-notice-region').getAttribute('aria-live')).resolves.toBe('polite');
    await expect(page.locator(sel('[name="email"]')).inputValue()).resolves.toBe(email);
    await expect(page.locator(sel('[name="phone"]')).inputValue()).resolves.toBe(phone);
    await expect(page.locator(sel('[name="opt_in"]')).isChecked()).resolves.toBe(true);
    expect(logs).toContain('Failed to submit data to the API.');
    expect(stored().some((c) => c.email === email)).toBe(false);
    // Chromium itself reports the 500 as a resource error; nothing else may appear.
    expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 500/.test(p))).toEqual([]);
  });
});
