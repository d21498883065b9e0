// Configuration: file (config/site.json) < environment (PRESSROOM_*) < flags,
// validated once and frozen (architecture, "config").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pressroomError } from '../core/errors.ts';
import { configSchema, type PublicConfig, type SiteConfig } from './schema.ts';

export const DEFAULT_CONFIG_FILE = 'config/site.json';

/** Environment variables that override config keys (documented in the README). */
const ENV_KEYS: Record<string, (c: Record<string, any>, v: string) => void> = {
  PRESSROOM_API: (c, v) => (c.api.base = v),
  PRESSROOM_PUBLIC_API: (c, v) => (c.api.publicBase = v),
  PRESSROOM_IMAGE_HOST: (c, v) => (c.api.imageHost = v),
  PRESSROOM_SITE_URL: (c, v) => (c.site.url = v),
  PRESSROOM_TODAY: (c, v) => (c.today = v),
  PRESSROOM_CONCURRENCY: (c, v) => (c.crawl.concurrency = Number(v)),
  PRESSROOM_HOSTS: (c, v) => (c.hosts = v.split(',').map((h) => h.trim()).filter(Boolean)),
};

export interface LoadOptions {
  file?: string;
  env?: Record<string, string | undefined>;
  /** Applied last: values set by CLI flags. */
  overrides?: (raw: Record<string, any>) => void;
}

export function loadConfig(opts: LoadOptions = {}): Readonly<SiteConfig> {
  const file = resolve(opts.file ?? DEFAULT_CONFIG_FILE);
  let raw: Record<string, any>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw pressroomError('PR_CONFIG_READ', { file, detail: (e as Error).message }, e);
  }
  const env = opts.env ?? process.env;
  for (const [name, apply] of Object.entries(ENV_KEYS)) {
    const v = env[name];
    if (v !== undefined && v !== '') apply(raw, v);
  }
  opts.overrides?.(raw);
  return validateConfig(raw, file);
}

export function validateConfig(raw: unknown, where = 'config'): Readonly<SiteConfig> {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw pressroomError('PR_CONFIG_INVALID', {
      where: `${where}: ${issue.path.join('.') || '(root)'}`,
      detail: issue.message,
    });
  }
  return deepFreeze(parsed.data);
}

/** The browser's slice of the configuration; `today` is the build clock's day. */
export function publicConfig(config: SiteConfig, now: Date): PublicConfig {
  const { site, nav, footer, contact, api, about, privacy, sitemapPage, pages } = config;
  return {
    // Static page copy (About, Privacy Policy, Site Map box, form pages).
    about,
    privacy,
    sitemapPage,
    pages,
    site,
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
    today: now.toISOString().slice(0, 10),
  };
}

/** The build clock: --now, else config.today, else the real clock; read once per build. */
export function buildClock(config: SiteConfig, nowFlag?: string): Date {
  const src = nowFlag ?? config.today;
  if (src == null) return new Date();
  const d = new Date(src);
  if (Number.isNaN(d.getTime())) throw pressroomError('PR_CONFIG_INVALID', { where: nowFlag ? '--now' : 'today', detail: `not a date: ${src}` });
  return d;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
