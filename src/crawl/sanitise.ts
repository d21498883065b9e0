// Server-side sanitising of CMS HTML (`post_content`, `event_desc`), which the
// API contract calls untrusted: the sanitize-html adapter of the one HTML
// policy in src/api/html-policy.ts (the browser applies the same policy to live
// drafts with DOMPurify, src/app/lib/cms-client.ts). sanitize-html (htmlparser2,
// no DOM) was measured against DOMPurify + jsdom in bench/sanitise.ts and is
// several times faster on 30 KB articles; see the report in that file.
//
// The work is done once per distinct body: results are cached by the sha256 of
// the input (a listing and an article share bodies, and rebuilds repeat them) in
// a SanitisedCache the caller owns: the crawl's for one build, or the publish
// session's (src/crawl/kept.ts) across builds.
import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { ALLOWED_TAGS, AUTHOR_ATTRIBUTES, DROPPED_WITH_CONTENT, EMBED_HOSTS, embedAttributes, imageAttributes, linkAttributes, POLICY_ATTRIBUTES, tableOfContents, videoEmbedUrl } from '../api/html-policy.ts';
import type { TocEntry } from '../api/types.ts';

export type { TocEntry };
export interface SanitisedHtml {
  html: string;
  toc: readonly TocEntry[];
}

export { videoEmbedUrl };

const allowedAttributes: Record<string, string[]> = {};
for (const table of [AUTHOR_ATTRIBUTES, POLICY_ATTRIBUTES]) for (const [tag, names] of Object.entries(table)) allowedAttributes[tag] = [...(allowedAttributes[tag] ?? []), ...names];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [...EMBED_HOSTS],
  nonTextTags: [...DROPPED_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  // The transforms below strip the src of an img or iframe they refuse; such an
  // element is removed whole (renaming it instead confuses sanitize-html's
  // close-tag bookkeeping for void elements).
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  // Iframe fallback text is not article text.
  textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }),
    img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) ?? {} }),
    iframe: (tagName, attribs) => ({ tagName, attribs: embedAttributes(attribs) ?? {} }),
  },
};

// Headings as sanitize-html serialises them: attributes are not allowed on
// h2-h4, so the opening tag is exactly "<hN>".
const HEADING = /<h([234])>([\s\S]*?)<\/h\1>/g;

function addToc(html: string): SanitisedHtml {
  const contents = tableOfContents();
  const out = html.replace(HEADING, (_m, lvl: string, inner: string) => {
    const { id, ariaLevel } = contents.next(Number(lvl) as 2 | 3 | 4, htmlToText(inner));
    return `<h${lvl} id="${id}"${ariaLevel ? ` aria-level="${ariaLevel}"` : ''}>${inner}</h${lvl}>`;
  });
  return { html: out, toc: Object.freeze(contents.toc) };
}

// A process that publishes again sanitises the same bodies on every re-read; a one-off build meets
// a body again only within a few responses (a post's details and a listing that carries it), so it
// keeps few: 5,000 bodies are about 22 MB of heap.
export const SANITISED_MAX_SESSION = 5000;
export const SANITISED_MAX_ONE_OFF = 256;

/** Sanitised bodies by the sha256 of their HTML, the least recently used dropped past `max`. */
export class SanitisedCache {
  readonly #byHash = new Map<string, SanitisedHtml>();

  constructor(readonly max: number) {}

  get size(): number {
    return this.#byHash.size;
  }

  get(key: string): SanitisedHtml | undefined {
    const hit = this.#byHash.get(key);
    if (hit) {
      this.#byHash.delete(key); // move to the young end: least recently used goes first
      this.#byHash.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: SanitisedHtml): void {
    this.#byHash.set(key, value);
    while (this.#byHash.size > this.max) this.#byHash.delete(this.#byHash.keys().next().value as string);
  }
}

/** Sanitised HTML with heading ids, and its table of contents; cached by content hash in `cache` when given. */
export function sanitisePostHtml(html: string, cache?: SanitisedCache): SanitisedHtml {
  const key = cache && createHash('sha256').update(html).digest('hex');
  const hit = key && cache.get(key);
  if (hit) return hit;
  const result = Object.freeze(addToc(sanitizeHtml(html, OPTIONS)));
  if (key) cache.set(key, result);
  return result;
}

const BLOCKS = ['p', 'br', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'div', 'blockquote', 'figcaption', 'pre'];
const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: BLOCKS,
  allowedAttributes: {},
  nonTextTags: [...DROPPED_WITH_CONTENT, 'iframe'],
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
 * pair (an excerpt cut inside one shows a broken character).
 */
export function excerptFromHtml(html: string, maxChars: number): string {
  const text = htmlToText(sanitizeHtml(html, TEXT_ONLY));
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  return `${chars.slice(0, Math.max(0, maxChars - 1)).join('').trimEnd()}…`;
}
