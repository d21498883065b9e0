// List excerpts (docs/api-contract.md, "Records": post_content may be HTML, shown as
// plain text, with the fallback 'No content available' when empty; p_content an
// alternative summary): markup stripped for every excerpt, an empty or blank p_content
// never hides a present post_content, the fallback only when both are empty;
// cuts at a word boundary with an ellipsis.
import { describe, expect, it } from 'vitest';
import { cutAtWord, listExcerpt, NO_CONTENT } from '../../../../src/app/lib/excerpt.ts';

describe('listExcerpt', () => {
  it('strips markup from HTML p_content and post_content', () => {
    expect(listExcerpt({ p_content: '<p>Edge <strong>AI</strong> &amp; you</p>' })).toBe('Edge AI & you');
    expect(listExcerpt({ post_content: '<h2 id="x">Why</h2><p>It <a href="/y">matters</a></p><script>alert(1)</script>' })).toBe('Why It matters');
    expect(listExcerpt({ post_content: '<img src=x onerror=alert(1)>Plain' })).toBe('Plain');
  });

  it('prefers the p_content summary when it has text', () => {
    expect(listExcerpt({ p_content: 'Summary', post_content: '<p>Body</p>' })).toBe('Summary');
  });

  it('falls back to post_content when p_content is empty, blank or only markup', () => {
    for (const p_content of ['', '   ', '<p></p>', '<p>&nbsp;</p>', undefined]) {
      expect(listExcerpt({ p_content, post_content: '<p>The body</p>' })).toBe('The body');
    }
  });

  it("reads 'No content available' only when both are empty or blank", () => {
    expect(listExcerpt({ p_content: '', post_content: '' })).toBe(NO_CONTENT);
    expect(listExcerpt({ p_content: ' ', post_content: '<p> </p>' })).toBe(NO_CONTENT);
    expect(listExcerpt({})).toBe(NO_CONTENT);
    expect(NO_CONTENT).toBe('No content available');
  });

  it('cuts at a word boundary when asked', () => {
    expect(listExcerpt({ post_content: '<p>alpha beta gamma delta</p>' }, 15)).toBe('alpha beta…');
  });
});

describe('cutAtWord', () => {
  it('keeps text that fits', () => {
    expect(cutAtWord('alpha beta', 10)).toBe('alpha beta');
  });
  it('ends on a whole word, drops trailing punctuation, adds the ellipsis within max', () => {
    expect(cutAtWord('alpha beta, gamma', 13)).toBe('alpha beta…');
    expect(cutAtWord('alpha beta gamma', 11)).toBe('alpha beta…');
    expect(cutAtWord('alpha beta gamma', 12)).toBe('alpha beta…');
  });
  it('cuts inside a word only when it is longer than half the room', () => {
    expect(cutAtWord('a https://example.com/a/very/long/path', 20)).toBe('a https://example.c…');
  });
});
