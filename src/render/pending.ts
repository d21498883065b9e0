// After renderToString, a crawled-GET query still pending in the route's cache
// means the page read data its route did not declare in `deps` (on the server
// nothing fetches): the page would prerender a skeleton. Disabled queries
// (useApi(null)) and live-API queries are not crawled data and do not count.
import type { QueryClient } from '@tanstack/react-query';

export function pendingApiQueries(client: QueryClient): string[] {
  const keys: string[] = [];
  for (const q of client.getQueryCache().getAll()) {
    if (q.state.status !== 'pending') continue;
    const [scope, path] = q.queryKey as [unknown, unknown];
    if (scope !== 'api' || typeof path !== 'string' || path === '') continue;
    const enabled = (q.options as { enabled?: unknown }).enabled;
    if (enabled === false || (typeof enabled === 'function' && enabled(q) === false)) continue;
    keys.push(path);
  }
  return keys.sort();
}
