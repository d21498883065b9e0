// Output paths (src/emit/writer.ts assertRelative): '/'-separated, relative,
// free of dot segments, so nothing a route or the API names leaves the staging folder.
import { describe, expect, it } from 'vitest';
import { assertRelative } from '../../../src/emit/writer.ts';

describe('assertRelative', () => {
  it.each(['index.html', 'news/a-story/index.html', 'api/post/tag/ai.json', '.well-known/x', 'a/..b/c', 'a/b../c', '_headers'])('accepts %j', (p) => {
    expect(() => assertRelative(p)).not.toThrow();
  });

  it.each(['', '/index.html', 'news/', 'news//x', '.', '..', './x', 'a/./b', '../x', 'a/../b', 'a/..', 'a\\b', 'a\0b'])('refuses %j', (p) => {
    expect(() => assertRelative(p)).toThrow(expect.objectContaining({ code: 'PR_INTERNAL', message: expect.stringContaining('unsafe output path') }));
  });
});
