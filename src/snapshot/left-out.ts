// Which records the build leaves out as path twins (docs/decisions/0112-quarantine-one-view.md): two
// records whose pages or folders would be one name on a case-insensitive or normalising disk (macOS,
// Windows, a zip). Decided here, once per snapshot, from the records themselves, so the published
// view (./published-view.ts) leaves them out of every page, link, menu, sitemap, feed, mirror file
// and search entry. Of two twins the first by URL path, then record, in code-unit order stays; of a
// category, the site's own (CATEGORY_SLUGS) stays and the twin goes with its posts.
import { ep } from '../api/endpoints.ts';
import type { Quarantined } from '../api/quarantine.ts';
import { CATEGORY_SLUGS, type EventItem, type SubCategory } from '../api/types.ts';
import { changedPlaces } from '../lists/list-change.ts';
import { listedDetails, type ListedDetails } from '../site/common.ts';
import type { SiteKept } from '../site/kept.ts';
import { outputFileFor, paths } from '../site/paths.ts';
import { checkSlug, collisionKey } from '../site/slug.ts';
import type { SnapshotView } from '../site/types.ts';

/** The records left out, by kind; `key` names the set (equal sets, equal keys; '' for none). */
export interface LeftOut {
  readonly key: string;
  readonly posts: ReadonlySet<number>;
  /** Post details paths of the left-out posts (not one a kept post has too). */
  readonly postPaths: ReadonlySet<string>;
  readonly subcats: ReadonlySet<number>;
  /** Slugs of the left-out sub-categories that no kept one has. */
  readonly subcatSlugs: ReadonlySet<string>;
  readonly events: ReadonlySet<number>;
  /** Slugs of the left-out events that no kept one has. */
  readonly eventSlugs: ReadonlySet<string>;
  /** Category slugs that are twins of the site's categories (their posts go with them). */
  readonly categories: ReadonlySet<string>;
  /** For the build report, sorted by the caller (src/pipeline/quarantine.ts). */
  readonly records: readonly Quarantined[];
}

const SITE_CATEGORY_KEYS: ReadonlyMap<string, string> = new Map(CATEGORY_SLUGS.map((s) => [collisionKey(s), s]));

/** A category slug the site does not have, on the folder of one it has (`News` beside `news`). */
export function isTwinCategory(slug: unknown): boolean {
  if (typeof slug !== 'string') return false;
  const own = SITE_CATEGORY_KEYS.get(collisionKey(slug));
  return own !== undefined && own !== slug;
}

interface Candidate<T> {
  path: string;
  record: string;
  item: T;
}

const byPathThenRecord = (a: Candidate<unknown>, b: Candidate<unknown>) => cmp(a.path, b.path) || cmp(a.record, b.record);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The twins among `all` (all but the first of each group on one file), each with the one kept. */
function twinsOf<T>(all: readonly Candidate<T>[]): [Candidate<T>, Candidate<T>][] {
  const groups = new Map<string, Candidate<T>[]>();
  for (const c of all) {
    // Which paths share a file is the same in either page-file layout; the folder one names it.
    const key = collisionKey(outputFileFor(c.path, 'folder'));
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const out: [Candidate<T>, Candidate<T>][] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort(byPathThenRecord);
    for (const twin of group.slice(1)) if (twin.path !== group[0].path || twin.record !== group[0].record) out.push([twin, group[0]]);
  }
  return out;
}

const WINS = '(of two twins the first by path, then record, in code-unit order wins)';

/**
 * A session's listed posts grouped by collision key, patched by the slots that changed: grouping every
 * post again was O(site) a publish. Only the latest grouping is kept.
 */
export interface LeftOutKept {
  posts?: PostGroups;
}

interface PostGroups {
  details: readonly ListedDetails[];
  /** Each slot's collision key. */
  keys: string[];
  /** Collision key -> the slots on it. */
  groups: Map<string, number[]>;
  /** The keys of more than one slot. */
  shared: Set<string>;
}

// The folder an article is in is `{cat}/{name}`: decoding its encoded path gives these segments back.
// A listed post without a page (no details, a draft) competes with no one: a key of its own slot.
const postKey = (d: ListedDetails, i: number): string =>
  !d.post || (d.post.post_status && d.post.post_status !== 'publish') ? `\u0000${i}` : collisionKey(`${d.item.cat_slug}/${d.item.post_name}`);

function postGroups(details: readonly ListedDetails[], kept: LeftOutKept | undefined): PostGroups {
  const last = kept?.posts;
  if (last && last.details === details) return last;
  const redo = last && changedPlaces(last.details, details);
  let made: PostGroups;
  if (last && redo) {
    const { keys, groups, shared } = last;
    for (const i of redo) {
      const was = keys[i];
      const key = postKey(details[i], i);
      if (key === was) continue;
      const from = groups.get(was)!;
      from.splice(from.indexOf(i), 1);
      if (from.length === 0) groups.delete(was);
      if (from.length <= 1) shared.delete(was);
      const to = groups.get(key);
      if (to) (to.push(i), shared.add(key));
      else groups.set(key, [i]);
      keys[i] = key;
    }
    made = { details, keys, groups, shared };
  } else {
    const keys = details.map((d, i) => postKey(d, i));
    const groups = new Map<string, number[]>();
    const shared = new Set<string>();
    keys.forEach((key, i) => {
      const group = groups.get(key);
      if (group) (group.push(i), shared.add(key));
      else groups.set(key, [i]);
    });
    made = { details, keys, groups, shared };
  }
  if (kept) kept.posts = made;
  return made;
}

/** The records of `snap` left out as twins; `kept`: the session's site part (the listed posts are the plan's own answer) and this decision's. */
export function leftOutOf(snap: SnapshotView, kept?: SiteKept, own?: LeftOutKept): LeftOut {
  const records: Quarantined[] = [];
  const posts = new Set<number>();
  const postPaths = new Set<string>();
  const details = listedDetails(snap, kept);
  const grouped = postGroups(details, own);
  const postCandidates: Candidate<{ id: number; path: string }>[] = [];
  for (const key of [...grouped.shared].sort()) {
    for (const i of grouped.groups.get(key)!) {
      const d = details[i];
      const { id, cat_slug, post_name } = d.item;
      postCandidates.push({ path: paths.article(cat_slug, post_name), record: `post ${id} (${cat_slug}/${post_name})`, item: { id, path: d.path } });
    }
  }
  // The crawl keeps slugs in NFC (src/crawl/normalise.ts): an NFC/NFD twin's own responses are then
  // the kept one's, and only its list items go.
  for (const [twin, first] of twinsOf(postCandidates)) {
    posts.add(twin.item.id);
    if (twin.item.path !== first.item.path) postPaths.add(twin.item.path);
    records.push({ endpoint: twin.item.path, id: twin.record, reason: `writes the same file ${outputFileFor(twin.path, 'folder')} as ${first.record}, which is published ${WINS}` });
  }

  const subcats = new Set<number>();
  const subcatSlugs = new Set<string>();
  const subList = snap.ok<SubCategory[]>(ep.subcatList());
  const subCandidates = (Array.isArray(subList) ? subList : [])
    .filter((s) => s && checkSlug(s.subcat_slug).ok)
    .map((s) => ({ path: paths.tag(s.subcat_slug), record: `sub-category ${s.subcat_id} (${s.subcat_slug})`, item: s }));
  for (const [twin, first] of twinsOf(subCandidates)) {
    subcats.add(twin.item.subcat_id);
    if (twin.item.subcat_slug !== first.item.subcat_slug) subcatSlugs.add(twin.item.subcat_slug);
    records.push({ endpoint: ep.subcatList(), id: twin.record, reason: `its pages are in the same folder as those of ${first.record}, which is published ${WINS}` });
  }

  const events = new Set<number>();
  const eventSlugs = new Set<string>();
  const eventCandidates: Candidate<{ ev: EventItem; list: string }>[] = [];
  const seen = new Set<number>();
  for (const list of [ep.eventsAll, ep.eventsUpcoming, ep.eventsPast]) {
    const pages = (snap.ok<any>(list(1))?.responseData?.pagination?.totalPages as number | undefined) ?? 1;
    for (let n = 1; n <= Math.max(1, Math.min(pages, 100_000)); n++) {
      for (const ev of (snap.ok<any>(list(n))?.responseData?.eventData ?? []) as EventItem[]) {
        // An event without its details has no page to compete for (src/site/kinds/events.ts).
        if (!ev || seen.has(ev.event_id) || !checkSlug(ev.event_slug).ok || !snap.ok<any>(ep.eventDetails(ev.event_slug))?.eventData?.[0]) continue;
        seen.add(ev.event_id);
        eventCandidates.push({ path: paths.event(ev.event_slug), record: `event ${ev.event_id} (${ev.event_slug})`, item: { ev, list: list(n) } });
      }
    }
  }
  for (const [twin, first] of twinsOf(eventCandidates)) {
    events.add(twin.item.ev.event_id);
    if (twin.item.ev.event_slug !== first.item.ev.event_slug) eventSlugs.add(twin.item.ev.event_slug);
    records.push({ endpoint: twin.item.list, id: twin.record, reason: `writes the same file ${outputFileFor(twin.path, 'folder')} as ${first.record}, which is published ${WINS}` });
  }

  const categories = new Set<string>();
  const catBody = snap.ok<any>(ep.categoryAll());
  const catList: { cat_id?: unknown; cat_slug?: unknown }[] = Array.isArray(catBody) ? catBody : Array.isArray(catBody?.category) ? catBody.category : [];
  for (const c of catList) {
    if (!c || !isTwinCategory(c.cat_slug)) continue;
    const slug = c.cat_slug as string;
    categories.add(slug);
    records.push({ endpoint: ep.categoryAll(), id: `category ${String(c.cat_id)} (${slug})`, reason: `its pages are in the same folder as those of category ${SITE_CATEGORY_KEYS.get(collisionKey(slug))}, the site's own; left out with its posts` });
  }

  const key = records.length === 0 ? '' : records.map((q) => q.id).sort().join('\u0000');
  return { key, posts, postPaths, subcats, subcatSlugs, events, eventSlugs, categories, records };
}
