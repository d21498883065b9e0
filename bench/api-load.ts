// Load benchmark of the sample API at 50,000 posts, with a baseline measured in
// the same run: a bare node:http server answering a fixed JSON body. Each server
// runs in its own child process so autocannon (in this process) does not share
// an event loop with it.
//
//   node --import tsx bench/api-load.ts [--posts 50000] [--duration 8] [--connections 10]

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { appendHistory } from './history.ts';

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? def : Number(args[i + 1]);
};

async function serve(kind: string): Promise<void> {
  if (kind === 'baseline') {
    const body = Buffer.from(JSON.stringify({ success: true, message: 'static' }));
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      process.stdout.write(`READY http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}\n`);
    });
    return;
  }
  const { startSampleApi } = await import('../src/sample-api/index.ts');
  const t0 = performance.now();
  const api = await startSampleApi({ posts: opt('posts', 50_000) });
  const mem = Math.round(process.memoryUsage().rss / 1e6);
  process.stdout.write(`READY ${api.url} startup=${Math.round(performance.now() - t0)}ms rss=${mem}MB\n`);
}

function child(kind: string): Promise<{ proc: ChildProcess; url: string; info: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    proc.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /READY (\S+)(.*)\n/.exec(buf);
      if (m) resolve({ proc, url: m[1], info: m[2].trim() });
    });
    proc.on('exit', (code) => reject(new Error(`${kind} server exited early (${code})`)));
  });
}

interface Row { name: string; rps: number; p99: number; errors: number }

async function load(name: string, base: string, paths: string[]): Promise<Row> {
  const r = await autocannon({
    url: base,
    connections: opt('connections', 10),
    duration: opt('duration', 8),
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main(): Promise<void> {
  const baseline = await child('baseline');
  const sample = await child('sample');
  try {
    const { generateCorpus } = await import('../src/sample-api/index.ts');
    const corpus = generateCorpus({ posts: opt('posts', 50_000) });
    // Post details cycle over 2,000 different posts (the response cache holds 5,000),
    // search over 40 terms (search is never cached: every request scans 50,000 titles).
    const details = corpus.posts.filter((p) => p.status === 'publish').slice(0, 2000).map((p) => `/api/post/postdetails/${corpus.categories[p.cat].cat_slug}/${p.name}`);
    const terms = corpus.subcats.map((s) => `/api/post/search/all/${encodeURIComponent(s.subcat_name.toLowerCase())}?page=1&limit=10`);
    const rows = [
      await load('baseline: bare node:http, static JSON', baseline.url, ['/']),
      await load('topic page (news, page 3)', sample.url, ['/api/post/topic/news?page=3&limit=10']),
      await load('post details (2,000 posts cycled)', sample.url, details),
      await load('search (all, 40 terms, uncached)', sample.url, terms),
    ];
    const base = rows[0].rps;
    console.log(`\nsample API: ${opt('posts', 50_000)} posts, ${sample.info}; ${opt('connections', 10)} connections, ${opt('duration', 8)} s each\n`);
    console.log('| endpoint | req/s | p99 ms | vs baseline | errors |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${(r.rps / base).toFixed(2)} | ${r.errors} |`);
  } finally {
    baseline.proc.kill('SIGTERM');
    sample.proc.kill('SIGTERM');
  }
}

const serveIdx = args.indexOf('--serve');
if (serveIdx !== -1) await serve(args[serveIdx + 1]);
else {
  await main();
  appendHistory('api-load');
}
