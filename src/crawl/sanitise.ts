// Server-side sanitising of CMS HTML (untrusted by contract): the sanitize-html adapter of the one
// policy in src/api/html-policy.ts (the browser applies it with DOMPurify). sanitize-html is several
// times faster than DOMPurify + jsdom on 30 KB articles (bench/sanitise.ts). Results are cached by
// the input's sha256 in a caller-owned SanitisedCache (a build's, or a session's).
import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { ALLOWED_TAGS, AUTHOR_ATTRIBUTES, DROPPED_WITH_CONTENT, EMBED_HOSTS, embedAttributes, imageAttributes, linkAttributes, POLICY_ATTRIBUTES, headingOutline, videoEmbedUrl } from '../api/html-policy.ts';
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
  // A refused img or iframe loses its src and is removed whole (renaming it confuses sanitize-html's
  // void-element bookkeeping).
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  // Iframe fallback text is not article text.
  textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }),
    img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) ?? {} }),
    iframe: (tagName, attribs) => ({ tagName, attribs: embedAttributes(attribs) ?? {} }),
  },
};

// Headings as sanitize-html prints them: no attributes allowed on h2-h6, so exactly "<hN>".
const HEADING = /<h([2-6])>([\s\S]*?)<\/h\1>/g;

function addToc(html: string): SanitisedHtml {
  const outline = headingOutline();
  const out = html.replace(HEADING, (_m, authorLevel: string, inner: string) => {
    const { level, entry } = outline.next(Number(authorLevel), htmlToText(inner));
    return `<h${level}${entry ? ` id="${entry.id}"` : ''}>${inner}</h${level}>`;
  });
  return { html: out, toc: Object.freeze(outline.toc) };
}

// A session meets the same bodies every re-read; a one-off build only within a few responses, so it
// keeps few. 5,000 bodies are about 22 MB of heap.
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

/** A plain-text excerpt: markup stripped by the parser, cut by characters, never inside a surrogate pair. */
export function excerptFromHtml(html: string, maxChars: number): string {
  const text = htmlToText(sanitizeHtml(html, TEXT_ONLY));
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  return `${chars.slice(0, Math.max(0, maxChars - 1)).join('').trimEnd()}…`;
}
