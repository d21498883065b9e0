// Every relative link in README.md, docs/*.md, the decision records
// (docs/decisions/*.md) and the benchmark history (bench/HISTORY.md) points to a file of the
// repository, and a link to a heading (`file.md#heading`) to a heading that
// exists, with GitHub's anchor rules (lower case, punctuation dropped, spaces
// to hyphens, "-1" for a repeated heading). Links inside fenced code blocks are
// examples, not links; absolute URLs are not checked (no network in unit tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const markdownIn = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).sort().map((f) => join(ROOT, dir, f));
const DOCS = [join(ROOT, 'README.md'), ...markdownIn('docs'), ...markdownIn('docs/decisions'), join(ROOT, 'bench', 'HISTORY.md')];

/** Markdown outside fenced code blocks. */
function prose(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .filter((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return false;
      }
      return !fenced;
    })
    .join('\n');
}

/** Link and image targets: `[text](target)`, `![alt](target "title")`. */
function linkTargets(markdown: string): string[] {
  const out: string[] = [];
  // Inline code is not a link either.
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  for (const m of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]);
  return out;
}

/** GitHub's anchor of a heading text. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(markdown).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = anchorOf(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const isExternal = (t: string) => /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('//');

describe('documentation links', () => {
  it('the anchor rules match GitHub for the headings we use', () => {
    expect(anchorOf('`pressroom config` and `pressroom check`')).toBe('pressroom-config-and-pressroom-check');
    expect(anchorOf('What sits beside `out/`')).toBe('what-sits-beside-out');
    expect(anchorOf('Across machines: crawl, shards, merge')).toBe('across-machines-crawl-shards-merge');
    expect([...anchorsOf('# A\n## B\n```\n## not a heading\n```\n## B\n')]).toEqual(['a', 'b', 'b-1']);
    expect(linkTargets('[a](x.md) ![b](img.png "t") `[c](no.md)`\n```\n[d](no.md)\n```\n[e](https://x.example)')).toEqual(['x.md', 'img.png', 'https://x.example']);
  });

  it('README.md and docs/ hold links to check', () => {
    expect(DOCS.map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['README.md', 'docs/api-contract.md', 'docs/configuration.md', 'docs/decisions/README.md', 'bench/HISTORY.md']));
    expect(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  for (const file of DOCS) {
    it(`every relative link in ${relative(ROOT, file)} points to an existing file (and heading)`, () => {
      const text = readFileSync(file, 'utf8');
      const broken: string[] = [];
      for (const target of linkTargets(text)) {
        if (isExternal(target)) continue;
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const resolved = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
        if (!resolved.startsWith(ROOT + '/') && resolved !== ROOT) {
          broken.push(`${target}: outside the repository`);
          continue;
        }
        if (!existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${target}: no heading #${anchor} in ${relative(ROOT, resolved)}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
