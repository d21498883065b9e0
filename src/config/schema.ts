// The configuration's shape, validated once (zod) and frozen: operational keys (./schema-build.ts) and
// identity and copy (./schema-content.ts). Objects are strict; only site.name and site.url are
// required. config/site.schema.json and docs/configuration.md are generated from it (`npm run schema`).
import { z } from 'zod';
import { isBasePath } from '../site/paths.ts';
import { buildKeys, FOLDER_SLASH_HOSTS } from './schema-build.ts';
import { contentKeys } from './schema-content.ts';
import { checkPurgeAfter, deployKeys } from './schema-deploy.ts';

export { HOST_NAMES } from './schema-build.ts';
export { aboutSchema, pagesSchema, privacySchema, sitemapPageSchema } from './schema-content.ts';

/** The tokens a privacy paragraph may use that need a configured contact detail. */
const TOKEN_NEEDS = { helpline: 'helpline', privacyEmail: 'privacyEmail' } as const;

export const inputSchema = z
  .strictObject({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors: "./site.schema.json".'),
    ...contentKeys,
    ...buildKeys,
    ...deployKeys,
  })
  .superRefine((c, ctx) => checkPurgeAfter(c as Record<string, unknown>, ctx), { when: (payload) => isObject(payload.value) })
  .superRefine(
    (c, ctx) => {
      // A token whose contact is missing would print literally on a legal page. Runs even when other
      // keys are wrong (see `when`), so it reads defensively.
      const contact: Record<string, unknown> = isObject(c.contact) ? c.contact : {};
      const sections = isObject(c.privacy) && Array.isArray(c.privacy.sections) ? c.privacy.sections : [];
      sections.forEach((s, i) => {
        const paragraphs = isObject(s) && Array.isArray(s.paragraphs) ? s.paragraphs : [];
        paragraphs.forEach((p, j) => {
          for (const [token, key] of Object.entries(TOKEN_NEEDS)) {
            if (typeof p === 'string' && p.includes(`{${token}}`) && !contact[key]) {
              ctx.addIssue({ code: 'custom', path: ['privacy', 'sections', i, 'paragraphs', j], message: `uses {${token}} but contact.${key} is not set` });
            }
          }
        });
      });
    },
    // Every problem at once: also when other keys already failed.
    { when: (payload) => isObject(payload.value) },
  )
  .superRefine(
    (c, ctx) => {
      // x.html is served at /x, never at /x/: no host answers "always" from that layout.
      const site: Record<string, unknown> = isObject(c.site) ? c.site : {};
      const output: Record<string, unknown> = isObject(c.output) ? c.output : {};
      if (site.trailingSlash === 'always' && output.pageFiles === 'file') {
        ctx.addIssue({ code: 'custom', path: ['output', 'pageFiles'], message: 'is "file" but site.trailingSlash is "always": a host serves x.html at /x, not at /x/; use "folder" or "auto"' });
      }
    },
    { when: (payload) => isObject(payload.value) },
  )
  .superRefine(
    (c, ctx) => {
      // site.url and site.basePath name one prefix: disagreeing, canonical and sitemap URLs would
      // differ from every link.
      const site: Record<string, unknown> = isObject(c.site) ? c.site : {};
      if (typeof site.url !== 'string' || !/^https?:\/\//i.test(site.url) || !URL.canParse(site.url)) return;
      const parts = urlParts(site.url);
      if (parts.rest) {
        ctx.addIssue({ code: 'custom', path: ['site', 'url'], message: `has a query or fragment (${parts.rest}); the site's address is an origin with an optional path` });
        return;
      }
      if (!isBasePath(parts.path)) {
        ctx.addIssue({ code: 'custom', path: ['site', 'url'], message: `its path ${parts.path} cannot be a base path: expected segments of letters, digits and - . _ ~ (no escapes, no empty, . or .. segments)` });
        return;
      }
      if (typeof site.basePath === 'string' && parts.path && site.basePath !== parts.path) {
        ctx.addIssue({ code: 'custom', path: ['site', 'basePath'], message: `is ${JSON.stringify(site.basePath)} but site.url has the path ${parts.path}; give the path in one of them, or the same in both` });
      }
    },
    { when: (payload) => isObject(payload.value) },
  );

/** The path of a site URL after its authority ('' for an origin, trailing slashes dropped) and any query or fragment. */
export function urlParts(url: string): { path: string; rest: string } {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)(.*)$/is.exec(url);
  return { path: (m?.[1] ?? '').replace(/\/+$/, ''), rest: m?.[2] ?? '' };
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fills the defaults that are phrases built from the site's name. */
function derive(c: z.output<typeof inputSchema>) {
  const { $schema: _schema, ...rest } = c;
  const title = c.site.title ?? c.site.name;
  // One base path for the build: given, else site.url's path. The resolved site.url ends in it, so
  // absolute URLs are site.url + path, never with the prefix twice (src/site/paths.ts absoluteUrl).
  const urlPath = urlParts(c.site.url).path;
  const basePath = c.site.basePath ?? urlPath;
  const url = urlPath ? c.site.url : `${c.site.url}${basePath}`;
  // "auto": the x.html layout where the URL has no slash and a host would redirect /x to /x/ for x/index.html.
  const pageFiles = c.output.pageFiles !== 'auto' ? c.output.pageFiles : c.site.trailingSlash === 'never' && c.hosts.some((h) => (FOLDER_SLASH_HOSTS as readonly string[]).includes(h)) ? 'file' : 'folder';
  return {
    ...rest,
    output: { ...c.output, pageFiles },
    site: { ...c.site, url, basePath, title, description: c.site.description ?? title, newsTitle: c.site.newsTitle ?? c.site.name, securityTitle: c.site.securityTitle ?? c.site.name },
    footer: { ...c.footer, imprint: c.footer.imprint ?? c.site.name },
    about: { ...c.about, title: c.about.title ?? `About ${c.site.name}` },
    pages: {
      contact: { ...c.pages.contact, consent: c.pages.contact.consent ?? `I agree that ${c.site.name} may store the details in this form to answer my enquiry, as described in the Privacy Policy.` },
      optOut: { ...c.pages.optOut, consent: c.pages.optOut.consent ?? `I confirm that I am the person named above, or authorised to act for them, and I ask ${c.site.name} not to sell or share my personal information.` },
    },
  };
}

export const configSchema = inputSchema.transform(derive);

export type SiteConfig = z.output<typeof configSchema>;

/**
 * The configuration the browser needs, embedded in every page: small, nothing operator-private, and
 * without the static pages' copy (each page carries its own: src/config/page-copy.ts).
 */
export type PublicConfig = Pick<SiteConfig, 'nav' | 'footer' | 'contact'> &
  // basePath is left out of the page data when it is '' (src/config/load.ts publicConfig).
  { site: Omit<SiteConfig['site'], 'basePath' | 'trailingSlash'> & { basePath?: string; trailingSlash?: SiteConfig['site']['trailingSlash'] } } & {
  api: Pick<SiteConfig['api'], 'publicBase' | 'imageHost' | 'ipLookup' | 'optOutPath' | 'redirectAllowHosts'>;
  /** Whether the search page reads the static index (the build resolves "auto" before rendering). */
  search: { staticIndex: Exclude<SiteConfig['search']['staticIndex'], 'auto'> };
  [extra: string]: unknown;
};
