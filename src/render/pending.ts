// After renderToString, a crawled-GET query still pending means the page read data its route did not
// declare in `deps`, and would prerender a skeleton. Disabled and live-API queries do not count.
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
