// The CDN purgers' requests as their APIs document them (docs/deploying.md, "CDN purge"),
// checked against a local recorder (node:http on 127.0.0.1, port 0) that answers as the real
// service would: Cloudflare's purge_cache (method, path, Bearer token, batches of 30, a 429
// retried after Retry-After), CloudFront's CreateInvalidation through the real SDK (a SigV4
// Authorization header, the XML batch, CallerReference) and Varnish/Fastly-style PURGE requests
// (Host, the token header, bounded concurrency). Varnish itself: ./deploy-varnish.test.ts.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { purgePaths, purgerFor, runPurges } from '../../src/deploy/purge/index.ts';
import { callerReference } from '../../src/deploy/purge/cloudfront.ts';
import { isPressroomError } from '../../src/errors/errors.ts';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = (req: Recorded, n: number) => { status: number; headers?: Record<string, string>; body?: string } | Promise<{ status: number; headers?: Record<string, string>; body?: string }>;

let server: Server;
let origin: string;
let requests: Recorded[] = [];
let answer: Answer = () => ({ status: 200 });
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', async () => {
      const r: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(r);
      const a = await answer(r, requests.length);
      inFlight--;
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});
afterEach(() => {
  requests = [];
  answer = () => ({ status: 200 });
  maxInFlight = 0;
});

/** A rejection's catalogue code and message. */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isPressroomError(e)) return `${e.code} ${e.message}`;
    throw e;
  }
  throw new Error('expected the purge to fail');
}

/** `n` changed article pages' files, as the manifest names them. */
const pages = (n: number) => Array.from({ length: n }, (_, i) => `news/story-${String(i).padStart(3, '0')}/index.html`);
const SITE = 'https://news.example.com';
const RELEASE = '20260115-120000';

describe('cloudflare', () => {
  const cfOk = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'abc' } }) });
  const make = (extra: Record<string, unknown> = {}) => purgerFor({ name: 'cf', type: 'cloudflare', zone: 'ZONE123', endpoint: `${origin}/client/v4`, ...extra }, { CLOUDFLARE_API_TOKEN: 'cf-token' });

  it('posts absolute URLs to the zone purge_cache in batches of 30, with the Bearer token', async () => {
    answer = cfOk;
    const paths = [...purgePaths(pages(21), { basePath: '' }), '/feed.xml', '/sitemap.xml'];
    expect(paths).toHaveLength(65);
    const report = await make().purge(paths, { siteUrl: SITE, release: RELEASE });
    expect(report).toEqual({ requests: 3, urls: 65 });
    expect(requests.map((r) => [r.method, r.url, r.headers.authorization, r.headers['content-type']])).toEqual(Array(3).fill(['POST', '/client/v4/zones/ZONE123/purge_cache', 'Bearer cf-token', 'application/json']));
    const batches = requests.map((r) => (JSON.parse(r.body) as { files: string[] }).files);
    expect(batches.map((b) => b.length)).toEqual([30, 30, 5]);
    expect(batches.flat()).toEqual(paths.map((p) => `${SITE}${p}`));
    expect(batches[0].slice(0, 3)).toEqual([`${SITE}/news/story-000`, `${SITE}/news/story-000/`, `${SITE}/news/story-000/index.html`]);
  });

  it('names URLs under the base path once (site.url already ends in it), and honours batchSize', async () => {
    answer = cfOk;
    const paths = purgePaths(['index.html', 'about/index.html'], { basePath: '/project' });
    await make({ batchSize: 100 }).purge(paths, { siteUrl: 'https://user.github.io/project', release: RELEASE });
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0].body).files).toEqual([
      'https://user.github.io/project/about',
      'https://user.github.io/project/about/',
      'https://user.github.io/project/about/index.html',
      'https://user.github.io/project',
      'https://user.github.io/project/',
      'https://user.github.io/project/index.html',
    ]);
  });

  it('retries a batch answered 429 after its Retry-After', async () => {
    answer = (_r, n) => (n === 2 ? { status: 429, headers: { 'retry-after': '0', 'content-type': 'application/json' }, body: JSON.stringify({ success: false, errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }] }) } : cfOk());
    const report = await make().purge(purgePaths(pages(20), { basePath: '' }), { siteUrl: SITE, release: RELEASE });
    expect(report).toEqual({ requests: 3, urls: 60 });
    expect(requests).toHaveLength(3);
    // The retried batch is the same request again.
    expect(requests[2].body).toBe(requests[1].body);
  });

  it('gives up after a bounded number of 429s, naming the purge, the batch and the status', async () => {
    answer = () => ({ status: 429, headers: { 'retry-after': '0' }, body: '{"success":false,"errors":[{"code":971,"message":"Please wait"}]}' });
    const msg = await failure(make().purge(['/a'], { siteUrl: SITE, release: RELEASE }));
    expect(msg).toMatch(/^PR_DEPLOY_PURGE The CDN purge cf failed for .*\/zones\/ZONE123\/purge_cache .*status 429 after 5 attempts: 971 Please wait/);
    expect(requests).toHaveLength(5);
  });

  it('reports Cloudflare\'s own errors, without retrying a refused request', async () => {
    answer = () => ({ status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ success: false, errors: [{ code: 10000, message: 'Authentication error' }] }) });
    expect(await failure(make().purge(['/a'], { siteUrl: SITE, release: RELEASE }))).toMatch(/status 403: 10000 Authentication error/);
    expect(requests).toHaveLength(1);
    // A 200 whose body says it failed is a failure too.
    requests = [];
    answer = () => ({ status: 200, body: JSON.stringify({ success: false, errors: [{ code: 1012, message: 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"' }] }) });
    expect(await failure(make().purge(['/a'], { siteUrl: SITE, release: RELEASE }))).toMatch(/status 200: 1012 Request must contain/);
  });

  it('sends nothing for no paths', async () => {
    expect(await make().purge([], { siteUrl: SITE, release: RELEASE })).toEqual({ requests: 0, urls: 0 });
    expect(requests).toHaveLength(0);
  });
});

describe('cloudfront', () => {
  const created = (r: Recorded) => {
    const ref = /<CallerReference>([^<]*)<\/CallerReference>/.exec(r.body)?.[1] ?? '';
    return {
      status: 201,
      headers: { 'content-type': 'text/xml', location: `${origin}/2020-05-31/distribution/E2EXAMPLE/invalidation/I1` },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>I1</Id><Status>InProgress</Status><CreateTime>2026-01-15T12:00:00.000Z</CreateTime><InvalidationBatch><Paths><Quantity>1</Quantity><Items><Path>/x</Path></Items></Paths><CallerReference>${ref}</CallerReference></InvalidationBatch></Invalidation>`,
    };
  };
  const env = { AWS_ACCESS_KEY_ID: 'AKIDPRESSROOMTEST', AWS_SECRET_ACCESS_KEY: 'secret-for-the-recorder' };
  const make = (extra: Record<string, unknown> = {}) => purgerFor({ name: 'cdn', type: 'cloudfront', distribution: 'E2EXAMPLE', endpoint: origin, ...extra }, env);
  const items = (body: string) => [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => m[1]);

  it('creates one invalidation of the exact paths, signed with SigV4, with a CallerReference from the release and the paths', async () => {
    answer = created;
    const paths = purgePaths(['news/caf\u00e9/index.html', 'index.html', 'data/articles/x.json'], { basePath: '' });
    expect(await make().purge(paths, { siteUrl: SITE, release: RELEASE })).toEqual({ requests: 1, urls: paths.length });
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/2020-05-31/distribution/E2EXAMPLE/invalidation');
    expect(r.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDPRESSROOMTEST\/\d{8}\/us-east-1\/cloudfront\/aws4_request, SignedHeaders=[a-z0-9;-]*\bhost\b[a-z0-9;-]*, Signature=[0-9a-f]{64}$/);
    expect(r.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(r.body).toContain('<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/">');
    expect(r.body).toContain(`<CallerReference>${callerReference(RELEASE, paths)}</CallerReference>`);
    expect(r.body).toContain(`<Quantity>${paths.length}</Quantity>`);
    // URL-encoded as CloudFront asks for non-ASCII characters, and as the site links them.
    expect(items(r.body)).toEqual(['/data/articles/x.json', '/', '/index.html', '/news/caf%C3%A9', '/news/caf%C3%A9/', '/news/caf%C3%A9/index.html']);
  });

  it('invalidates one wildcard under the base path when the paths pass CloudFront\'s limit in progress', async () => {
    answer = created;
    const paths = purgePaths(pages(4), { basePath: '/project' });
    await make({ maxPaths: 10 }).purge(paths, { siteUrl: 'https://d111111abcdef8.cloudfront.net/project', release: RELEASE });
    expect(items(requests[0].body)).toEqual(['/project/*']);
    expect(requests[0].body).toContain('<Quantity>1</Quantity>');
  });

  it('reports a refused invalidation with the status and CloudFront\'s error code', async () => {
    answer = () => ({
      status: 400,
      headers: { 'content-type': 'text/xml' },
      body: '<?xml version="1.0"?>\n<ErrorResponse xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Error><Type>Sender</Type><Code>TooManyInvalidationsInProgress</Code><Message>Processing your request will cause you to exceed the maximum number of in-progress wildcard invalidations.</Message></Error><RequestId>r1</RequestId></ErrorResponse>',
    });
    const msg = await failure(make().purge(['/a'], { siteUrl: SITE, release: RELEASE }));
    expect(msg).toMatch(/^PR_DEPLOY_PURGE The CDN purge cdn failed for CreateInvalidation of 1 path\(s\) on distribution E2EXAMPLE .*status 400, TooManyInvalidationsInProgress/);
  });
});

describe('http (Varnish, Fastly)', () => {
  it('sends one PURGE per path to the cache with the site\'s Host, at most 8 at a time', async () => {
    answer = async () => {
      // Hold each answer for a turn of the event loop, so requests overlap as they would on a network.
      await new Promise((ok) => setImmediate(ok));
      return { status: 200, body: 'Purged' };
    };
    const paths = purgePaths(pages(20), { basePath: '' });
    const report = await purgerFor({ name: 'varnish', type: 'http', url: `${origin}/` }, {}).purge(paths, { siteUrl: SITE, release: RELEASE });
    expect(report).toEqual({ requests: 60, urls: 60 });
    expect(requests.map((r) => r.url).sort()).toEqual([...paths].sort());
    expect(new Set(requests.map((r) => `${r.method} ${r.headers.host}`))).toEqual(new Set(['PURGE news.example.com']));
    expect(maxInFlight).toBeLessThanOrEqual(8);
  });

  it('sends the token in the configured header, the configured method and Host; 404 (not cached) is a success', async () => {
    answer = () => ({ status: 404 });
    await purgerFor({ name: 'fastly', type: 'http', url: origin, method: 'purge', header: 'Fastly-Key', host: 'www.example.org' }, { PRESSROOM_PURGE_TOKEN_FASTLY: 'fk' }).purge(['/a'], { siteUrl: SITE, release: RELEASE });
    expect(requests.map((r) => [r.method, r.url, r.headers.host, r.headers['fastly-key']])).toEqual([['PURGE', '/a', 'www.example.org', 'fk']]);
  });

  it('fails on any other status or an unreachable cache, naming the purge, the URL and the status', async () => {
    answer = () => ({ status: 405, body: '<html><body><h1>Error 405 Method Not Allowed</h1></body></html>' });
    const p = purgerFor({ name: 'varnish', type: 'http', url: origin }, {});
    expect(await failure(p.purge(['/a'], { siteUrl: SITE, release: RELEASE }))).toBe(`PR_DEPLOY_PURGE The CDN purge varnish failed for PURGE ${origin}/a (Host: news.example.com): status 405: Error 405 Method Not Allowed`);
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    expect(await failure(purgerFor({ name: 'varnish', type: 'http', url: `http://127.0.0.1:${port}` }, {}).purge(['/a'], { siteUrl: SITE, release: RELEASE }))).toMatch(/^PR_DEPLOY_PURGE .*ECONNREFUSED/);
  });
});

describe('runPurges', () => {
  it('purges every cache with the changed files\' paths; one that fails does not stop the others', async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const down = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((ok) => closed.close(ok));
    const purgers = [purgerFor({ name: 'down', type: 'http', url: down }, {}), purgerFor({ name: 'up', type: 'http', url: origin }, {})];
    const outcomes = await runPurges(purgers, ['about/index.html'], { basePath: '/project', siteUrl: 'https://user.github.io/project', release: RELEASE });
    expect(outcomes.map((o) => [o.name, o.urls, o.error?.code])).toEqual([
      ['down', 0, 'PR_DEPLOY_PURGE'],
      ['up', 3, undefined],
    ]);
    expect(requests.map((r) => r.url).sort()).toEqual(['/project/about', '/project/about/', '/project/about/index.html']);
    expect(requests.every((r) => r.headers.host === 'user.github.io')).toBe(true);
    // Nothing changed: nothing is sent.
    requests = [];
    expect((await runPurges(purgers, [], { basePath: '', siteUrl: SITE, release: RELEASE })).map((o) => o.requests)).toEqual([0, 0]);
    expect(requests).toHaveLength(0);
  });
});
