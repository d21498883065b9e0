import { describe, expect, it } from 'vitest';
import { formatRef, parseRef, parseRefList, refsFromWebhookBody } from '../../../src/webhook/refs.ts';

describe('REF grammar', () => {
  it('parses every form and formats it back', () => {
    for (const [raw, kind] of [
      ['/news/some-slug', 'route'],
      ['/api/post/postdetails/news/some-slug', 'api'],
      ['post:5019', 'post'],
      ['event:ai-summit', 'event'],
      ['author:Jane Doe', 'author'],
      ['ads', 'ads'],
      ['categories', 'categories'],
    ] as const) {
      const ref = parseRef(raw);
      expect(ref.kind).toBe(kind);
      expect(formatRef(ref)).toBe(raw);
    }
  });
  it('normalises a route: no query, fragment or trailing slash', () => {
    expect(parseRef('/news/x/?utm=1#top')).toEqual({ kind: 'route', path: '/news/x' });
    expect(parseRef('/')).toEqual({ kind: 'route', path: '/' });
  });
  it('names what is wrong with a bad REF', () => {
    expect(() => parseRef('post:abc')).toThrow(/post id is a positive integer/);
    expect(() => parseRef('thing:1')).toThrow(/unknown record kind "thing"/);
    expect(() => parseRef('//evil.example/x')).toThrow(/starts with \/\//);
    expect(() => parseRef('')).toThrow(/empty/);
    expect(() => parseRef('event:')).toThrow(/no value/);
    expect(() => parseRef('/a\nb')).toThrow(/control character/);
  });
  it('reads a --changed-from list: blank lines and comments skipped, duplicates once', () => {
    expect(parseRefList(['# edits', 'post:1', '', ' post:1 ', 'ads']).map(formatRef)).toEqual(['post:1', 'ads']);
  });
  it('reads a webhook body: REF strings, records, {refs}, one record', () => {
    expect(refsFromWebhookBody(['post:1', { id: 2, post_name: 'x' }]).map(formatRef)).toEqual(['post:1', 'post:2']);
    expect(refsFromWebhookBody({ refs: ['ads'] }).map(formatRef)).toEqual(['ads']);
    expect(refsFromWebhookBody({ event_slug: 'summit' }).map(formatRef)).toEqual(['event:summit']);
    expect(refsFromWebhookBody({ banner_id: 3 }).map(formatRef)).toEqual(['ads']);
    expect(refsFromWebhookBody({ author_name: 'Jane' }).map(formatRef)).toEqual(['author:Jane']);
    expect(() => refsFromWebhookBody([])).toThrow(/names no REF/);
    expect(() => refsFromWebhookBody([{ x: 1 }])).toThrow(/Item 0/);
  });
});
