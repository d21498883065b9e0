// Helpers for the browser layer: Debian's Chromium through playwright-core, and
// pages that fail the test on any console error, page error or React
// hydration warning (docs/contributing.md, "Tests"; the Vite ssr-react
// playground's rule). Every test waits for hydration before it acts.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM = process.env.PRESSROOM_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = resolve(import.meta.dirname, 'artifacts');

export const WIDTHS = { desktop: 1280, mobile: 375 } as const;

/**
 * How long any wait of a page (a selector, a function, a navigation) may take before it counts as
 * hung. Playwright's 30 s default is a speed assumption that a loaded 2-core machine breaks; the
 * tests wait for events, and this only ends a wait for one that never comes.
 */
export const HANG_MS = 240_000;

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Every context the tests make, here or in their own files, gets the hang limit.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(HANG_MS);
    context.setDefaultNavigationTimeout(HANG_MS);
    return context;
  };
  return browser;
}

/** `path` on the built site served by the global setup (a full URL is kept as it is). */
export function siteUrl(path = '/'): string {
  return new URL(path, inject('siteUrl')).toString();
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and hydration warnings seen so far. */
  problems: string[];
  close(): Promise<void>;
}

const HYDRATION = /hydrat|did not match|server rendered|Minified React error #4(18|19|21|23|25)/i;

/** Watch a page for problems; used by openPage and by tests that make their own pages. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error') problems.push(`console.error: ${text}`);
    else if (HYDRATION.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

export interface OpenOptions {
  width?: number;
  height?: number;
  waitHydrated?: boolean;
  /** More options of the page's context (javaScriptEnabled: false for a reader without scripts). */
  context?: BrowserContextOptions;
  /** Runs before the page loads: routes to refuse, listeners of a file's own (which may add to `problems`). */
  prepare?: (o: { page: Page; context: BrowserContext; problems: string[] }) => void | Promise<void>;
}

/** A new context and page at `path` (a path of the built site, or a full URL), watched for problems, hydrated unless told not to wait. */
export async function openPage(browser: Browser, path: string, opts: OpenOptions = {}): Promise<OpenedPage> {
  const width = opts.width ?? WIDTHS.desktop;
  const context = await browser.newContext({ viewport: { width, height: opts.height ?? 900 }, reducedMotion: 'no-preference', ...opts.context });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await opts.prepare?.({ page, context, problems });
  await page.goto(siteUrl(path), { waitUntil: 'load' });
  if (opts.waitHydrated !== false) await waitHydrated(page);
  return { page, context, problems, close: () => context.close() };
}

export async function waitHydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]');
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface BrowserSession {
  /** The file's browser, launched in its beforeAll. */
  readonly browser: Browser;
  /** openPage in the file's browser; the page is closed with the session's others. */
  open(path: string, opts?: OpenOptions): Promise<OpenedPage>;
}

/**
 * One browser for a test file, and what the file opens in it closed: after each test
 * (closeAfter 'test', for files whose tests open many pages) or with the browser at the end.
 */
export function browserSession(opts: { closeAfter?: 'test' | 'file' } = {}): BrowserSession {
  let browser: Browser | undefined;
  const open: { close(): Promise<void> }[] = [];
  const closeOpen = () => Promise.all(open.splice(0).map((o) => o.close()));
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  if (opts.closeAfter === 'test') afterEach(closeOpen);
  afterAll(async () => {
    await closeOpen();
    await browser?.close();
  });
  const session: BrowserSession = {
    get browser() {
      if (!browser) throw new Error('browserSession: the browser is launched in beforeAll');
      return browser;
    },
    async open(path, pageOpts = {}) {
      const o = await openPage(session.browser, path, pageOpts);
      open.push(o);
      return o;
    },
  };
  return session;
}
