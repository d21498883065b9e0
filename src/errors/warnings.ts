// The warning catalogue, beside ./errors.ts: each warning has a permanent code, a message template
// and a hint. A warning never stops a build; it travels as a `Warning` to the report, and only
// cli/output.ts prints it. docs/cli.md, "Warnings", lists every code.

interface WarningEntry {
  /** Message template; `{name}` is replaced with params.name. */
  readonly message: string;
  readonly hint: string;
}

// A code whose message takes several forms (or is composed where the rule lives) has a `{detail}` template.
export const WARNINGS = {
  // crawl
  W_QUARANTINE: { message: '{endpoint}: {id} left out: {reason}', hint: 'Fix the record in the CMS; the rest of the site is published without it and the report lists it under quarantined. With --strict the build fails instead (PR_QUARANTINE_STRICT).' },
  W_SLUG: { message: '{record} {field} {value} {problem}', hint: 'The slug cannot be a path (.., a /, a reserved name, control characters, over 200 bytes): rename it in the CMS. A bad identity slug leaves the record out (quarantined); a bad link slug only loses the link.' },
  W_URL: { message: '{record} {field} {value} {problem}', hint: 'An image must be a path on the image host and an ad\'s link an http(s) URL: fix the field in the CMS.' },
  W_REF_DROPPED: { message: '{ref} is left out of this change-driven build: {endpoint}: {reason}; the rest of the change is published', hint: 'The API refused what the REF names, or no endpoint matches it; asking again gets the same answer, so it is not retried. Fix the REF the CMS sends (docs/operations.md, "A REF that cannot be fetched").' },
  W_CHANGED_FULL_CRAWL: { message: 'crawling everything (conditionally) instead of only the change: {reason}', hint: 'Nothing to do: the build cannot trust its starting point or target the change, so it re-reads everything conditionally and publishes a correct site; the next change-driven build starts from this one.' },
  // plan
  W_REDIRECT_INVALID: { message: 'redirect dropped ({source}): {reason}', hint: 'Fix the named redirect (config redirects or the CMS): the reason names what is wrong (its source path, its target, which must be on this site or a host of api.redirectAllowHosts, or its status).' },
  W_REDIRECT_LIST: { message: '{path} is not a list; its redirects are ignored', hint: 'The API answers the redirects endpoint with something other than a list (docs/api-contract.md); its redirects are left out until it does.' },
  W_REDIRECT_SHADOWED: { message: '{detail}', hint: 'A file of the site sits at the redirect\'s old URL and would win over it on every host: remove the redirect, or the page, in the CMS.' },
  W_REDIRECT_DUPLICATE: { message: 'redirect dropped ({source}): {from} already redirects to {to} ({first})', hint: 'Two redirects leave one path for different targets; the first (config, then API, then page kinds) is kept. Remove the other.' },
  W_SEARCH_INDEX: { message: '{articles} articles, more than the {max} search.staticIndex "auto" indexes: no static search index was built (search uses the live API only); set search.staticIndex to "fallback" to build it at this size', hint: 'Set search.staticIndex to "fallback" to build the index at this size, or to "off" to say that the live API is enough.' },
  // render
  W_RENDER: { message: '{detail}', hint: 'The page rendered, but its kind is incomplete: declare the data the page reads in its kind\'s deps, and give it a head with usePageHead.' },
  // emit: host files
  W_REDIRECT_UNSUPPORTED: { message: 'GitLab Pages supports 301/302 redirects only; it skips {count} rules (e.g. {from} {status})', hint: 'Give those redirects status 301 or 302, or switch GitLab Pages off with --hosts.' },
  W_REDIRECT_SLASH_FORMS: { message: 'Cloudflare Pages matches a redirect\'s path exactly, but a rule for each of the {count} old URLs with a trailing slash would pass the limit of {limit}: those forms are not redirected there', hint: 'Remove old redirects (config redirects or the CMS) until twice their number fits the limit, or accept that an old URL written with a trailing slash answers 404 on Cloudflare Pages.' },
  W_REDIRECT_S3_OBJECTS: { message: 'S3: {reason}; redirects are written as object metadata in s3/redirect-objects.json', hint: 'An s3 deploy target creates the redirect objects that s3/redirect-objects.json lists (docs/deploying.md, "S3, R2, MinIO, B2, GCS"); create them yourself if you upload the site another way: the bucket\'s routing rules cannot hold these redirects.' },
  W_REDIRECT_S3_STATUS: { message: 'S3 object redirects are always 301; {count} rules asked for another status (e.g. {from} {status})', hint: 'Those redirects are served as 301 on S3; give them status 301, or serve them from another host.' },
  W_REDIRECT_PAGES_SHADOW_RULES: { message: '{detail}', hint: 'Build GitHub Pages output separately (--hosts github-pages) to keep real HTTP redirects on the other hosts.' },
  W_BASE_PATH_ROOT_HOST: { message: '{detail}', hint: 'These hosts publish at the root of a domain: leave the base path empty for them, or switch them off with --hosts (docs/deploying.md).' },
  // deploy
  W_DEPLOY_RESYNC: { message: 'the release {release} a target last received is no longer kept: every file is sent, and files deleted since then are not known', hint: 'Run `pressroom deploy --verify` once: it compares the target\'s listing with the manifest and removes what the site no longer has.' },
  W_DEPLOY_FAILED: { message: '{detail}', hint: 'The site was published to out/; the failed target keeps the last release it fully received and the next deploy (`pressroom deploy`) sends every change since. With --strict-deploy the build fails instead.' },
} as const satisfies Record<string, WarningEntry>;

export type WarningCode = keyof typeof WARNINGS;
export type WarningParams = Readonly<Record<string, string | number>>;

/** A warning as the report carries it; `route` when it is about one page. */
export interface Warning {
  code: WarningCode;
  message: string;
  route?: string;
}

/** Where code that notices something raises it. */
export type Warn = (code: WarningCode, params: WarningParams, route?: string) => void;

export function warning(code: WarningCode, params: WarningParams, route?: string): Warning {
  const message = WARNINGS[code].message.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
  return route === undefined ? { code, message } : { code, message, route };
}

/** A `Warn` that collects what it is given, in order: the report's `warnings`. */
export function warningSink(): { warn: Warn; warnings: Warning[] } {
  const warnings: Warning[] = [];
  return { warnings, warn: (code, params, route) => void warnings.push(warning(code, params, route)) };
}

/** `, 2 warnings`, `, 1 warning` or nothing; `digits` writes the number (the watcher groups thousands). */
export function warningCount(n: number, digits: (n: number) => string = String): string {
  return n ? `, ${digits(n)} warning${n === 1 ? '' : 's'}` : '';
}
