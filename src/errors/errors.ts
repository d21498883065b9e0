// The error catalogue: each failure has a permanent code, a class deciding the exit code, a message
// template and a hint. Code throws `pressroomError(code, params)`; only cli/ prints errors and exits.

/** Exit codes by class. Documented in docs/cli.md, "Exit codes". */
export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  config: 3,
  api: 4,
  render: 5,
  output: 6,
  busy: 7,
  gate: 8,
  deploy: 9,
} as const;
export type ExitClass = keyof typeof EXIT;

interface CatalogueEntry {
  readonly exit: ExitClass;
  /** Message template; `{name}` is replaced with params.name. */
  readonly message: string;
  readonly hint: string;
}

export const CATALOGUE = {
  // usage
  PR_USAGE: { exit: 'usage', message: '{detail}', hint: 'Run `pressroom --help` for the commands and flags.' },
  PR_WATCH_SECRET: { exit: 'usage', message: 'pressroom watch has no webhook secret to check signatures with: {detail}', hint: 'Put the shared secret in a file only the service can read and pass --secret-file FILE, or set PRESSROOM_WEBHOOK_SECRET (e.g. from a systemd EnvironmentFile); never as a flag value, which `ps` shows (docs/operations.md, "Publishing on change").' },
  PR_REHEARSAL_BASE: { exit: 'api', message: 'nothing to rehearse: a change-driven build here would crawl everything ({detail})', hint: 'Nothing was changed. The first change-driven build crawls everything conditionally and repairs it; the rehearsal only prepares a process whose saved snapshot is the published site\'s.' },
  PR_WATCH_PROCESS: { exit: 'internal', message: 'pressroom watch cannot start its own process ({node}): {detail}', hint: 'The watcher runs as a child of the pressroom process, started with a larger young generation (docs/operations.md, "Publishing on change"). Check that the node binary can be started again (the process limit, memory), or run the watcher in this process by giving node the flag yourself: NODE_OPTIONS=--max-semi-space-size=64.' },
  PR_WATCH_SAMPLE: { exit: 'usage', message: 'pressroom watch cannot watch the embedded sample API (--sample or api.base "sample"): a build starts it and stops it, so nothing can change it between builds', hint: 'Run an editable sample API as its own process with `pressroom api --mutable` and point the watcher at the URL it prints with --api URL.' },
  // config
  PR_CONFIG_READ: { exit: 'config', message: 'Cannot read the configuration file {file}: {detail}', hint: 'Check the path given to --config (default config/site.json in the working directory).' },
  PR_CONFIG_SYNTAX: { exit: 'config', message: 'The configuration file {file} is not valid JSON at line {line}, column {column}: {detail}', hint: 'Fix the JSON at that line and column: a missing or extra comma, a missing quote or bracket, a comment (JSON has none). An editor that reads the file\'s "$schema" marks the place.' },
  PR_CONFIG_NO_SITE: { exit: 'config', message: 'No configuration file gives this site\'s {missing}: {detail}', hint: 'Give the site its own name and address: write config/site.json (or pass --config FILE) with "site": {"name": ..., "url": ...}, or set --site-name and --site-url (PRESSROOM_SITE_NAME, PRESSROOM_SITE_URL). Only a --sample build uses the sample publication\'s configuration.' },
  PR_CONFIG_INVALID: { exit: 'config', message: 'Invalid configuration at {where}: {detail}', hint: 'Fix each named key where it is set (the file, the PRESSROOM_* variable or the flag in brackets); docs/configuration.md lists every key. `pressroom config` shows where each value comes from.' },
  PR_CONFIG_NO_API: { exit: 'config', message: 'No content API is configured, so there is nothing to build from', hint: 'Point Pressroom at your API with api.base in the configuration file, PRESSROOM_API or --api URL; or build the embedded sample site with --sample (or api.base "sample").' },
  // api / crawl
  PR_API_UNREACHABLE: { exit: 'api', message: 'The content API did not answer {endpoint}: {detail}', hint: 'Check the API address, set by {from}, and that the service is up; retries were already made.' },
  PR_API_STATUS: { exit: 'api', message: 'The content API answered {status} for {endpoint}', hint: 'The service failed for this request after the allowed retries; see its logs.' },
  PR_API_SHAPE: { exit: 'api', message: 'Unexpected response shape from {endpoint} at {field}: {detail}', hint: 'The API does not answer as docs/api-contract.md describes; the build stops rather than publish a broken site.' },
  PR_API_SHAPES: { exit: 'api', message: '{count} responses from the content API have an unexpected shape:{endpoints}', hint: 'The API does not answer as docs/api-contract.md describes at each endpoint listed (the field that fails, and what it should be); the build stops rather than publish a broken site.' },
  PR_API_TOO_LARGE: { exit: 'api', message: 'The response from {endpoint} exceeds the size cap of {limit} bytes', hint: 'Raise crawl.maxResponseBytes in the configuration if the response is legitimate.' },
  PR_API_NOT_JSON: { exit: 'api', message: 'The response from {endpoint} is not JSON ({detail})', hint: 'A proxy or error page answered instead of the API; check the API address, set by {from}.' },
  PR_CRAWL_BUDGET: { exit: 'api', message: 'The crawl passed its budget of {limit} requests (round {round}, {pending} more wanted, e.g. {example})', hint: 'The API keeps announcing new pages (a paging loop?); check the named endpoint, or raise the budget if the site is really this large.' },
  PR_SHARD_INVALID: { exit: 'usage', message: 'Cannot merge the shards: {detail}', hint: 'Build every shard 1/N..N/N with `pressroom build --shard I/N --from-snapshot DIR` from the same snapshot and checkout, then merge them all with that snapshot.' },
  PR_STATE_NEWER: { exit: 'usage', message: 'The {what} in {dir} was written by a newer Pressroom (format {found}; this one reads up to {supported})', hint: 'Nothing was changed. Run the Pressroom that wrote it, or a newer one. To go on with this one instead, move {dir} away: its next build then crawls and renders everything.' },
  PR_SNAPSHOT_READ: { exit: 'api', message: 'Cannot read the snapshot {dir}: {detail}', hint: 'Point --from-snapshot at a folder written by a previous build (.pressroom/snapshot).' },
  // plan / render
  PR_ROUTE_COLLISION: { exit: 'render', message: 'Two routes write the same file {file}: {first} and {second}', hint: 'Two API records have slugs that map to one path (case or Unicode twins); rename one in the CMS.' },
  PR_QUARANTINE_STRICT: { exit: 'render', message: '--strict: {count} record(s) failed their check and would be left out:{records}', hint: 'Fix the named records in the CMS, or build without --strict to publish everything else and leave them out (the build report lists them).' },
  PR_RENDER_FAILED: { exit: 'render', message: 'Rendering {route} failed: {detail}', hint: 'The page component threw; the stack names the component.' },
  PR_RENDER_MISSING_DATA: { exit: 'render', message: 'Route {route} needs {key}, which is not in the snapshot', hint: 'The page reads data its route did not declare; add the key to the page kind\'s deps.' },
  PR_BUNDLE_FAILED: { exit: 'render', message: 'Bundling the client failed: {detail}', hint: 'See the esbuild messages above.' },
  PR_BUNDLE_PREBUILT: { exit: 'internal', message: 'The prebuilt client bundle in {dir} is unreadable: {detail}', hint: 'The installed package is incomplete: install Pressroom again (the bundle is built by `npm pack`).' },
  PR_BUNDLE_NODE_MODULE: { exit: 'render', message: 'A Node-only module reached the client bundle: {module} (imported by {importer})', hint: 'src/app and src/client must not import Node modules; move the code to the server side.' },
  // output
  PR_OUT_NOT_SITE: { exit: 'usage', message: 'Refusing to build into {out}: {what}, not a folder Pressroom built (no {mark}), and a build replaces its output folder whole', hint: 'Nothing was written. Point --out at a new or empty folder, or at a folder a build wrote; move the existing one away first if it is an old Pressroom output whose manifest was removed.' },
  PR_OUTPUT_WRITE: { exit: 'output', message: 'Cannot write {file}: {detail}', hint: 'Check free disk space and permissions of the output folder.' },
  PR_MANIFEST: { exit: 'output', message: 'The site\'s manifest cannot be read at {file}: {detail}', hint: 'The manifest (pressroom-manifest.json and its parts under pressroom-manifest/) is written by emit and never edited; a damaged one is made again by `pressroom build --full`.' },
  PR_OUTPUT_PUBLISH: { exit: 'output', message: 'Cannot publish the build into {out}: {detail}', hint: 'The previous site is untouched; check permissions of the folder holding --out.' },
  PR_REDIRECT_LIMIT: { exit: 'output', message: '{host} allows at most {limit} redirect rules; this build has {count}', hint: 'Switch the host off with --hosts (or config hosts), or trim redirects.' },
  PR_SEARCH_INDEX: { exit: 'output', message: 'Cannot build the static search index: {detail}', hint: 'The index is built by Pagefind (the pagefind package and its binary for this platform, @pagefind/<platform>-<arch>, installed with Pressroom); reinstall if it is missing, or set search.staticIndex to "off" to build without the index.' },
  PR_HEADERS_LIMIT: { exit: 'output', message: '{host} allows at most {limit} {what}; this build has {count}', hint: 'Switch the host off with --hosts (or config hosts).' },
  PR_DEPLOY_PURGE: { exit: 'output', message: 'The CDN purge {purger} failed for {url}: {detail}', hint: 'The files were deployed; until the purge succeeds the cache may go on serving the old version of these URLs. Check that the purge endpoint of {purger} is up and accepts the request and its credentials (docs/deploying.md, "CDN purge").' },
  PR_DEPLOY_PURGE_TOKEN: { exit: 'config', message: 'The CDN purge {purger} needs {variable} in the environment, and it is not set', hint: 'Set {variable} in the environment of the publishing process (a CI secret, a systemd EnvironmentFile); purge credentials are never read from the configuration file or from flags (docs/deploying.md, "CDN purge").' },
  PR_LOCKED: { exit: 'busy', message: 'Another build holds the lock on {out} (pid {pid} since {since})', hint: 'Wait for it to finish; a lock of a dead process is taken over automatically.' },
  PR_SAMPLE_OVER_API: { exit: 'gate', message: 'Refusing to publish the embedded sample site into {out}: its current release was built from the API {base}', hint: 'A sample build never replaces a real site, and `npm start` builds the sample into out/. Build and serve the sample in a folder of its own: `pressroom build --sample --out out-sample && pressroom serve --out out-sample`. To start fresh with the sample instead, remove {out} and the .pressroom/ folder beside it (the site\'s kept releases go with them).' },
  PR_CHECK_FAILED: { exit: 'api', message: '{failed} of {total} checks failed against {api}', hint: 'Each failed line above names the endpoint and the field that differs from the shapes the crawler expects (src/api/schemas.ts).' },
  PR_SHRINK_GATE: { exit: 'gate', message: 'This build would publish {count} routes, far fewer than the {previous} of the last build', hint: 'If the shrink is intended, rerun with --allow-shrink.' },
  // deploy (src/deploy)
  PR_DEPLOY_NO_RELEASE: { exit: 'usage', message: 'Nothing to deploy: {out} holds no release of a build', hint: 'Build the site first (`pressroom build --out {out}`), then deploy it; a deploy sends releases, never the folder as it is.' },
  PR_DEPLOY_NO_TARGET: { exit: 'usage', message: '{detail}', hint: 'Name a target of the configuration\'s `deploy` list with --target, or add one (docs/deploying.md, "Deploy targets"); `pressroom config` shows the list.' },
  PR_DEPLOY_TARGET: { exit: 'deploy', message: 'Deploy target {target} ({type}) failed: {detail}', hint: 'Nothing is lost: the target keeps the last release it fully received (its marker is written last), and the next deploy sends every change since then. Check that the target is reachable and that its credentials (from the environment) are valid; `pressroom check` tries each target.' },
  PR_DEPLOY_SOURCE: { exit: 'output', message: 'Cannot read {file} from the release object store: {detail}', hint: 'The store beside out/ lost a file of the current release (removed by hand, or a release pruned while this deploy ran); `pressroom build --full` records the site again.' },
  PR_DEPLOY_MAX_DELETES: { exit: 'gate', message: 'Deploy target {target} would delete {count} files, more than its maxDeletes of {max}', hint: 'If so many pages really went, deploy with --force (every file is sent, deletions allowed), or raise the target\'s maxDeletes; nothing was sent.' },
  PR_DEPLOY_SHRINK: { exit: 'gate', message: 'Deploy target {target} would go from about {previous} files to {count}, a drop beyond shrinkGate', hint: 'The site shrank by more than config shrinkGate since the release the target holds; if that is intended, deploy with --force. Nothing was sent.' },
  PR_DEPLOY_AUTH: { exit: 'deploy', message: 'Deploy target {target} ({type}) refused the credentials: {detail}', hint: 'Give the process that deploys credentials {target} accepts: {vars}. {advice} Credentials come from the environment or files, never from flags or the configuration file; out/ is published all the same.' },
  PR_INTERNAL: { exit: 'internal', message: 'Internal error: {detail}', hint: 'This is a bug in Pressroom; please report it with the stack trace.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof CATALOGUE;

export class PressroomError extends Error {
  readonly code: ErrorCode;
  readonly exit: ExitClass;
  readonly hint: string;
  readonly params: Readonly<Record<string, string | number>>;
  /** Structured detail for --json output (e.g. every configuration problem). */
  readonly details?: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    const entry: CatalogueEntry = CATALOGUE[code];
    super(fill(entry.message, params).replace(/ +\n/g, "\n"), options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.details) this.details = options.details;
    this.name = 'PressroomError';
    this.code = code;
    this.exit = entry.exit;
    // A hint can name where a value came from (PR_API_UNREACHABLE: the flag, variable or file key of the API address).
    this.hint = fill(entry.hint, params);
    this.params = params;
  }

  get exitCode(): number {
    return EXIT[this.exit];
  }
}

export function pressroomError(code: ErrorCode, params: Record<string, string | number> = {}, cause?: unknown, details?: Record<string, unknown>): PressroomError {
  return new PressroomError(code, params, { cause, details });
}

export function isPressroomError(e: unknown): e is PressroomError {
  return e instanceof PressroomError;
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

// Warnings are catalogued beside the errors, in their own module, and exported with them.
export { WARNINGS, warning, warningSink, type Warn, type Warning, type WarningCode, type WarningParams } from './warnings.ts';
