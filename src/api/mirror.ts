// The static JSON mirror: every crawled GET is published under out/data/ so the client reads pages,
// tabs and show-more from the static host (docs/architecture.md, "Data on the client"). One function
// gives the URL, one the file, so they cannot disagree:
//   /api/post/topic/news?limit=10&page=2  ->  /data/post/topic/news@limit=10,page=2.json
// '@' and ',' never occur in checked slugs, so a mirror path maps back to one request.

const PREFIX = '/api/';

export function mirrorUrl(apiPath: string): string {
  if (!apiPath.startsWith(PREFIX)) throw new Error(`not an API path: ${apiPath}`);
  const q = apiPath.indexOf('?');
  const path = q === -1 ? apiPath : apiPath.slice(0, q);
  const query = q === -1 ? '' : `@${apiPath.slice(q + 1).split('&').join(',')}`;
  return `/data/${path.slice(PREFIX.length)}${query}.json`;
}

/** Relative file path inside out/ for a mirror URL (percent-escapes decoded per segment). */
export function mirrorFile(apiPath: string): string {
  return mirrorUrl(apiPath)
    .slice(1)
    .split('/')
    .map((seg) => decodeURIComponent(seg))
    .join('/');
}
