// Accessibility of every page kind at the desktop (1280 px) and mobile (375 px)
// widths: axe-core (the engine behind Lighthouse's accessibility score) runs in
// real Chromium on the hydrated page, with the WCAG 2 A/AA and best-practice
// rules, and must find no violation: colour contrast, heading order, landmark
// names, list structure, ARIA roles, labels, alt text.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { browserSession, WIDTHS } from './harness.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The first folder (sorted) under `sub` of the built site that holds a page. */
function firstPage(sub: string): string {
  const out = inject('outDir');
  const name = readdirSync(join(out, sub), { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(join(out, sub, d.name)).includes('index.html'))
    .map((d) => d.name)
    .sort()[0];
  return `/${sub}/${name}`;
}

const session = browserSession({ closeAfter: 'test' });

const KINDS: [string, () => string][] = [
  ['home', () => '/'],
  ['article', () => firstPage('news')],
  ['topic', () => '/topic/news'],
  ['tag', () => firstPage('tag')],
  ['author', () => firstPage('author')],
  ['events', () => '/events'],
  ['past events', () => '/past-events'],
  ['event detail', () => firstPage('events')],
  ['search', () => '/search/all/cloud'],
  ['contact', () => '/contact-us'],
  ['opt-out form', () => '/opt-out-form'],
  ['about', () => '/about'],
  ['site map', () => '/sitemap'],
  ['not found', () => '/404'],
];

interface Violation {
  id: string;
  impact: string;
  nodes: { target: string[]; failureSummary: string }[];
}

describe('axe-core finds no accessibility violation', () => {
  for (const [kind, path] of KINDS) {
    for (const [name, width] of Object.entries(WIDTHS)) {
      it(`${kind} at ${name} width`, async () => {
        const o = await session.open(path(), { width });
        try {
          // Cards fade in as they scroll into view; axe would measure a card
          // half-way through its fade. Scroll through the page as a reader
          // does, so every card is revealed, then check the page at rest.
          await o.page.evaluate(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
              window.scrollTo(0, y);
              await new Promise((r) => setTimeout(r, 40));
            }
            window.scrollTo(0, 0);
          });
          await o.page.waitForFunction(() => document.querySelector('.reveal-out') === null, undefined);
          await o.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined);
          await o.page.addScriptTag({ content: AXE });
          const violations = await o.page.evaluate(async () => {
            const result = await (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe.run(document, {
              runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
            });
            return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join(' | ')}`);
          });
          expect(violations).toEqual([]);
          // The not-found page is served with status 404 on purpose; Chromium logs that as a failed load.
          const expected = kind === 'not found' ? /^console\.error: Failed to load resource: the server responded with a status of 404/ : null;
          expect(o.problems.filter((p) => !expected?.test(p))).toEqual([]);
        } finally {
          await o.close();
        }
      });
    }
  }
});
