// The configuration's shape, validated once (zod) and then frozen. Brand, hosts,
// contacts, nav, footer, offices and team live here, not in components
// (architecture, "config"). Issues extend this schema with their own sections;
// every key is documented in the README's "Configuration" section.
import { z } from 'zod';

const link = z.object({ href: z.string().min(1), label: z.string().min(1) });

/** Static page copy (issue 6): About, Privacy Policy, Site Map side box, contact and opt-out texts. */
const teamMember = z.object({ name: z.string().min(1), role: z.string().min(1), image: z.string().min(1), description: z.string().min(1) });
export const aboutSchema = z.object({
  title: z.string().min(1),
  intro: z.array(z.string().min(1)).min(1),
  teamTitle: z.string().min(1),
  team: z.array(teamMember).length(5),
});
/** Paragraphs may hold {siteName}, {optOutLink}, {contactLink}, {helpline}, {privacyEmail}. */
export const privacySchema = z.object({
  title: z.string().min(1),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sections: z.array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) })).min(1),
});
export const sitemapPageSchema = z.object({
  title: z.string().min(1),
  boxTitle: z.string().min(1),
  availability: z.string().min(1),
  phone: z.string().min(1),
  emails: z.array(z.email()).length(2),
});
const formPage = z.object({ title: z.string().min(1), intro: z.string().min(1), consent: z.string().min(1), submit: z.string().min(1) });
export const pagesSchema = z.object({
  contact: formPage.extend({ formTitle: z.string().min(1) }),
  optOut: formPage,
});

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
  about: aboutSchema,
  privacy: privacySchema,
  sitemapPage: sitemapPageSchema,
  pages: pagesSchema,
}).loose();

export type SiteConfig = z.infer<typeof configSchema>;

/**
 * The part of the configuration the browser needs, embedded in every page.
 * Kept small and free of anything operator-private.
 */
export type PublicConfig = Pick<SiteConfig, 'site' | 'nav' | 'footer' | 'contact'> &
  Pick<SiteConfig, 'about' | 'privacy' | 'sitemapPage' | 'pages'> & {
  api: Pick<SiteConfig['api'], 'publicBase' | 'imageHost' | 'ipLookup' | 'optOutPath' | 'redirectAllowHosts'>;
  /** YYYY-MM-DD, the build clock's day (events split, "today"). */
  today: string;
  [extra: string]: unknown;
};
