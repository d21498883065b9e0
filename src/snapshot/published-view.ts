// The snapshot as the site publishes it (docs/decisions/0112-quarantine-one-view.md): the crawl's
// snapshot with the records ./left-out.ts leaves out taken away, in one place, so that plan, render,
// emit (mirror, feeds, sitemaps, search index) and the incremental step all read the same records and
// none links to what another dropped. A left-out record's own responses (its details, its listings)
// are absent; lists lose its items. With nothing left out the view is the snapshot itself.
// The saved snapshot stays whole: the report names its quarantine, the next build decides again.
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';
import { isTwinCategory, type LeftOut, type LeftOutKept } from './left-out.ts';
import { entryHash } from './snapshot-files.ts';

/** What the pipeline reads of a snapshot after the crawl. */
export interface PublishedSnapshot extends SnapshotView {
  entries(): SnapshotEntry[];
  readonly size: number;
}

type Whole = PublishedSnapshot & { sortedPaths(): readonly string[] };

/** A session's part: the post groups (./left-out.ts) and the filtered entries, by the whole snapshot's entry, while the left-out set is the same. */
export interface PublishedKept extends LeftOutKept {
  key: string;
  entries: WeakMap<SnapshotEntry, SnapshotEntry | null>;
}

export const newPublishedKept = (): PublishedKept => ({ key: '', entries: new WeakMap() });

// Details bodies name no other record; their bodies may live on disk (./body-store.ts), so they are not walked.
const NOT_WALKED = /^\/api\/post\/(postdetails|preview-post)\//;

/** `whole` as published: itself when nothing is left out. `kept`: the session's part. */
export function publishedView(whole: Whole, left: LeftOut, kept?: PublishedKept): PublishedSnapshot {
  if (left.key === '') return whole;
  if (kept && kept.key !== left.key) {
    kept.key = left.key;
    kept.entries = new WeakMap();
  }
  return new LeftOutView(whole, left, kept?.entries ?? new WeakMap());
}

// The view's state names the whole snapshot's state and the left-out set: a state of another set (or
// of the whole snapshot) has no known changes, so whatever was derived from it is made again.
const SEP = '\u0000left-out:';

class LeftOutView implements PublishedSnapshot {
  readonly #whole: Whole;
  readonly #left: LeftOut;
  readonly #cache: WeakMap<SnapshotEntry, SnapshotEntry | null>;
  #stateOf: { whole: string; state: string } | undefined;

  constructor(whole: Whole, left: LeftOut, cache: WeakMap<SnapshotEntry, SnapshotEntry | null>) {
    this.#whole = whole;
    this.#left = left;
    this.#cache = cache;
  }

  get version(): number | undefined {
    return this.#whole.version;
  }

  get state(): string | undefined {
    const whole = this.#whole.state;
    if (whole === undefined) return undefined;
    if (this.#stateOf?.whole !== whole) this.#stateOf = { whole, state: `${whole}${SEP}${this.#left.key}` };
    return this.#stateOf.state;
  }

  changesSince(state: string): ReadonlySet<string> | undefined {
    const at = state.indexOf(SEP);
    if (at < 0 || state.slice(at + SEP.length) !== this.#left.key) return undefined;
    return this.#whole.changesSince?.(state.slice(0, at));
  }

  get(path: string): SnapshotEntry | undefined {
    const e = this.#whole.get(path);
    if (!e) return undefined;
    let seen = this.#cache.get(e);
    if (seen === undefined) this.#cache.set(e, (seen = this.#published(path, e)));
    return seen ?? undefined;
  }

  ok<T>(path: string): T | undefined {
    const e = this.get(path);
    return e && e.status >= 200 && e.status <= 299 ? (e.body as T) : undefined;
  }

  paths(): string[] {
    return this.#whole.sortedPaths().filter((p) => this.get(p) !== undefined);
  }

  entries(): SnapshotEntry[] {
    const out: SnapshotEntry[] = [];
    for (const p of this.#whole.sortedPaths()) {
      const e = this.get(p);
      if (e) out.push(e);
    }
    return out;
  }

  get size(): number {
    return this.paths().length;
  }

  /** The entry as published: null when it is a left-out record's own response, else with its lists filtered. */
  #published(path: string, e: SnapshotEntry): SnapshotEntry | null {
    if (ownResponse(path, this.#left)) return null;
    if (NOT_WALKED.test(path)) return e;
    const body = filtered(e.body, this.#left);
    if (body === e.body) return e;
    const { quarantined: _q, etag: _e, lastModified: _l, ...rest } = e;
    return { ...rest, body, hash: entryHash(e.status, body) };
  }
}

/** Whether an API path is a left-out record's own: its details, its category's or sub-category's listings. */
function ownResponse(path: string, left: LeftOut): boolean {
  if (left.postPaths.has(path)) return true;
  const segs = path.split('?')[0].split('/').slice(1).map(decoded);
  if (segs[0] !== 'api') return false;
  const [, group, what, a, b] = segs;
  if (group === 'post') {
    if ((what === 'topic' || what === 'asidetopic' || what === 'postdetails' || what === 'preview-post' || what === 'search') && isTwinCategory(a)) return true;
    if (what === 'topic' && b !== undefined && left.subcatSlugs.has(b)) return true;
    if (what === 'tag' && left.subcatSlugs.has(a)) return true;
  }
  if (group === 'author' && what === 'posts' && b !== undefined && left.subcatSlugs.has(b)) return true;
  if (group === 'event' && what === 'eventdetails' && left.eventSlugs.has(a)) return true;
  return false;
}

function decoded(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

/** Whether a list item is a left-out record (or a post of a left-out category). */
function leftOutItem(v: unknown, left: LeftOut): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  // Recognised as src/api/quarantine.ts recordId does: a post names its sub-category and category too.
  if ('post_name' in r) return (typeof r.id === 'number' && left.posts.has(r.id)) || isTwinCategory(r.cat_slug);
  if ('event_id' in r) return typeof r.event_id === 'number' && left.events.has(r.event_id);
  if ('subcat_id' in r && 'subcat_slug' in r) return typeof r.subcat_id === 'number' && left.subcats.has(r.subcat_id);
  if ('cat_id' in r && 'cat_slug' in r) return isTwinCategory(r.cat_slug);
  return false;
}

/**
 * `body` without left-out items in any list, and a kept post's reference to a left-out sub-category
 * removed; the very same objects where nothing changed, so what is derived from them is kept.
 */
function filtered(body: unknown, left: LeftOut): unknown {
  if (Array.isArray(body)) {
    let out: unknown[] | undefined;
    body.forEach((item, i) => {
      const drop = leftOutItem(item, left);
      const next = drop ? item : filtered(item, left);
      if (!out && (drop || next !== item)) out = body.slice(0, i);
      if (out && !drop) out.push(next);
    });
    return out ?? body;
  }
  if (typeof body !== 'object' || body === null) return body;
  const r = body as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(r)) {
    const next = filtered(r[k], left);
    if (next !== r[k]) (out ??= { ...r })[k] = next;
  }
  if ('post_name' in r && typeof r.subcat_slug === 'string' && left.subcatSlugs.has(r.subcat_slug)) {
    out ??= { ...r };
    out.subcat_slug = null;
    if ('subcat_name' in r) out.subcat_name = null;
  }
  return out ?? body;
}
