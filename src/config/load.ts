// Configuration: file (config/site.json) < environment (PRESSROOM_*) < flags, validated once (every
// problem at once, each blamed on its source) and frozen. Inputs: ./inputs.ts.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { PACKAGE_ROOT } from '../runtime/package.ts';
import { CONFIG_INPUTS, optionName, parseInput } from './inputs.ts';
import { problemLine, toProblems, type ConfigProblem } from './problems.ts';
import { configSchema, type PublicConfig, type SiteConfig } from './schema.ts';

export const DEFAULT_CONFIG_FILE = 'config/site.json';

/**
 * The file to read: the one given, else ./config/site.json, else the shipped sample configuration
 * (so `pressroom build --sample` works in an empty folder), which configures no API.
 */
export function configFileFor(file?: string, cwd = process.cwd()): string {
  if (file !== undefined) return resolve(cwd, file);
  const local = resolve(cwd, DEFAULT_CONFIG_FILE);
  return existsSync(local) ? local : join(PACKAGE_ROOT, DEFAULT_CONFIG_FILE);
}

/** What `file` is called when no configuration file was read (src/config/load.ts resolveConfig). */
export const NO_CONFIG_FILE = 'no configuration file';

export interface LoadOptions {
  /** Default: configFileFor(undefined). */
  file?: string;
  env?: Record<string, string | undefined>;
  /** Values of the flags that set configuration keys, by option name; other names are ignored. */
  flags?: Readonly<Record<string, unknown>>;
  /** False for a command that publishes nothing (`check`): the sample's configuration may then stand in. */
  publishes?: boolean;
}

/** Where a key's value came from. */
export type ConfigSource = { kind: 'file'; file: string } | { kind: 'env'; name: string } | { kind: 'flag'; name: string } | { kind: 'default' };

export function sourceLabel(s: ConfigSource): string {
  if (s.kind === 'file') return s.file;
  if (s.kind === 'env') return s.name;
  if (s.kind === 'flag') return `--${s.name}`;
  return 'default';
}

export interface ResolvedConfig {
  config: Readonly<SiteConfig>;
  /** The file as the operator wrote it (before environment and flags). */
  fileRaw: Record<string, unknown>;
  /** Key paths set by an environment variable or a flag. */
  overrides: ReadonlyMap<string, ConfigSource>;
  file: string;
  /** The source of the value at `path` in the effective configuration. */
  sourceOf(path: readonly PropertyKey[]): ConfigSource;
  /**
   * True when no file was found and the sample's configuration stands in: its identity is the
   * sample's, so only sample content may be published with it (src/pipeline/sample-guard.ts).
   */
  sampleConfig: boolean;
}

export function loadConfig(opts: LoadOptions = {}): Readonly<SiteConfig> {
  return resolveConfig(opts).config;
}

export function resolveConfig(opts: LoadOptions = {}): ResolvedConfig {
  const abs = configFileFor(opts.file);
  const overrides = new Map<string, ConfigSource>();
  const given = inputValues(opts, overrides);
  // Standing in for a missing file, the sample's configuration serves only the sample (or a build with
  // no API, which stops anyway). A run given an API, name or address of its own reads no file: it is
  // another site, which needs its own name and address.
  const apiGiven = given.get('api.base');
  const ownSite = (typeof apiGiven === 'string' && apiGiven !== '') || given.has('site.name') || given.has('site.url');
  const standIn = opts.file === undefined && !existsSync(resolve(DEFAULT_CONFIG_FILE));
  const noFile = standIn && apiGiven !== 'sample' && ownSite && opts.publishes !== false;
  const file = noFile ? NO_CONFIG_FILE : displayPath(abs);
  const fileRaw: unknown = noFile ? {} : readConfigFile(abs, file);
  const raw = structuredClone(fileRaw) as Record<string, unknown>;
  for (const [path, value] of given) setPath(raw, path.split('.'), value);
  if (noFile) requireOwnSite(overrides, typeof apiGiven === 'string' ? apiGiven : undefined);

  const sourceOf = (path: readonly PropertyKey[]): ConfigSource => {
    const dotted = path.filter((p) => typeof p === 'string').join('.');
    for (const [p, s] of overrides) if (dotted === p || dotted.startsWith(`${p}.`)) return s;
    return hasPath(fileRaw, path) ? { kind: 'file', file } : { kind: 'default' };
  };
  const problemSource = (path: readonly PropertyKey[]) => {
    const s = sourceOf(path);
    return sourceLabel(s.kind === 'default' ? { kind: 'file', file } : s);
  };
  const config = validateConfig(raw, problemSource);
  return { config, fileRaw: fileRaw as Record<string, unknown>, overrides, file, sourceOf, sampleConfig: standIn && !noFile };
}

/** The values the environment and the flags give, by key path (flags over variables), each source noted in `overrides`. */
function inputValues(opts: LoadOptions, overrides: Map<string, ConfigSource>): Map<string, unknown> {
  const values = new Map<string, unknown>();
  const set = (path: string, value: unknown, source: ConfigSource) => {
    if (value === undefined) return;
    values.set(path, value);
    overrides.set(path, source);
  };
  const env = opts.env ?? process.env;
  for (const input of CONFIG_INPUTS) {
    const v = input.env ? env[input.env] : undefined;
    if (input.env && v !== undefined && v !== '') set(input.path, parseInput(input.parse, v), { kind: 'env', name: input.env });
  }
  for (const input of CONFIG_INPUTS) {
    if (input.flag) set(input.path, parseInput(input.parse, opts.flags?.[optionName(input.flag)]), { kind: 'flag', name: input.flag });
  }
  return values;
}

/** The file's one JSON object; a syntax error is named by line and column. */
function readConfigFile(abs: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (e) {
    throw pressroomError('PR_CONFIG_READ', { file, detail: (e as Error).message }, e);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const { line, column, detail } = jsonSyntaxPlace(text, (e as Error).message);
    throw pressroomError('PR_CONFIG_SYNTAX', { file, line, column, detail }, e);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw pressroomError('PR_CONFIG_READ', { file, detail: 'the file must hold one JSON object' });
  }
  return value;
}

/**
 * Line and column (from 1) of a JSON.parse error, from V8's "at position N" (or "(line L column C)");
 * without one (early end) at the end of the text. `detail` is the message without the place.
 */
export function jsonSyntaxPlace(text: string, message: string): { line: number; column: number; detail: string } {
  const at = /\bat position (\d+)/.exec(message);
  const position = at ? Math.min(Number(at[1]), text.length) : text.length;
  const before = text.slice(0, position).split(/\r\n|\r|\n/);
  const detail = message.replace(/,? (in JSON )?at position \d+( \(line \d+ column \d+\))?/, '').replace(/ in JSON$/, '');
  return { line: before.length, column: before.at(-1)!.length + 1, detail };
}

/** Without a file, the site's name and address must come from variables or flags (PR_CONFIG_NO_SITE names the missing ones). */
function requireOwnSite(overrides: ReadonlyMap<string, ConfigSource>, api: string | undefined): void {
  const missing = [
    ['site.name', 'name (site.name: --site-name or PRESSROOM_SITE_NAME)'],
    ['site.url', 'address (site.url: --site-url or PRESSROOM_SITE_URL)'],
  ].filter(([path]) => !overrides.has(path));
  if (missing.length === 0) return;
  const of = api ? ` of the API ${api} (set by ${sourceLabel(overrides.get('api.base')!)})` : '';
  throw pressroomError('PR_CONFIG_NO_SITE', {
    missing: missing.map(([, words]) => words).join(' and '),
    detail: `a build${of} needs the site's own, and there is no ${DEFAULT_CONFIG_FILE} in ${process.cwd()}`,
  });
}

/** Where the API address was set, in words for a hint: `--api`, `PRESSROOM_API` or `api.base in FILE`. */
export function apiBaseFrom(r: Pick<ResolvedConfig, 'sourceOf'>): string {
  const s = r.sourceOf(['api', 'base']);
  return s.kind === 'file' ? `api.base in ${s.file}` : s.kind === 'default' ? 'api.base (not set)' : sourceLabel(s);
}

/** Validates a raw configuration; `where` names the source of a problem at a path (default: "config"). */
export function validateConfig(raw: unknown, where: string | ((path: readonly PropertyKey[]) => string) = 'config'): Readonly<SiteConfig> {
  const parsed = configSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw configProblems(toProblems(parsed.error.issues, typeof where === 'string' ? () => where : where));
  return deepFreeze(parsed.data);
}

/** PR_CONFIG_INVALID listing every problem; `problems` is kept on the error for --json. */
export function configProblems(problems: ConfigProblem[]): Error {
  const [first] = problems;
  const params =
    problems.length === 1
      ? { where: `${first.path} (${first.source})`, detail: `${first.message}${first.suggestion ? `; ${first.suggestion}` : ''}` }
      : { where: `${problems.length} places`, detail: problems.map((p) => `\n  - ${problemLine(p)}`).join('') };
  return pressroomError('PR_CONFIG_INVALID', params, undefined, { problems });
}

export type ApiSource = { kind: 'api'; base: string } | { kind: 'sample' };

/**
 * What the build crawls: the configured API, or the sample only when asked for. With neither the
 * build stops: a scheduled run that lost PRESSROOM_API must not publish the sample over the site.
 */
export function apiSource(config: Pick<SiteConfig, 'api'>): ApiSource {
  const base = config.api.base;
  if (base === 'sample') return { kind: 'sample' };
  if (base) return { kind: 'api', base };
  throw pressroomError('PR_CONFIG_NO_API');
}

/**
 * The browser's slice of the configuration. No build clock: a date would change every page daily.
 * No static pages' copy: only its own page embeds it (src/config/page-copy.ts).
 */
export function publicConfig(config: SiteConfig): PublicConfig {
  const { site, nav, footer, contact, api } = config;
  return {
    // A root site embeds no basePath key, a "never" site no trailingSlash (its pages' bytes unchanged); the app reads none as '' and "never".
    site: publicSite(site),
    nav,
    footer,
    contact,
    api: {
      publicBase: api.publicBase,
      imageHost: api.imageHost,
      ipLookup: api.ipLookup,
      optOutPath: api.optOutPath,
      redirectAllowHosts: api.redirectAllowHosts,
    },
    // Unresolved "auto" (outside a build) reads as "fallback": the page tries the index only when live search fails.
    search: { staticIndex: config.search.staticIndex === 'auto' ? 'fallback' : config.search.staticIndex },
  };
}

function publicSite(site: SiteConfig['site']): PublicConfig['site'] {
  const { basePath, trailingSlash, ...rest } = site;
  return { ...rest, ...(basePath ? { basePath } : {}), ...(trailingSlash === 'always' ? { trailingSlash } : {}) };
}

/** The build clock: --now, else config.today, else the real clock; read once per build. */
export function buildClock(config: SiteConfig, nowFlag?: string): Date {
  const src = nowFlag ?? config.today;
  if (src == null) return new Date();
  const d = new Date(src);
  if (Number.isNaN(d.getTime())) throw pressroomError('PR_CONFIG_INVALID', { where: nowFlag ? 'now (--now)' : 'today', detail: `not a date: ${src}` });
  return d;
}

function displayPath(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

function setPath(obj: Record<string, unknown>, path: string[], value: unknown): void {
  let node = obj;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    // A non-object in the way (e.g. "crawl": 5) is replaced: the flag or variable decides the key.
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
}

function hasPath(obj: unknown, path: readonly PropertyKey[]): boolean {
  let node = obj;
  for (const seg of path) {
    if (typeof node !== 'object' || node === null || !(String(seg) in node)) return false;
    node = (node as Record<string, unknown>)[String(seg)];
  }
  return true;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
