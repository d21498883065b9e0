// Requests that cannot be crawled go to the live API (docs/architecture.md, "Data on the client"),
// at the configured public API base ('' = the site's own origin).

export async function liveGet<T>(base: string, path: string, init: { signal?: AbortSignal } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, { headers: { accept: 'application/json' }, signal: init.signal });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  return { status: res.status, body: body as T };
}

export async function livePost(base: string, path: string, payload: unknown, init: { signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
    signal: init.signal,
  });
}
