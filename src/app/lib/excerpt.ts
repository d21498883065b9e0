// Plain-text excerpts for lists and cards: every list excerpt goes through listExcerpt, so markup never
// shows and an empty p_content never hides a present post_content. Cuts end at a word with "…".
import type { PostItem } from '../../api/types.ts';
import { stripTags } from '../../encoding/html.ts';

export const NO_CONTENT = 'No content available';
export const ELLIPSIS = '…';

/**
 * At most `max` code points, the ellipsis included, cut at the last word boundary; a word longer than
 * half the room (a URL) is cut inside rather than leaving a stub.
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

/** p_content if it has text without markup, else post_content, else 'No content available'; cut at `max`. */
export function listExcerpt(p: Pick<PostItem, 'post_content' | 'p_content'>, max?: number): string {
  for (const source of [p.p_content, p.post_content]) {
    if (typeof source !== 'string') continue;
    const text = stripTags(source);
    if (text) return max === undefined ? text : cutAtWord(text, max);
  }
  return NO_CONTENT;
}
