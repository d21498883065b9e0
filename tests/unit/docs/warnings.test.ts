// Every warning code is catalogued, documented and raised under its catalogue
// name: the catalogue (src/errors/warnings.ts) against docs/cli.md's "Warnings"
// table, and the code in src/ and cli/ against the catalogue, read as text, so a
// code raised through a constant or a new call site is found too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, WARNINGS } from '../../../src/errors/errors.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A quoted W_ code anywhere, and the code a warn call raises (whatever its prefix). */
const QUOTED_CODE = /['"`](W_[A-Z0-9_]+)['"`]/g;
const WARN_CALL = /\bwarn(?:\?\.)?\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g;

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|js|cjs)$/.test(name)) yield path;
  }
}

/** `file: CODE` for every code the sources name, as warn calls raise them or as W_ strings. */
function raisedCodes(text: string): string[] {
  return [...text.matchAll(QUOTED_CODE), ...text.matchAll(WARN_CALL)].map((m) => m[1]);
}

/** The codes in the first column of docs/cli.md's "## Warnings" table. */
function documentedCodes(): string[] {
  const md = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
  const section = md.split(/^## /m).find((s) => s.startsWith('Warnings\n'));
  if (!section) throw new Error('docs/cli.md has no "## Warnings" section');
  return [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
}

describe('the warning catalogue', () => {
  it('reads the codes it is meant to read from source text', () => {
    expect(raisedCodes(`warn('W_SLUG', {}); input.warn?.('PR_OLD', {}); const X = 'W_CONST';`)).toEqual(['W_SLUG', 'W_CONST', 'W_SLUG', 'PR_OLD']);
    expect(raisedCodes(`warnings.push(x); console.warn('Failed'); pressroomError('PR_USAGE')`)).toEqual([]);
  });

  it('names every warning W_ with a message and a hint, apart from the error codes', () => {
    for (const [code, entry] of Object.entries(WARNINGS)) {
      expect(code).toMatch(/^W_[A-Z0-9_]+$/);
      expect(code in CATALOGUE, code).toBe(false);
      expect(entry.message.length, code).toBeGreaterThan(0);
      expect(entry.hint.length, code).toBeGreaterThan(10);
    }
  });

  it('documents every code in docs/cli.md, "Warnings", and nothing else there', () => {
    expect(documentedCodes().sort()).toEqual(Object.keys(WARNINGS).sort());
  });

  it('is where every code raised in src/ and cli/ comes from', () => {
    const unknown: string[] = [];
    for (const dir of ['src', 'cli']) {
      for (const path of sources(join(ROOT, dir))) {
        for (const code of raisedCodes(readFileSync(path, 'utf8'))) {
          if (!(code in WARNINGS)) unknown.push(`${relative(ROOT, path)}: ${code}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });
});
