// Tiny HTTP helpers for the sample API tests: everything goes over real HTTP.
export async function getJson(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export async function postJson(base: string, path: string, body: unknown) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** post_date DESC, id DESC */
export function isNewestFirst(items: { id: number; post_date: string }[]): boolean {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1];
    const b = items[i];
    if (a.post_date < b.post_date || (a.post_date === b.post_date && a.id < b.id)) return false;
  }
  return true;
}
