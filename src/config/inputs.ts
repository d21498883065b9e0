// The environment variables and flags that set configuration keys, in one table: the loader applies
// them over the file (file < environment < flags) and remembers which set each key, so a bad value is
// blamed on its source and `pressroom config` shows it. A flag's option name is the camelCase of the
// flag, as in the build's options, so a per-run key is one line here. Imports nothing, so the CLI
// reads it without loading zod.

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
  { path: 'site.trailingSlash', env: 'PRESSROOM_TRAILING_SLASH', parse: 'string' },
  { path: 'today', env: 'PRESSROOM_TODAY', parse: 'string' },
  { path: 'crawl.concurrency', env: 'PRESSROOM_CONCURRENCY', flag: 'concurrency', parse: 'int' },
  { path: 'hosts', env: 'PRESSROOM_HOSTS', flag: 'hosts', parse: 'list' },
  { path: 'output.pageFiles', env: 'PRESSROOM_PAGE_FILES', parse: 'string' },
  { path: 'render.workers', env: 'PRESSROOM_WORKERS', flag: 'workers', parse: 'int' },
];

/** `site-url` -> `siteUrl`: commander's option name and the build option's. */
export const optionName = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The value an input gives, or undefined; a wrong string passes unchanged so validation names the input. */
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
