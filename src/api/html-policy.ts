// The one policy for untrusted CMS HTML, applied by sanitize-html on the server (src/crawl/sanitise.ts)
// and DOMPurify in the browser (src/app/lib/cms-client.ts, live drafts). Both must give the same
// article, so all that decides what survives lives here, with no library, Node or DOM dependency:
// - an allow-list of tags; script, style and the like go with their text; per tag, the attributes kept;
// - links: http(s), mailto, '#fragment' or site-relative ('/x', not '//x'); off-site ones open in a
//   new tab without an opener;
// - images: http(s) or site-relative, numeric width/height only;
// - iframes only when videoEmbedUrl() rebuilds them from an allow-listed host;
// - headings are renumbered to the outline under the page's h1 (headingOutline()), so none skips a
//   level; the author's h2-h4 get ids "toc-<slug>" and numbers: a heading rendered as h2 starts
//   section "N.", the deeper ones after it are "N.1.", "N.2.", ... (an h4 on the h3 level, not "N.1.1.").
import type { TocEntry } from './types.ts';
import { videoEmbedUrl } from './video.ts';

export { videoEmbedUrl };

export const ALLOWED_TAGS: readonly string[] = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'blockquote', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'code', 'pre', 'kbd',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'span', 'div', 'iframe',
];

/** Attributes an author may set, per tag; every other attribute is removed. */
export const AUTHOR_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  iframe: ['src', 'title'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Attributes the policy itself sets (new-tab links, lazy video embeds). */
export const POLICY_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['rel', 'target'],
  img: ['loading'],
  iframe: ['loading', 'allowfullscreen', 'referrerpolicy'],
};

/** Elements dropped with everything inside them (their text is not article text). */
export const DROPPED_WITH_CONTENT: readonly string[] = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'];

/** Video hosts an embed may point at once videoEmbedUrl() rebuilt it. */
export const EMBED_HOSTS: readonly string[] = ['www.youtube-nocookie.com', 'player.vimeo.com'];

const SITE_RELATIVE = /^\/(?![/\\])/; // "/x" but not "//host" or "/\host"
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export type UrlKind = 'relative' | 'offsite' | 'mailto' | 'fragment';

/** What kind of URL an href or src is, or null when the policy refuses it (javascript:, data:, //host, ...). */
export function classifyUrl(raw: string, allowMailto: boolean): UrlKind | null {
  const v = raw.trim();
  if (v === '' || CONTROL.test(v) || v.includes('\\')) return null;
  if (v.startsWith('#')) return 'fragment';
  if (SITE_RELATIVE.test(v)) return 'relative';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null; // relative forms other than "/..." are not site-relative
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return 'offsite';
  if (url.protocol === 'mailto:' && allowMailto) return 'mailto';
  return null;
}

/** The attributes a link keeps: its checked href, a title, and new-tab attributes when it leaves the site. */
export function linkAttributes(attrs: { href?: string | null; title?: string | null }): Record<string, string> {
  const out: Record<string, string> = {};
  if (attrs.title) out.title = attrs.title;
  const kind = attrs.href == null ? null : classifyUrl(attrs.href, true);
  if (kind) out.href = attrs.href!.trim();
  if (kind === 'offsite') Object.assign(out, { target: '_blank', rel: 'noopener noreferrer' });
  return out;
}

/** The attributes an image keeps, or null when its src is refused (the image is dropped). */
export function imageAttributes(attrs: { src?: string | null; alt?: string | null; width?: string | null; height?: string | null }): Record<string, string> | null {
  const kind = attrs.src == null ? null : classifyUrl(attrs.src, false);
  if (kind !== 'relative' && kind !== 'offsite') return null;
  const out: Record<string, string> = { src: attrs.src!.trim(), alt: attrs.alt ?? '' };
  for (const k of ['width', 'height'] as const) if (/^\d{1,5}$/.test(attrs[k] ?? '')) out[k] = attrs[k]!;
  return out;
}

/** The attributes of a video embed rebuilt from an allow-listed host, or null (the iframe is dropped). */
export function embedAttributes(attrs: { src?: string | null; title?: string | null }): Record<string, string> | null {
  const src = attrs.src == null ? null : videoEmbedUrl(attrs.src);
  if (!src) return null;
  return { src, title: (attrs.title || 'Embedded video').slice(0, 200), loading: 'lazy', allowfullscreen: '' };
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The heading tags of a CMS body; the page gives them their outline level (headingOutline()). */
export const BODY_HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** What one body heading becomes: its outline level, and for an author's h2-h4 its TOC entry (its id). */
export interface OutlinedHeading {
  level: number;
  entry?: TocEntry;
}

/**
 * The headings of one body, in order: `next(level, text)` per h2-h6 gives the level the heading is
 * rendered at, and ids and numbers for h2-h4; `toc` so far. The body sits under the page's h1, and
 * the HTML checker refuses a heading more than one level below the one before it, which
 * `aria-level` does not change: so the tag itself is renumbered. A heading nests under the nearest
 * earlier one the author made shallower, one level below it; siblings stay siblings, and a heading
 * is never made deeper than the author's.
 */
export function headingOutline(): { next(level: number, text: string): OutlinedHeading; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  // The open sections: the author's level and the rendered one, deepest last.
  const open: { author: number; level: number }[] = [];
  let major = 0;
  let minor = 0;
  return {
    toc,
    next(authorLevel, text) {
      while (open.length > 0 && open[open.length - 1].author >= authorLevel) open.pop();
      const level = (open.length > 0 ? open[open.length - 1].level : 1) + 1;
      open.push({ author: authorLevel, level });
      if (authorLevel > 4) return { level };
      const base = `toc-${slugify(text) || 'section'}`;
      let n = used.get(base) ?? 0;
      let id = base;
      while (used.has(id)) id = `${base}-${++n + 1}`;
      used.set(base, n);
      used.set(id, 0);
      // A TOC heading under an h5/h6 the outline made an h2 has no section yet: it starts one.
      if (level === 2 || major === 0) {
        major += 1;
        minor = 0;
      } else minor += 1;
      const entry: TocEntry = { level: level as TocEntry['level'], id, text, number: minor === 0 ? `${major}.` : `${major}.${minor}.` };
      toc.push(entry);
      return { level, entry };
    },
  };
}
