// Warnings as the commands print them: text lines up to a cap, JSON log
// records with the page when there is one, and the summary lines' count.
import { describe, expect, it } from 'vitest';
import { MAX_WARNINGS_SHOWN, printWarnings, warningCount, warningRecord } from '../../../cli/output.ts';
import { warning, type Warning } from '../../../src/errors/warnings.ts';

const printed = (warnings: readonly Warning[], quiet?: boolean) => {
  let text = '';
  printWarnings({ write: (s: string) => (text += s) }, warnings, { quiet });
  return text;
};

describe('cli/output', () => {
  it('prints each warning as `warning CODE: message`, the catalogue\'s message filled in', () => {
    const w = warning('W_QUARANTINE', { endpoint: '/api/advertisement/get_active', id: 'ad 103', reason: 'duration_time: wrong type' });
    expect(printed([w])).toBe('warning W_QUARANTINE: /api/advertisement/get_active: ad 103 left out: duration_time: wrong type\n');
  });

  it('prints at most MAX_WARNINGS_SHOWN, then how many more; nothing with --quiet', () => {
    const many = Array.from({ length: MAX_WARNINGS_SHOWN + 3 }, (_, i) => warning('W_RENDER', { detail: `page ${i}` }, `/p/${i}`));
    const lines = printed(many).split('\n').slice(0, -1);
    expect(lines).toHaveLength(MAX_WARNINGS_SHOWN + 1);
    expect(lines[0]).toBe('warning W_RENDER: page 0');
    expect(lines.at(-1)).toBe('… 3 more warnings (see --json)');
    expect(printed(many.slice(0, MAX_WARNINGS_SHOWN))).not.toContain('more warnings');
    expect(printed(many, true)).toBe('');
  });

  it('gives a JSON log record its route only when the warning has one', () => {
    expect(warningRecord(warning('W_RENDER', { detail: 'x' }, '/news/a'))).toEqual({ type: 'warning', code: 'W_RENDER', message: 'x', route: '/news/a' });
    expect(warningRecord(warning('W_SEARCH_INDEX', { articles: 2001, max: 2000 }))).toEqual({ type: 'warning', code: 'W_SEARCH_INDEX', message: expect.stringMatching(/^2001 articles, more than the 2000 /) });
  });

  it('ends a summary line with the count, singular or plural, in the caller\'s digits', () => {
    expect(warningCount(0)).toBe('');
    expect(warningCount(1)).toBe(', 1 warning');
    expect(warningCount(1234)).toBe(', 1234 warnings');
    expect(warningCount(1234, (n) => n.toLocaleString('en-US'))).toBe(', 1,234 warnings');
  });
});
