// CMS content that reaches the browser without passing the build: drafts from
// the live preview call (docs/pages.md, "Preview"). The build sanitises
// post_content on the server (src/crawl/sanitise.ts); a draft never goes through
// it, so it is sanitised here, in the browser, with DOMPurify and the same
// policy before it is shown (docs/decisions.md, 13):
// - the same tag allow-list; scripts, styles and event handlers are gone;
// - links: http(s), mailto, '#fragment' or site-relative ('/x', not '//x') only;
//   off-site links open in a new tab without an opener;
// - images: http(s) or site-relative only;
// - iframes only when videoEmbedUrl() rebuilds them from an allow-listed host;
// - h2-h4 get the server's ids ("toc-<slug>") and the table of contents is
//   computed from them, numbered "1.", "1.1." (docs/pages.md, "Article").
// Also: the live post fetch with its 3000 ms timeout.
import DOMPurify from 'dompurify';
import type { Post, TocEntry } from '../../api/types.ts';
import { videoEmbedUrl } from '../../api/video.ts';
import { liveGet } from '../data/live.ts';

export const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'blockquote', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'code', 'pre', 'kbd',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'span', 'div', 'iframe',
];
/** Attributes kept per tag; every other attribute is removed. */
const TAG_ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  iframe: ['src', 'title'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};
const ALL_ATTRS = [...new Set(Object.values(TAG_ATTRS).flat())];

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const SITE_RELATIVE = /^\/(?![/\\])/;

type UrlKind = 'relative' | 'offsite' | 'mailto' | 'fragment';
/** The server's URL rule (src/crawl/sanitise.ts classifyUrl), for the browser. */
export function classifyUrl(raw: string, allowMailto: boolean): UrlKind | null {
  const v = raw.trim();
  if (v === '' || CONTROL.test(v) || v.includes('\\')) return null;
  if (v.startsWith('#')) return 'fragment';
  if (SITE_RELATIVE.test(v)) return 'relative';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return 'offsite';
  if (url.protocol === 'mailto:' && allowMailto) return 'mailto';
  return null;
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

/**
 * Give h2-h4 under `root` unique ids and return their table of contents, with
 * the server's ids and numbering: an h2 (or an h3/h4 before any h2) starts
 * section N ("N."), the h3/h4 after it are "N.1.", "N.2.", ...
 */
export function addHeadingIds(root: ParentNode): TocEntry[] {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  let major = 0;
  let minor = 0;
  for (const h of Array.from(root.querySelectorAll('h2, h3, h4'))) {
    const level = Number(h.tagName.slice(1)) as 2 | 3 | 4;
    const text = (h.textContent ?? '').replace(/\s+/g, ' ').trim();
    const base = `toc-${slugify(text) || 'section'}`;
    let n = used.get(base) ?? 0;
    let id = base;
    while (used.has(id)) id = `${base}-${++n + 1}`;
    used.set(base, n);
    used.set(id, 0);
    if (level === 2 || major === 0) {
      major += 1;
      minor = 0;
    } else minor += 1;
    h.setAttribute('id', id);
    toc.push({ level, id, text, number: minor === 0 ? `${major}.` : `${major}.${minor}.` });
  }
  return toc;
}

/** Table of contents of HTML whose headings already carry ids (parsed with DOMParser, nothing executed). */
export function tocFromHtml(html: string): TocEntry[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return addHeadingIds(doc.body);
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (!el.tagName) return;
    const tag = el.tagName.toLowerCase();
    const keep = TAG_ATTRS[tag] ?? [];
    for (const name of el.getAttributeNames()) if (!keep.includes(name)) el.removeAttribute(name);
    if (tag === 'a') {
      const href = el.getAttribute('href');
      const kind = href === null ? null : classifyUrl(href, true);
      if (!kind) el.removeAttribute('href');
      else el.setAttribute('href', href!.trim());
      if (kind === 'offsite') {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (tag === 'img') {
      const src = el.getAttribute('src');
      const kind = src === null ? null : classifyUrl(src, false);
      if (kind !== 'relative' && kind !== 'offsite') el.removeAttribute('src');
      if (!el.hasAttribute('alt')) el.setAttribute('alt', '');
      for (const k of ['width', 'height']) if (el.hasAttribute(k) && !/^\d{1,5}$/.test(el.getAttribute(k)!)) el.removeAttribute(k);
    } else if (tag === 'iframe') {
      const embed = videoEmbedUrl(el.getAttribute('src'));
      const title = (el.getAttribute('title') || 'Embedded video').slice(0, 200);
      for (const name of el.getAttributeNames()) el.removeAttribute(name);
      el.textContent = ''; // iframe fallback text is not article text (as on the server)
      if (embed) {
        el.setAttribute('src', embed);
        el.setAttribute('title', title);
        el.setAttribute('loading', 'lazy');
        el.setAttribute('allowfullscreen', '');
      }
    }
  });
  purifier = p;
  return p;
}

export interface SafeHtml {
  html: string;
  toc: TocEntry[];
}

/** Browser only: sanitise untrusted CMS HTML and compute its table of contents. */
export function sanitiseDraftHtml(html: string): SafeHtml {
  const frag = getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALL_ATTRS, 'target', 'rel', 'loading', 'allowfullscreen'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'template'],
    RETURN_DOM_FRAGMENT: true,
  });
  // An img or iframe the hook refused has no src left: drop the element.
  for (const el of Array.from(frag.querySelectorAll('img:not([src]), iframe:not([src])'))) el.remove();
  const toc = addHeadingIds(frag);
  const box = document.createElement('div');
  box.appendChild(frag);
  return { html: box.innerHTML, toc };
}

/** A draft post made safe to render: sanitised post_content and its toc. */
export function safeDraft(post: Post): Post {
  const { html, toc } = sanitiseDraftHtml(post.post_content ?? '');
  return { ...post, post_content: html, toc };
}

/** Post fetch timeout (docs/pages.md, "Preview"). */
export const POST_FETCH_TIMEOUT_MS = 3000;

/** A live GET that gives up after `timeoutMs` (AbortController) with a readable error. */
export async function liveGetWithTimeout<T>(
  base: string,
  path: string,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ status: number; body: T }> {
  const timeoutMs = opts.timeoutMs ?? POST_FETCH_TIMEOUT_MS;
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, timeoutMs);
  const onAbort = () => ctrl.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    return await liveGet<T>(base, path, { signal: ctrl.signal });
  } catch (e) {
    if (timedOut) throw new Error(`The request timed out after ${timeoutMs} ms`);
    throw e;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
