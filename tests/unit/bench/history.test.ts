// bench/HISTORY.md is appended by every benchmark (bench/history.ts): a section
// must name the day, the commit and the command that reproduces it, and keep
// table rows as a table and anything else as printed text.
import { describe, expect, it } from 'vitest';
import { historyEntry } from '../../../bench/history.ts';

const WHEN = new Date('2026-12-03T10:00:00Z');

describe('historyEntry', () => {
  it('heads a run with its date, commit and command', () => {
    const text = historyEntry('build', ['ratio 2.80x'], WHEN, 'abc1234', ['--posts', '10000']);
    expect(text.split('\n')[1]).toBe('### 2026-12-03, abc1234: `node --import tsx bench/build.ts --posts 10000`');
  });

  it('keeps markdown table rows as a table', () => {
    const rows = ['| posts | full build |', '|---|---|', '| 10,000 | 31.42 s |'];
    expect(historyEntry('publish', rows, WHEN, 'abc1234', [])).toContain(`\n\n${rows.join('\n')}\n`);
  });

  it('fences printed lines as text, so markdown does not reflow them', () => {
    const text = historyEntry('cli-start.ts', ['15 runs each', 'ratio --help / node: 1.30x median'], WHEN, 'abc1234', []);
    expect(text).toContain('bench/cli-start.ts`');
    expect(text).toContain('\n```text\n15 runs each\nratio --help / node: 1.30x median\n```\n');
  });
});
