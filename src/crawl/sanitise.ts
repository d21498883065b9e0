// Server-side sanitising of CMS HTML (`post_content`, `event_desc`), which the
// contract calls untrusted (docs/api-contract.md, "General rules"; docs/architecture.md,
// "Untrusted input"). sanitize-html (htmlparser2, no DOM) was measured against
// DOMPurify + jsdom in bench/sanitise.ts and is several times faster on 30 KB
// articles, with an allow-list policy of its own; see the report in that file.
//
// Policy:
// - An allow-list of article markup; every other tag is dropped (script, style
//   and their text entirely), every event-handler attribute with it.
// - Links: http(s), mailto or site-relative only; off-site links open in a new
//   tab without an opener (rel="noopener noreferrer").
// - Images: http(s) or site-relative paths only (no data:, no protocol-relative).
// - iframes are never passed through: an iframe whose src parses to an
//   allow-listed video host is rebuilt from the parsed id (videoEmbedUrl), the
//   rest are dropped.
// - h2/h3/h4 get ids and a numbered table of contents ("1.", "1.1.").
//
// The work is done once per distinct body (docs/architecture.md, "Where the time goes"):
// results are cached by the sha256 of the input.
import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import type { TocEntry } from '../api/types.ts';
import { videoEmbedUrl } from '../api/video.ts';

export type { TocEntry };
export interface SanitisedHtml {
  html: string;
  toc: readonly TocEntry[];
}

// videoEmbedUrl lives in src/api/video.ts (isomorphic: the app builds podcast
// embeds with it too), so the sanitiser and the pages share one allow-list:
// exact host matches, id characters checked, URL rebuilt from the id.
export { videoEmbedUrl };

const SITE_RELATIVE = /^\/(?![/\\])/; // "/x" but not "//host" or "/\host"
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

type UrlKind = 'relative' | 'offsite' | 'mailto' | 'fragment';
function classifyUrl(raw: string, allowMailto: boolean): UrlKind | null {
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
  return null; // javascript:, data:, vbscript:, file:, ...
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
    'blockquote', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'code', 'pre', 'kbd',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'span', 'div', 'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    iframe: ['src', 'title', 'loading', 'allowfullscreen', 'referrerpolicy'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube-nocookie.com', 'player.vimeo.com'],
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'],
  disallowedTagsMode: 'discard',
  // The transforms below strip the src of an img or iframe they refuse; such an
  // element is removed whole (renaming it instead confuses sanitize-html's
  // close-tag bookkeeping for void elements).
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  // Iframe fallback text is not article text.
  textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
  transformTags: {
    a: (tagName, attribs) => {
      const kind = attribs.href === undefined ? null : classifyUrl(attribs.href, true);
      const out: sanitizeHtml.Attributes = {};
      if (attribs.title) out.title = attribs.title;
      if (kind) out.href = attribs.href.trim();
      if (kind === 'offsite') Object.assign(out, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const kind = attribs.src === undefined ? null : classifyUrl(attribs.src, false);
      if (kind !== 'relative' && kind !== 'offsite') return { tagName, attribs: {} };
      const out: sanitizeHtml.Attributes = { src: attribs.src.trim(), alt: attribs.alt ?? '' };
      for (const k of ['width', 'height'] as const) if (/^\d{1,5}$/.test(attribs[k] ?? '')) out[k] = attribs[k];
      return { tagName, attribs: out };
    },
    iframe: (tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src === undefined ? null : videoEmbedUrl(attribs.src);
      if (!src) return { tagName, attribs: {} };
      return {
        tagName,
        attribs: { src, title: (attribs.title || 'Embedded video').slice(0, 200), loading: 'lazy', allowfullscreen: '' },
      };
    },
  },
};

// Headings as sanitize-html serialises them: attributes are not allowed on
// h2-h4, so the opening tag is exactly "<hN>".
const HEADING = /<h([234])>([\s\S]*?)<\/h\1>/g;

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

function addToc(html: string): SanitisedHtml {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  let major = 0;
  let minor = 0;
  const out = html.replace(HEADING, (_m, lvl: string, inner: string) => {
    const level = Number(lvl) as 2 | 3 | 4;
    const text = htmlToText(inner);
    const base = `toc-${slugify(text) || 'section'}`;
    let n = used.get(base) ?? 0;
    let id = base;
    while (used.has(id)) id = `${base}-${++n + 1}`;
    used.set(base, n);
    used.set(id, 0);
    // h3/h4 before any h2 have no parent section: they start one themselves.
    if (level === 2 || major === 0) {
      major += 1;
      minor = 0;
    } else minor += 1;
    toc.push({ level, id, text, number: minor === 0 ? `${major}.` : `${major}.${minor}.` });
    return `<h${lvl} id="${id}">${inner}</h${lvl}>`;
  });
  return { html: out, toc: Object.freeze(toc) };
}

const CACHE_MAX = 5000;
const cache = new Map<string, SanitisedHtml>();

/** Sanitised HTML with heading ids, and its table of contents. Cached by content hash. */
export function sanitisePostHtml(html: string): SanitisedHtml {
  const key = createHash('sha256').update(html).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // move to the young end: least recently used goes first
    cache.set(key, hit);
    return hit;
  }
  const result = Object.freeze(addToc(sanitizeHtml(html, OPTIONS)));
  cache.set(key, result);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
  return result;
}

export function sanitiseCacheSize(): number {
  return cache.size;
}

const BLOCKS = ['p', 'br', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'div', 'blockquote', 'figcaption', 'pre'];
const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: BLOCKS,
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe'],
};
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Text of already-sanitised HTML (no attributes left): tags become spaces, entities decode in one pass. */
function htmlToText(clean: string): string {
  return clean
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A plain-text excerpt: markup stripped first (by the parser, so a `>` inside an
 * attribute cannot leak), then cut by characters, never inside a surrogate
 * pair: cutting raw HTML splits tags (docs/api-contract.md, "Records").
 */
export function excerptFromHtml(html: string, maxChars: number): string {
  const text = htmlToText(sanitizeHtml(html, TEXT_ONLY));
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  return `${chars.slice(0, Math.max(0, maxChars - 1)).join('').trimEnd()}…`;
}
