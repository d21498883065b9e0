// An HTTP relay in front of the sample API whose answers to the paths a test picks lose their
// `posts.pagination`: an API that breaks one listing's shape, for `pressroom check` and the crawl.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startPaginationStripper(target: string, strip: (path: string) => boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const upstream = await fetch(target + req.url);
    let body = await upstream.text();
    if (upstream.ok && strip(req.url!)) {
      const json = JSON.parse(body);
      delete json.posts.pagination;
      body = JSON.stringify(json);
    }
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(() => ok())) };
}
