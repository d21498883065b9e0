// The layer rule of src/ as data (docs/architecture.md, "Layout", shows it as a table, and
// ./layers.test.ts checks both that the table there is this one and that every import in src/
// and cli/ obeys it). The folders are in layer order: a folder may import only folders listed
// before it, and of those only the ones it names. Widening a row is a design decision made in
// review, not a way to silence the test; a folder that needs a later one means a piece sits in
// the wrong folder, or the later folder should pass it in.

export interface Layer {
  /** Root-relative, without the trailing slash. */
  folder: string;
  /** What it holds, for the table in docs/architecture.md. */
  holds: string;
  /** The folders (root-relative) whose modules it may import, besides its own; 'any' only for the CLI. */
  mayImport: readonly string[] | 'any';
}

export const LAYERS: readonly Layer[] = [
  { folder: 'src/errors', holds: 'the error catalogue: codes, messages, hints, exit classes', mayImport: [] },
  {
    folder: 'src/runtime',
    holds: 'the running process: where the package is, the slots of a session, values made once, heap growth and collections, kill points, two steps side by side',
    mayImport: ['src/errors'],
  },
  { folder: 'src/encoding', holds: 'HTML escaping, JSON for scripts and canonical JSON, ISO dates, FNV-1a', mayImport: ['src/errors'] },
  { folder: 'src/lists', holds: 'sorted lists, list changes, overlay maps and printed runs kept between publishes', mayImport: ['src/errors', 'src/runtime'] },
  { folder: 'src/files', holds: 'atomic replace, fast file calls, hard links, what a failed write is', mayImport: ['src/errors', 'src/runtime', 'src/lists'] },
  { folder: 'src/webhook', holds: "the webhook's protocol: the REF grammar, the body's REFs, signatures", mayImport: ['src/errors', 'src/encoding'] },
  { folder: 'src/api', holds: 'wire types, endpoint paths, shape checks, quarantine, mirror paths, video URLs', mayImport: ['src/errors', 'src/encoding'] },
  {
    folder: 'src/site',
    holds: 'the page-kind catalogue shared by crawl, plan, render and the app; slugs; paths',
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/lists', 'src/api'],
  },
  {
    folder: 'src/config',
    holds: 'schema (zod, strict, defaults), load (file < env < flags), problems and did-you-mean, generated docs',
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/api', 'src/site'],
  },
  { folder: 'src/page-data', holds: "the page data's write/read pair, shared by render and emit (Node) and the client", mayImport: ['src/encoding', 'src/site', 'src/config'] },
  {
    folder: 'src/sample-api',
    holds: 'the embedded content API (corpus, server, store, faults, images, edits, webhook sender)',
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/lists', 'src/webhook', 'src/api', 'src/site'],
  },
  {
    folder: 'src/snapshot',
    holds: "the snapshot store: entries, saved files, journal, body store, content id",
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/lists', 'src/files', 'src/api', 'src/site'],
  },
  {
    folder: 'src/crawl',
    holds: 'HTTP client (undici), fixed-point crawl, change-driven crawl, sanitiser',
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/lists', 'src/webhook', 'src/api', 'src/site', 'src/snapshot'],
  },
  { folder: 'src/check', holds: '`pressroom check`: one sample of every endpoint kind against the shape checks', mayImport: ['src/errors', 'src/api', 'src/crawl'] },
  {
    folder: 'src/plan',
    holds: 'snapshot -> routes, redirects, rewrites, sitemap entries',
    mayImport: ['src/errors', 'src/runtime', 'src/lists', 'src/site', 'src/config', 'src/crawl'],
  },
  {
    folder: 'src/app',
    holds: 'the isomorphic React app (pages, components, shell, data hooks, styles; islands/)',
    mayImport: ['src/encoding', 'src/api', 'src/site', 'src/config'],
  },
  { folder: 'src/client', holds: 'the browser entries: the routed app and the islands', mayImport: ['src/site', 'src/page-data', 'src/app'] },
  { folder: 'src/bundle', holds: 'esbuild client builds, metafile preloads, Node-module guard', mayImport: ['src/errors', 'src/runtime', 'src/site'] },
  {
    folder: 'src/render',
    holds: 'route + snapshot -> HTML (main thread or worker pool)',
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/site', 'src/config', 'src/page-data', 'src/snapshot', 'src/app', 'src/bundle'],
  },
  {
    folder: 'src/emit',
    holds: "the only writer of the site's files, into the staging folder it is given",
    mayImport: [
      'src/errors',
      'src/runtime',
      'src/encoding',
      'src/lists',
      'src/files',
      'src/api',
      'src/site',
      'src/config',
      'src/page-data',
      'src/snapshot',
      'src/plan',
      'src/app',
    ],
  },
  {
    folder: 'src/publish',
    holds: 'everything beside out/: run lock, shrink gate, spare tree, swap, object store, releases and their build state, rollback',
    mayImport: ['src/errors', 'src/runtime', 'src/lists', 'src/files', 'src/emit'],
  },
  {
    folder: 'src/incremental',
    holds: 'what to render again and what to reuse',
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/lists', 'src/site', 'src/plan', 'src/emit', 'src/publish'],
  },
  { folder: 'src/diff', holds: 'what changed between two builds', mayImport: ['src/errors', 'src/files', 'src/snapshot', 'src/emit', 'src/publish'] },
  {
    folder: 'src/deploy',
    holds: 'deploy targets (S3, rsync, git, command) fed by the change since what each holds; CDN purges',
    mayImport: ['src/errors', 'src/runtime', 'src/encoding', 'src/lists', 'src/files', 'src/site', 'src/config', 'src/emit', 'src/publish'],
  },
  {
    folder: 'src/pipeline',
    holds: 'the orchestrator; shards and merge',
    mayImport: [
      'src/errors',
      'src/runtime',
      'src/encoding',
      'src/lists',
      'src/files',
      'src/webhook',
      'src/api',
      'src/site',
      'src/config',
      'src/sample-api',
      'src/snapshot',
      'src/crawl',
      'src/plan',
      'src/bundle',
      'src/render',
      'src/emit',
      'src/publish',
      'src/incremental',
      'src/deploy',
    ],
  },
  { folder: 'src/serve', holds: '`pressroom serve`: a static host with `_redirects`, `_headers` and the API proxy', mayImport: ['src/errors', 'src/site', 'src/sample-api', 'src/plan', 'src/emit', 'src/publish'] },
  {
    folder: 'src/watch',
    holds: '`pressroom watch`: webhook server, who may call it, the queue between webhooks and builds, its log',
    mayImport: ['src/errors', 'src/runtime', 'src/webhook', 'src/api', 'src/site', 'src/config', 'src/crawl', 'src/publish', 'src/deploy', 'src/pipeline'],
  },
  { folder: 'cli', holds: 'commander, flags to a library call to an exit code; the progress printer', mayImport: 'any' },
];

/** The table docs/architecture.md shows, one row per layer. */
export function layerTable(layers: readonly Layer[] = LAYERS): string {
  const rows = layers.map((l) => `| \`${l.folder}/\` | ${l.holds} | ${l.mayImport === 'any' ? 'any folder above' : l.mayImport.map((f) => `\`${f.replace(/^src\//, '')}\``).join(', ') || 'nothing'} |`);
  return ['| folder | holds | may import |', '| --- | --- | --- |', ...rows].join('\n');
}
