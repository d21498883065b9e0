// The decision records (docs/decisions/NNNN-title.md) are what code and docs
// cite, so their numbers must stay meaningful: every number from 1 to the last
// is either a record or listed in the index as merged into one, and each record
// keeps the short form the index promises (Context, Decision, Consequence).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = resolve(import.meta.dirname, '../../../docs/decisions');
const RECORDS = readdirSync(DIR).filter((f) => /^\d{4}-[a-z0-9-]+\.md$/.test(f)).sort();
const INDEX = readFileSync(join(DIR, 'README.md'), 'utf8');
const numberOf = (f: string) => Number(f.slice(0, 4));

describe('decision records', () => {
  it('has records to check', () => {
    expect(RECORDS.length).toBeGreaterThan(50);
  });

  it('every number up to the last is a record or merged into one, never both', () => {
    const records = new Set(RECORDS.map(numberOf));
    const merged = new Map([...INDEX.matchAll(/^- \*\*(\d+)\.\*\* .*merged into \[\d{4}\]\((\d{4}-[a-z0-9-]+\.md)\)/gm)].map((m) => [Number(m[1]), m[2]]));
    const last = Math.max(...records, ...merged.keys());
    const problems: string[] = [];
    for (let n = 1; n <= last; n++) {
      const target = merged.get(n);
      if (records.has(n) && target) problems.push(`${n}: a record and merged`);
      else if (!records.has(n) && !target) problems.push(`${n}: neither a record nor merged`);
      else if (target && !RECORDS.includes(target)) problems.push(`${n}: merged into a missing record ${target}`);
    }
    expect(problems).toEqual([]);
  });

  it('the index links every record', () => {
    expect(RECORDS.filter((f) => !INDEX.includes(`](${f})`))).toEqual([]);
  });

  for (const file of RECORDS) {
    it(`${file} is one short record: its number, Context, Decision, Consequence`, () => {
      const text = readFileSync(join(DIR, file), 'utf8');
      expect(text.startsWith(`# Decision ${numberOf(file)}: `)).toBe(true);
      expect([...text.matchAll(/^## (.*)$/gm)].map((m) => m[1])).toEqual(['Context', 'Decision', 'Consequence']);
      expect(text.split('\n').length).toBeLessThanOrEqual(50);
    });
  }
});
