// The view count (docs/pages.md, "Article") against the sample API:
// POST post_count/{id} with {postId}; the IP lookup only when configured;
// 'HTTP error! Status: {status}' on anything but 200.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendViewCount } from '../../../../src/app/lib/view-count.ts';
import { startSampleApi, type SampleApi } from '../../../../src/sample-api/index.ts';

let api: SampleApi;
let lookup: Server;
let lookupUrl = '';
let lookups = 0;

beforeAll(async () => {
  api = await startSampleApi({ port: 0 });
  lookup = createServer((_req, res) => {
    lookups += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ip: '203.0.113.7' }));
  });
  await new Promise<void>((r) => lookup.listen(0, '127.0.0.1', r));
  lookupUrl = `http://127.0.0.1:${(lookup.address() as AddressInfo).port}/?format=json`;
});
afterAll(async () => {
  await api.close();
  await new Promise((r) => lookup.close(r));
});

const published = () => api.corpus.posts.filter((p) => p.status === 'publish')[3].id;

describe('sendViewCount', () => {
  it('records a view without calling the IP lookup when it is disabled (the default)', async () => {
    const id = published();
    const before = api.store.viewCount(id);
    await sendViewCount({ base: api.url, postId: id, ipLookup: { enabled: false, url: lookupUrl } });
    expect(api.store.viewCount(id)).toBe(before + 1);
    expect(lookups).toBe(0);
  });

  it('sends the looked-up address as ip_addr when the lookup is enabled', async () => {
    const id = published();
    await sendViewCount({ base: api.url, postId: id, ipLookup: { enabled: true, url: lookupUrl } });
    expect(lookups).toBe(1);
    expect(api.store.views.get(id)?.has('203.0.113.7')).toBe(true);
  });

  it("throws 'HTTP error! Status: 404' for a post the API does not count", async () => {
    await expect(sendViewCount({ base: api.url, postId: 999_999, ipLookup: { enabled: false, url: lookupUrl } })).rejects.toThrow(/^HTTP error! Status: 404$/);
  });

  it('treats any status but 200 as an error', async () => {
    api.setFaults('error=1,status=502,path=/api/post/post_count/*');
    try {
      await expect(sendViewCount({ base: api.url, postId: published(), ipLookup: { enabled: false, url: lookupUrl } })).rejects.toThrow('HTTP error! Status: 502');
    } finally {
      api.setFaults(null);
    }
  });
});
