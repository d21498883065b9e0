// The configuration's shape, validated once (zod) and then frozen. Brand, hosts,
// contacts, nav, footer, offices and team live here, not in components
// (architecture, "config"). Issues extend this schema with their own sections;
// every key is documented in the README's "Configuration" section.
import { z } from 'zod';

const link = z.object({ href: z.string().min(1), label: z.string().min(1) });

export const configSchema = z.object({
  site: z.object({
    name: z.string().min(1),
    title: z.string().min(1),
    newsTitle: z.string().min(1),
    securityTitle: z.string().min(1),
    description: z.string().min(1),
    tagline: z.string().min(1),
    taglineMarketing: z.string().min(1),
    /** Canonical origin, no trailing slash: https://example.com */
    url: z.url().transform((u) => u.replace(/\/+$/, '')),
    language: z.string().min(2),
    logo: z.string().min(1),
    logoFooter: z.string().min(1),
    placeholderImage: z.string().min(1),
    twitterHandle: z.string().optional(),
  }),
  api: z.object({
    /** Where the crawl reads; null starts the embedded sample API. */
    base: z.url().nullable(),
    /** What browsers call for live requests; '' means the site's own origin. */
    publicBase: z.string(),
    /** Image host prefix; '' means the site's own origin. */
    imageHost: z.string(),
    ipLookup: z.object({ enabled: z.boolean(), url: z.url() }),
    optOutPath: z.string().startsWith('/'),
    redirectAllowHosts: z.array(z.string().min(1)),
  }),
  /** The build clock's "today" (ISO date or date-time); null means the real clock. */
  today: z.string().nullable(),
  crawl: z.object({
    concurrency: z.number().int().min(1).max(256),
    timeoutMs: z.number().int().min(100),
    retries: z.number().int().min(0).max(10),
    maxResponseBytes: z.number().int().min(1024),
  }),
  nav: z.object({
    sections: z.array(
      z.object({
        key: z.enum(['latest', 'leadership', 'features']),
        label: z.string(),
        endpoint: z.enum(['latestPost', 'leadership', 'featured']),
        groups: z.array(z.object({ key: z.string(), label: z.string(), cat_slug: z.string() })),
      }),
    ),
    links: z.array(link),
  }),
  footer: z.object({
    about: z.array(link),
    policies: z.array(link),
    social: z.array(link.extend({ network: z.string() })),
    publications: z.array(link).length(5),
    imprint: z.string(),
    rights: z.string(),
  }),
  contact: z.object({
    mediaEmail: z.email(),
    salesEmail: z.email(),
    privacyEmail: z.email(),
    helpline: z.string(),
    offices: z.array(z.object({ country: z.string(), lines: z.array(z.string()) })),
  }),
  hosts: z.array(z.enum(['netlify', 'cloudflare', 'gitlab', 'vercel', 'nginx', 'apache', 'caddy', 's3', 'github-pages'])),
  redirects: z.array(z.object({ from: z.string(), to: z.string(), status: z.number().int().optional() })),
  feeds: z.object({ items: z.number().int().min(1).max(1000) }),
  releases: z.object({ keep: z.number().int().min(1).max(100) }),
  shrinkGate: z.number().min(0).max(1),
}).loose();

export type SiteConfig = z.infer<typeof configSchema>;

/**
 * The part of the configuration the browser needs, embedded in every page.
 * Kept small and free of anything operator-private.
 */
export type PublicConfig = Pick<SiteConfig, 'site' | 'nav' | 'footer' | 'contact'> & {
  api: Pick<SiteConfig['api'], 'publicBase' | 'imageHost' | 'ipLookup' | 'optOutPath' | 'redirectAllowHosts'>;
  /** YYYY-MM-DD, the build clock's day (events split, "today"). */
  today: string;
  [extra: string]: unknown;
};
