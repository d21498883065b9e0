// Drafts from the live preview never pass the build's sanitiser, so they are sanitised here by the
// DOMPurify adapter of the same policy (src/api/html-policy.ts) and look as they will when published.
// Also the live post fetch with its 3000 ms timeout.
import DOMPurify from 'dompurify';
import { ALLOWED_TAGS, AUTHOR_ATTRIBUTES, BODY_HEADINGS, classifyUrl, DROPPED_WITH_CONTENT, embedAttributes, headingOutline, imageAttributes, linkAttributes, POLICY_ATTRIBUTES } from '../../api/html-policy.ts';
import type { Post, TocEntry } from '../../api/types.ts';
import { liveGet } from '../data/live.ts';

export { ALLOWED_TAGS, classifyUrl };

const ALL_ATTRS = [...new Set([...Object.values(AUTHOR_ATTRIBUTES), ...Object.values(POLICY_ATTRIBUTES)].flat())];

/** Renumber the headings under `root` to the page's outline, give h2-h4 the policy's ids, and return their table of contents. */
export function addHeadingIds(root: ParentNode): TocEntry[] {
  const outline = headingOutline();
  for (const h of Array.from(root.querySelectorAll(BODY_HEADINGS.join(', ')))) {
    const { level, entry } = outline.next(Number(h.tagName.slice(1)), (h.textContent ?? '').replace(/\s+/g, ' ').trim());
    const el = level === Number(h.tagName.slice(1)) ? h : renamed(h, `h${level}`);
    if (entry) el.setAttribute('id', entry.id);
  }
  return outline.toc;
}

/** `el` replaced by an element named `tag` holding its attributes and children. */
function renamed(el: Element, tag: string): Element {
  const to = el.ownerDocument.createElement(tag);
  for (const name of el.getAttributeNames()) to.setAttribute(name, el.getAttribute(name)!);
  to.append(...Array.from(el.childNodes));
  el.replaceWith(to);
  return to;
}

/** Table of contents of HTML whose headings already carry ids (parsed with DOMParser, nothing executed). */
export function tocFromHtml(html: string): TocEntry[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return addHeadingIds(doc.body);
}

/** Replaces every attribute of `el` with `attrs` (null: none, and the caller drops the element). */
function setAttributes(el: Element, attrs: Record<string, string> | null): void {
  for (const name of el.getAttributeNames()) el.removeAttribute(name);
  for (const [k, v] of Object.entries(attrs ?? {})) el.setAttribute(k, v);
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (!el.tagName) return;
    const tag = el.tagName.toLowerCase();
    const get = (name: string) => el.getAttribute(name);
    if (tag === 'a') setAttributes(el, linkAttributes({ href: get('href'), title: get('title') }));
    else if (tag === 'img') setAttributes(el, imageAttributes({ src: get('src'), alt: get('alt'), width: get('width'), height: get('height') }));
    else if (tag === 'iframe') {
      setAttributes(el, embedAttributes({ src: get('src'), title: get('title') }));
      el.textContent = ''; // iframe fallback text is not article text (as on the server)
    } else {
      const keep = AUTHOR_ATTRIBUTES[tag] ?? [];
      for (const name of el.getAttributeNames()) if (!keep.includes(name)) el.removeAttribute(name);
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
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: ALL_ATTRS,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT, 'iframe'],
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

/** The post fetch gives up after 3 s: a preview that hangs is worse than its error message. */
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
