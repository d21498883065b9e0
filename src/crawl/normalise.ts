// What the crawl does to every 2xx body after the shape check: untrusted parts are made safe where the
// data enters (docs/architecture.md, "Untrusted input"), so no later stage has to remember.
// - Records whose slugs fail checkSlug() are dropped with a warning: one bad row must neither write
//   outside out/ nor stop the build.
// - CMS HTML of posts and events is sanitised once per distinct body, with its `toc`.
// - Ads with a non-http(s) dest_url are dropped; image fields that are not `/uploads/...` paths and
//   non-http(s) event links become null.
// After the shape check each list holds exactly one record type with the fields of ./types.ts.
import { checkSlug } from '../site/slug.ts';
import type { QuarantineSink } from '../api/quarantine.ts';
import { sanitisePostHtml, type SanitisedCache } from './sanitise.ts';
import type { Warn } from '../errors/warnings.ts';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An image-host path: one leading '/', no '..' segment, no backslash, space or control character. */
const IMAGE_PATH = /^\/(?![/\\])[^\s\\?#]*(\?[^\s\\#]*)?$/;
export function isImagePath(v: unknown): v is string {
  return typeof v === 'string' && IMAGE_PATH.test(v) && !/(^|\/)\.\.(\/|$)/.test(v);
}

export function isHttpUrl(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !/[\s\\]/.test(v.trim());
  } catch {
    return false;
  }
}

interface Kind {
  name: string;
  idField: string;
  /** Required slug fields; `nullable` ones are checked when not null. */
  slugs: readonly string[];
  nullableSlugs?: readonly string[];
  images: readonly string[];
}

const KINDS: readonly [(r: Rec) => boolean, Kind][] = [
  [(r) => 'event_id' in r, { name: 'event', idField: 'event_id', slugs: ['event_slug'], images: ['event_banner'] }],
  [(r) => 'banner_id' in r, { name: 'ad', idField: 'banner_id', slugs: [], images: [] }],
  [(r) => 'author_id' in r, { name: 'author', idField: 'author_id', slugs: ['author_name'], images: ['author_photo'] }],
  [
    (r) => 'post_name' in r,
    { name: 'post', idField: 'id', slugs: ['post_name', 'cat_slug'], nullableSlugs: ['subcat_slug', 'author_name'], images: ['banner_img'] },
  ],
  [(r) => 'subcat_id' in r, { name: 'sub-category', idField: 'subcat_id', slugs: ['subcat_slug'], images: [] }],
  [(r) => 'cat_id' in r, { name: 'category', idField: 'cat_id', slugs: ['cat_slug'], images: [] }],
];

/** A value as JSON, cut to 80 characters: the report names a record, it does not copy a 300-byte slug. */
const shown = (v: unknown): string => {
  const j = JSON.stringify(v) ?? String(v);
  return j.length > 80 ? `${j.slice(0, 79)}…` : j;
};

const FULL_POST_PATH = /^\/api\/post\/(postdetails|preview-post)\//;

/** The body with hostile records dropped and HTML sanitised, for 2xx bodies that passed checkShape. */
export function normaliseResponse(apiPath: string, body: unknown, warn: Warn = () => {}, quarantine: QuarantineSink = () => {}, sanitised?: SanitisedCache): unknown {
  const fullPosts = FULL_POST_PATH.test(apiPath.split('?')[0]);

  /** The record made safe, or null when it must be dropped. */
  function record(r: Rec): Rec | null {
    const kind = KINDS.find(([test]) => test(r))?.[1];
    if (!kind) return walkObject(r);
    const label = `${apiPath}: ${kind.name} ${String(r[kind.idField])}`;
    for (const f of kind.slugs) {
      const c = checkSlug(r[f]);
      if (!c.ok) {
        warn('W_SLUG', { record: label, field: f, value: JSON.stringify(r[f]), problem: c.reason });
        quarantine({ endpoint: apiPath, id: `${kind.name} ${String(r[kind.idField])}`, reason: `${f} ${shown(r[f])} ${c.reason}` });
        return null;
      }
    }
    const out: Rec = { ...r };
    for (const f of kind.slugs) out[f] = (checkSlug(r[f]) as { slug: string }).slug; // the NFC form: one spelling per name
    // Sub-category and author slugs are links: a bad one loses the link, not the article.
    for (const f of kind.nullableSlugs ?? []) {
      if (r[f] == null) continue;
      const c = checkSlug(r[f]);
      if (c.ok) out[f] = c.slug;
      else {
        warn('W_SLUG', { record: label, field: f, value: JSON.stringify(r[f]), problem: `${c.reason}; link removed` });
        out[f] = null;
      }
    }
    for (const f of kind.images) {
      if (out[f] != null && !isImagePath(out[f])) {
        warn('W_URL', { record: label, field: f, value: JSON.stringify(out[f]), problem: 'is not an image-host path; dropped' });
        out[f] = null;
      }
    }
    if (kind.name === 'ad') {
      if (!isHttpUrl(r.dest_url)) {
        warn('W_URL', { record: label, field: 'dest_url', value: JSON.stringify(r.dest_url), problem: 'is not http(s); ad dropped' });
        quarantine({ endpoint: apiPath, id: `ad ${String(r[kind.idField])}`, reason: `dest_url ${shown(r.dest_url)} is not http(s)` });
        return null;
      }
      if (!isImagePath(r.banner_img)) {
        warn('W_URL', { record: label, field: 'banner_img', value: JSON.stringify(r.banner_img), problem: 'is not an image-host path; ad dropped' });
        quarantine({ endpoint: apiPath, id: `ad ${String(r[kind.idField])}`, reason: `banner_img ${shown(r.banner_img)} is not an image-host path` });
        return null;
      }
    }
    if (kind.name === 'event') {
      for (const f of ['event_link', 'podcast_link']) if (out[f] != null && !isHttpUrl(out[f])) out[f] = null;
      const s = sanitisePostHtml(String(out.event_desc ?? ''), sanitised);
      out.event_desc = s.html;
      out.toc = [...s.toc];
    }
    if (kind.name === 'post') {
      if ('podcast_link' in out && out.podcast_link != null && !isHttpUrl(out.podcast_link)) out.podcast_link = null;
      // List items carry a plain-text excerpt in post_content; only full posts carry HTML.
      if (fullPosts && 'post_author_id' in out) {
        const s = sanitisePostHtml(String(out.post_content ?? ''), sanitised);
        out.post_content = s.html;
        out.toc = [...s.toc];
      }
    }
    return out;
  }

  function walk(v: unknown): unknown {
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        if (!isRec(item)) {
          out.push(walk(item));
          continue;
        }
        const r = record(item);
        if (r) out.push(r);
      }
      return out;
    }
    return isRec(v) ? walkObject(v) : v;
  }

  function walkObject(o: Rec): Rec {
    const out: Rec = {};
    for (const [k, val] of Object.entries(o)) out[k] = walk(val);
    return out;
  }

  return walk(body);
}
