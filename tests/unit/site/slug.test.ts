// checkSlug answers a plain ASCII name by one pattern: every answer must be the one the full
// rules give (src/site/slug.ts).
import { describe, expect, it } from 'vitest';
import { checkSlug, SLUG_MAX_BYTES } from '../../../src/site/slug.ts';

describe('checkSlug', () => {
  it('accepts plain names and gives them back as they are', () => {
    for (const name of ['a', 'news', 'Joe_Bloggs', 'post-42', '9', 'a'.repeat(SLUG_MAX_BYTES)]) expect(checkSlug(name)).toEqual({ ok: true, slug: name });
  });

  it('refuses ASCII names the full rules refuse, with their reasons', () => {
    expect(checkSlug('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkSlug('CON')).toEqual({ ok: false, reason: 'a Windows reserved name' });
    expect(checkSlug('lpt1')).toEqual({ ok: false, reason: 'a Windows reserved name' });
    expect(checkSlug('a'.repeat(SLUG_MAX_BYTES + 1))).toEqual({ ok: false, reason: `longer than ${SLUG_MAX_BYTES} bytes` });
    expect(checkSlug('a..b')).toEqual({ ok: false, reason: 'contains ".."' });
    expect(checkSlug('a%2Fb')).toEqual({ ok: false, reason: 'contains a percent-escape' });
    expect(checkSlug('-a')).toMatchObject({ ok: false });
    expect(checkSlug('a_')).toMatchObject({ ok: false });
    expect(checkSlug('a b')).toMatchObject({ ok: false });
    expect(checkSlug(42)).toEqual({ ok: false, reason: 'not a string' });
  });

  it('folds other names to NFC and counts their bytes', () => {
    expect(checkSlug('cafe\u0301')).toEqual({ ok: true, slug: 'caf\u00e9' });
    expect(checkSlug('\u00e9'.repeat(SLUG_MAX_BYTES / 2 + 1))).toEqual({ ok: false, reason: `longer than ${SLUG_MAX_BYTES} bytes` });
  });
});
