// The shell, home and tag pages in Chromium at 1280 and 375 px (docs/pages.md,
// "Shared shell", "Home", "Tag page"): panels open and close, the subscribe popup against the sample API
// (invalid, new, duplicate), an ad rotates, the carousel moves, the tag menu
// scrolls and all its entries fit its 120 px; no console errors or hydration warnings; screenshots kept as
// artifacts (tests/browser/artifacts/, git-ignored).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, screenshot, WIDTHS } from './harness.ts';

const session = browserSession({ closeAfter: 'test' });

/** Scroll through the page so fade-ins run and lazy images load, then back to the top, before a full-page screenshot. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => !document.querySelector('.reveal-out'));
  await page.waitForLoadState('networkidle');
}

/** The first tag page linked from nowhere in particular: read from the sitemap-free route list via a known slug. */
async function firstTagPath(): Promise<string> {
  const { page, close } = await session.open('/sitemap');
  const href = await page.evaluate(() => [...document.querySelectorAll('a[href^="/tag/"]')].map((a) => a.getAttribute('href'))[0] ?? null);
  await close();
  return href ?? '/tag/cloud-computing';
}

for (const [name, width] of Object.entries(WIDTHS)) {
  describe(`shell, home and tag at ${width} px`, () => {
    it('home: renders, panels open and close, carousel moves, an ad rotates', async () => {
      const o = await session.open('/', { width });
      const { page } = o;
      expect(await page.locator('.home-lead').count()).toBe(1);
      await scrollThrough(page);
      await screenshot(page, `home-${name}`);

      if (width < 768) await page.click('.header-toggle');
      for (const label of ['Latest', 'Leadership', 'Features']) {
        const btn = page.locator('.nav-section-button', { hasText: label });
        await btn.click();
        await page.waitForSelector('.header-panel .panel-card');
        expect(await btn.getAttribute('aria-expanded')).toBe('true');
        const visibleCards = await page.locator('.header-panel .panel-group').first().locator('.panel-card:visible').count();
        expect(visibleCards).toBe(width >= 768 ? Math.min(3, await page.locator('.header-panel .panel-group').first().locator('.panel-card').count()) : 1);
        if (label === 'Latest') await screenshot(page, `panel-${name}`);
        await btn.click(); // re-click closes
        expect(await page.locator('.header-panel').count()).toBe(0);
      }
      await page.locator('.nav-section-button', { hasText: 'Latest' }).click();
      await page.waitForSelector('.header-panel');
      if (width >= 768) {
        await page.mouse.click(5, 600); // outside click closes
      } else {
        // The open navigation covers the small screen: collapsing it closes the panel.
        await page.click('.header-toggle');
      }
      expect(await page.locator('.header-panel').count()).toBe(0);

      // carousel: the next button moves the track
      const carousel = page.locator('.home-guest .carousel');
      await carousel.scrollIntoViewIfNeeded();
      await carousel.hover();
      const before = await carousel.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--index'));
      await page.locator('.home-guest .carousel-next').click();
      const after = await carousel.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--index'));
      expect(after).not.toBe(before);
      await page.keyboard.press('ArrowLeft');
      expect(await carousel.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--index'))).toBe(before);

      // the Footer-3 rotator (3 ads in the sample API, 4 s first) swaps its ad
      const rot = page.locator('.home-page .ad-rotator');
      expect(Number(await rot.getAttribute('data-ad-count'))).toBeGreaterThan(1);
      const first = await rot.locator('img').getAttribute('src');
      await page.waitForFunction((src) => document.querySelector('.home-page .ad-rotator img')?.getAttribute('src') !== src, first);

      expect(o.problems).toEqual([]);
      await o.close();
    });

    it('subscribe popup: invalid, new and duplicate addresses against the sample API', async () => {
      const o = await session.open('/', { width });
      const { page } = o;
      await page.locator('.btn-subscribe').click();
      const dialog = page.locator('[role="dialog"]');
      await dialog.waitFor();
      const field = dialog.locator('input[type="email"]');
      await field.fill('not-an-email');
      await dialog.locator('button[type="submit"]').click();
      await expect.poll(() => dialog.locator('.field-error').textContent()).toBe('Please enter a valid email address.');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const email = `reader-${width}-${Date.now()}@example.com`;
      await field.fill(email);
      await dialog.locator('button[type="submit"]').click();
      await expect.poll(() => dialog.locator('.modal-note').textContent()).toBe('Thank you for subscribing ✅');
      expect(await field.inputValue()).toBe('');
      await field.fill(email);
      await dialog.locator('button[type="submit"]').click();
      await expect.poll(() => dialog.locator('.modal-note').textContent()).toBe('This email is already subscribed ❌');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.className)).toContain('btn-subscribe');
      // The duplicate answer is a 404 by contract (docs/api-contract.md), which
      // Chromium itself reports as a failed resource; the app logs nothing.
      expect(o.problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
      expect(o.problems.length).toBeLessThanOrEqual(1);
      await o.close();
    });

    it('tag page: sections, the Category menu (desktop) and no problems', async () => {
      const path = await firstTagPath();
      const o = await session.open(path, { width });
      const { page } = o;
      expect(await page.locator('.tag-section').count()).toBeGreaterThanOrEqual(7);
      await scrollThrough(page);
      await screenshot(page, `tag-${name}`);
      if (width >= 768) {
        await page.locator('.tag-menu-handle').click();
        const panel = page.locator('.tag-menu-panel');
        expect((await panel.boundingBox())!.height).toBe(120);
        // All eight entries fit the 120 px panel: each is wholly inside it,
        // unscrolled, and is what a click at its centre reaches.
        const entries = await panel.evaluate((el) => {
          const p = el.getBoundingClientRect();
          const inner = { top: p.top + el.clientTop, bottom: p.top + el.clientTop + el.clientHeight };
          return [...el.querySelectorAll('button')].map((b) => {
            const r = b.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return { text: b.textContent, inside: r.top >= inner.top && r.bottom <= inner.bottom, hit: hit === b || b.contains(hit), height: r.height };
          });
        });
        expect(entries.map((e) => e.text)).toEqual(['News', 'Articles', 'Quick Bytes', 'Podcast', 'Hot Seats', 'Future Ready', 'Guest Author', 'Learning Center']);
        for (const e of entries) expect(e, e.text ?? '').toMatchObject({ inside: true, hit: true });
        for (const e of entries) expect(e.height).toBeGreaterThanOrEqual(24);
        expect(await panel.evaluate((el) => el.scrollTop)).toBe(0);
        await panel.locator('button', { hasText: 'Learning Center' }).click();
        await page.waitForFunction(() => {
          const el = document.getElementById('tag-learningcenter')!;
          return Math.abs(el.getBoundingClientRect().top - 90) < 2 || window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        await page.locator('.tag-menu-handle').click();
        await page.mouse.click(900, 300);
        expect(await page.locator('.tag-menu-panel').isHidden()).toBe(true);
      } else {
        expect(await page.locator('.tag-menu-handle').isVisible()).toBe(false);
      }
      expect(o.problems).toEqual([]);
      await o.close();
    });
  });
}
