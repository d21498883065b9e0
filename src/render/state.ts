// The dehydrated query state embedded in each page. dehydrate() stamps `dehydratedAt: Date.now()`,
// which would make builds differ: it is fixed to 0 (with staleTime Infinity nothing refetches). Only
// seeded queries are dehydrated, in route.deps order. Serialising is the render's next biggest cost,
// and the shell's deps are the same on every page, so each query's JSON is cached in a small LRU.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { jsonForScript } from '../encoding/json.ts';
import { omitBody } from '../site/embedded-body.ts';

export class QueryJsonCache {
  private readonly map = new Map<string, string>();
  constructor(private readonly limit = 512) {}

  get(key: string): string | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: string): void {
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!);
  }
}

/** The escaped JSON of the seeded queries; `seeded`: query hash -> cache key, or null for no caching. */
export function dehydratedStateJson(client: QueryClient, seeded: ReadonlyMap<string, string | null>, cache: QueryJsonCache): string {
  const parts: string[] = [];
  for (const query of client.getQueryCache().getAll()) {
    if (!seeded.has(query.queryHash)) continue;
    const key = seeded.get(query.queryHash);
    let json = key ? cache.get(key) : undefined;
    if (json === undefined) {
      const [dq] = dehydrate(client, { shouldDehydrateQuery: (q) => q === query }).queries;
      const path = typeof query.queryKey[1] === 'string' ? query.queryKey[1] : '';
      json = jsonForScript({ ...dq, state: { ...dq.state, data: omitBody(path, dq.state.data) }, dehydratedAt: 0 });
      if (key) cache.set(key, json);
    }
    parts.push(json);
  }
  return `{"mutations":[],"queries":[${parts.join(',')}]}`;
}
