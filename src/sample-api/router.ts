// One handler per path (the real service registered one twice). Paths are split on '/' before
// decoding, so %2F stays inside its segment, as in Express. Routes: the contract's GETs, its form
// POSTs, and `--mutable`'s editing endpoints.

import type { EditHandler, EditMethod } from './mutable-routes.ts';
import type { GetHandler } from './routes-posts.ts';
import type { PostHandler } from './routes-other.ts';

export type Route =
  | { kind: 'get'; method: 'GET'; segs: string[]; handler: GetHandler }
  | { kind: 'form'; method: 'POST'; segs: string[]; handler: PostHandler }
  | { kind: 'edit'; method: EditMethod; segs: string[]; handler: EditHandler };

export type Match =
  | { kind: 'found'; route: Route; params: string[] }
  /** `edit`: the path is an editing endpoint (no CORS preflight for it) */
  | { kind: 'method'; allow: string[]; edit: boolean }
  | { kind: 'none' }
  | { kind: 'bad'; reason: string };

export class Router {
  private routes: Route[] = [];

  constructor(gets: [string, GetHandler][], posts: [string, PostHandler][], edits: [EditMethod, string, EditHandler][] = []) {
    const seen = new Set<string>();
    const add = (method: string, path: string) => {
      const key = `${method} ${path.replace(/:\w+/g, ':')}`;
      if (seen.has(key)) throw new Error(`sample API: route registered twice: ${key}`);
      seen.add(key);
      return path.split('/').slice(1);
    };
    for (const [p, handler] of gets) this.routes.push({ kind: 'get', method: 'GET', segs: add('GET', p), handler });
    for (const [p, handler] of posts) this.routes.push({ kind: 'form', method: 'POST', segs: add('POST', p), handler });
    for (const [method, p, handler] of edits) this.routes.push({ kind: 'edit', method, segs: add(method, p), handler });
  }

  match(method: string, rawPath: string): Match {
    let segs: string[];
    try {
      segs = rawPath.split('/').slice(1).map((s) => decodeURIComponent(s));
    } catch {
      return { kind: 'bad', reason: 'malformed percent-encoding in the path' };
    }
    const allow = new Set<string>();
    let edit = false;
    let best: { route: Route; params: string[]; literals: number } | null = null;
    for (const route of this.routes) {
      if (route.segs.length !== segs.length) continue;
      const params: string[] = [];
      let literals = 0;
      let okay = true;
      for (let i = 0; i < segs.length && okay; i++) {
        const pat = route.segs[i];
        if (pat.startsWith(':')) {
          if (segs[i] === '') okay = false;
          else params.push(segs[i]);
        } else if (pat === segs[i]) literals++;
        else okay = false;
      }
      if (!okay) continue;
      allow.add(route.method);
      edit ||= route.kind === 'edit';
      const m = method === 'HEAD' ? 'GET' : method;
      // The most specific route wins (more literal segments), independent of table order.
      if (route.method === m && (!best || literals > best.literals)) best = { route, params, literals };
    }
    if (best) return { kind: 'found', route: best.route, params: best.params };
    if (allow.size) return { kind: 'method', allow: edit ? [...allow] : [...allow, 'OPTIONS'], edit };
    return { kind: 'none' };
  }
}
