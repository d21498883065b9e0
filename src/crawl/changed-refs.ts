// What a change-driven crawl re-reads first, from the REFs (../webhook/refs.ts) and the previous
// snapshot: API paths to re-fetch, and the posts, events and authors whose every showing must be
// re-read (./changed.ts). A route is read through its last deps, or a new page through its URL pattern.
import { ep } from '../api/endpoints.ts';
import { CATEGORY_SLUGS } from '../api/types.ts';
import { formatRef, type Ref } from '../webhook/refs.ts';

export interface Targets {
  /** Responses re-fetched as they are (ads, a named API path). */
  paths: Set<string>;
  /** The REFs that named each of `paths` (formatRef): the ones dropped when it cannot be fetched (./changed.ts). */
  namedBy: Map<string, string[]>;
  /** Details paths the last build did not have: a post is found by its id once fetched. */
  newDetails: string[];
  posts: Set<number>;
  events: Set<string>;
  authors: Set<string>;
  /** The sub-category list changed: a renamed or removed one changes its posts (./changed.ts). */
  categories: boolean;
}

const decode = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};

export function resolveRefs(
  refs: readonly Ref[],
  /** The id of the post the last build listed with these details (an API path), if any. */
  idOfDetails: (path: string) => number | undefined,
  routeDeps: (path: string) => readonly string[] | undefined,
): Targets | { fallback: string } {
  const t: Targets = { paths: new Set(), namedBy: new Map(), newDetails: [], posts: new Set(), events: new Set(), authors: new Set(), categories: false };
  /** The REF being resolved, for namedBy. */
  let naming = '';
  const fetchAsIs = (path: string): void => {
    t.paths.add(path);
    const refs = t.namedBy.get(path);
    if (!refs) t.namedBy.set(path, [naming]);
    else if (!refs.includes(naming)) refs.push(naming);
  };

  const apiPath = (path: string): void => {
    const [, kind, a, b] = /^\/api\/(post\/postdetails|event\/eventdetails|author\/details|author\/posts)\/([^/?]+)(?:\/([^/?]+))?/.exec(path) ?? [];
    const one = a === undefined ? undefined : decode(a);
    if (kind === 'post/postdetails' && one !== undefined && b !== undefined) {
      const id = idOfDetails(path);
      if (id !== undefined) t.posts.add(id);
      else {
        fetchAsIs(path);
        t.newDetails.push(path);
      }
    } else if (kind === 'event/eventdetails' && one !== undefined) t.events.add(one);
    else if ((kind === 'author/details' || kind === 'author/posts') && one !== undefined) t.authors.add(one);
    else fetchAsIs(path);
  };

  for (const ref of refs) {
    naming = formatRef(ref);
    switch (ref.kind) {
      case 'post':
        t.posts.add(ref.id);
        break;
      case 'event':
        t.events.add(ref.slug);
        break;
      case 'author':
        t.authors.add(ref.name);
        break;
      case 'ads':
        fetchAsIs(ep.ads());
        break;
      case 'categories':
        t.categories = true;
        fetchAsIs(ep.subcatList());
        fetchAsIs(ep.categoryAll());
        break;
      case 'api':
        apiPath(ref.path);
        break;
      case 'route': {
        const deps = routeDeps(ref.path);
        if (deps) {
          deps.forEach(apiPath);
          break;
        }
        const seg = ref.path.split('/').slice(1).map(decode);
        if (seg.length === 2 && (seg[0] === 'events' || seg[0] === 'past-events') && seg[1]) t.events.add(seg[1]);
        else if (seg.length === 2 && seg[0] === 'author' && seg[1]) t.authors.add(seg[1]);
        else if (seg.length === 2 && seg[0] && seg[1] && (CATEGORY_SLUGS as readonly string[]).includes(seg[0])) apiPath(ep.postDetails(seg[0], seg[1]));
        else return { fallback: `${formatRef(ref)} is not a page of the last build` };
        break;
      }
    }
  }
  return t;
}
