// The environment variables and command-line flags that set configuration
// keys, in one table: the loader applies them over the file (file <
// environment < flags) and remembers which one set each key, so a bad value is
// blamed on the variable or flag that gave it, and `pressroom config` shows
// where every value came from. docs/configuration.md lists them per key.
//
// A flag's option name is the camelCase of the flag (`--site-url` -> siteUrl),
// which is also its name in the build's options (src/pipeline/types.ts), so a
// new key that an operator can set per run is one line here.
// This module imports nothing, so the CLI can read it without loading zod.

/** How a string from the environment or the command line becomes a value (typed values pass through). */
export type InputParse = 'string' | 'int' | 'number' | 'list' | 'sample';

export interface ConfigInput {
  /** Dotted key path, e.g. crawl.concurrency. */
  path: string;
  env?: string;
  /** Flag without dashes, e.g. site-url for --site-url. */
  flag?: string;
  parse: InputParse;
}

export const CONFIG_INPUTS: readonly ConfigInput[] = [
  { path: 'api.base', env: 'PRESSROOM_API', flag: 'api', parse: 'string' },
  { path: 'api.base', flag: 'sample', parse: 'sample' },
  { path: 'api.publicBase', env: 'PRESSROOM_PUBLIC_API', parse: 'string' },
  { path: 'api.imageHost', env: 'PRESSROOM_IMAGE_HOST', parse: 'string' },
  { path: 'site.name', env: 'PRESSROOM_SITE_NAME', flag: 'site-name', parse: 'string' },
  { path: 'site.url', env: 'PRESSROOM_SITE_URL', flag: 'site-url', parse: 'string' },
  { path: 'site.basePath', env: 'PRESSROOM_BASE_PATH', flag: 'base-path', parse: 'string' },
  { path: 'today', env: 'PRESSROOM_TODAY', parse: 'string' },
  { path: 'crawl.concurrency', env: 'PRESSROOM_CONCURRENCY', flag: 'concurrency', parse: 'int' },
  { path: 'hosts', env: 'PRESSROOM_HOSTS', flag: 'hosts', parse: 'list' },
  { path: 'render.workers', env: 'PRESSROOM_WORKERS', flag: 'workers', parse: 'int' },
];

/** `site-url` -> `siteUrl`: commander's option name and the build option's. */
export const optionName = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The value an input gives, or undefined when it gives none. Strings that are
 * not what the key needs are passed on unchanged, so validation reports them
 * with the input's name ("abc" for an integer is an error, not NaN).
 */
export function parseInput(kind: InputParse, value: unknown): unknown {
  if (value === undefined || value === null || value === false) return undefined;
  if (kind === 'sample') return 'sample';
  if (typeof value !== 'string') return value;
  if (kind === 'string') return value;
  if (kind === 'list') return value.trim() === 'none' ? [] : value.split(',').map((v) => v.trim()).filter(Boolean);
  const trimmed = value.trim();
  const numeric = kind === 'int' ? /^[+-]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
  return numeric.test(trimmed) ? Number(trimmed) : value;
}
