// Plain-text excerpts of API content for lists and cards. A post's
// post_content "may be HTML; shown as plain text", p_content is its
// alternative summary, and 'No content available' is the fallback "when
// empty": every excerpt a list shows goes through listExcerpt, so markup never
// shows as text and an empty-string p_content never hides a present
// post_content. Cut texts end at a word boundary with an ellipsis.
import type { PostItem } from '../../api/types.ts';
import { stripTags } from '../../encoding/html.ts';

export const NO_CONTENT = 'No content available';
export const ELLIPSIS = '…';

/**
 * At most `max` characters (code points), the ellipsis included, cut at the
 * last word boundary that fits. A single word longer than half the room (a
 * URL, a long compound) is cut inside the word rather than leaving a stub.
 */
export function cutAtWord(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const room = chars.slice(0, Math.max(0, max - 1)).join('');
  let cut = room;
  if (!/\s/.test(chars[max - 1] ?? '')) {
    const lastSpace = room.search(/\s\S*$/);
    if (lastSpace >= 0 && Array.from(room.slice(0, lastSpace)).length >= max / 2) cut = room.slice(0, lastSpace);
  }
  return `${cut.replace(/[\s.,;:!?\-–—]+$/u, '')}${ELLIPSIS}`;
}

/**
 * A list item's excerpt: p_content when it has text once markup is stripped,
 * else post_content likewise, else 'No content available'. With `max`, cut at
 * a word boundary (cutAtWord).
 */
export function listExcerpt(p: Pick<PostItem, 'post_content' | 'p_content'>, max?: number): string {
  for (const source of [p.p_content, p.post_content]) {
    if (typeof source !== 'string') continue;
    const text = stripTags(source);
    if (text) return max === undefined ? text : cutAtWord(text, max);
  }
  return NO_CONTENT;
}
