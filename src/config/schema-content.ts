// The publication's identity and copy: brand, navigation, footer, contacts, static pages. Only
// `site.name` and `site.url` are required. Texts naming the publication default to phrases from
// `site.name` (./schema.ts); contacts and lists default to nothing, and pages leave out what is not
// configured rather than invent people, addresses or numbers.
import { z } from 'zod';
import { isBasePath } from '../site/paths.ts';
import { httpUrl } from './schema-build.ts';

const text = z.string().min(1);
const link = z.strictObject({ href: text.describe('Site path or absolute URL.'), label: text.describe('Link text.') });
const email = z.email();

/** Default copy that names no publication; the pages' defaults that do are derived from site.name. */
export const DEFAULT_NAV_SECTIONS = [
  { key: 'latest', label: 'Latest', endpoint: 'latestPost', groups: [{ key: 'newsData', label: 'News', cat_slug: 'news' }, { key: 'quickByteData', label: 'Quick Bytes', cat_slug: 'quick-bytes' }] },
  { key: 'leadership', label: 'Leadership', endpoint: 'leadership', groups: [{ key: 'podcastData', label: 'Podcasts', cat_slug: 'podcasts' }, { key: 'inteviewData', label: 'Featured Interview', cat_slug: 'interview' }, { key: 'guestPostData', label: 'Guest Posts', cat_slug: 'guest-author' }] },
  { key: 'features', label: 'Features', endpoint: 'featured', groups: [{ key: 'articleData', label: 'Articles', cat_slug: 'featured' }, { key: 'learningData', label: 'Learning Center', cat_slug: 'learning-center' }] },
] as const;

export const siteSchema = z
  .strictObject({
    name: text.describe('The publication\'s name (header logo text, titles, feeds, Google News).'),
    url: httpUrl
      .transform((u) => u.replace(/\/+$/, ''))
      .describe('The site\'s public address: its origin (https://news.example.com), with the path when the site is served under one (https://user.github.io/project). Canonical tags, sitemaps, feeds, robots.txt.'),
    basePath: z
      .string()
      .refine(isBasePath, 'expected "" or a path such as /project: starting with /, no trailing slash, segments of letters, digits and - . _ ~')
      .optional()
      .describe('The path prefix the site is served under, e.g. /project for a GitHub Pages project site: every link, asset, canonical and sitemap URL and host file carries it, while out/ keeps its layout. Paths elsewhere in the configuration stay site paths (/assets/logo.svg, /about). Set it, or give site.url the path (both must then agree). Default: the path of site.url ("" for an origin).'),
    trailingSlash: z
      .enum(['never', 'always'])
      .default('never')
      .describe('Whether page URLs end in a slash: "never" (/about) or "always" (/about/, the form S3 website hosting, GitLab Pages and any host serving about/index.html only at /about/ answer without a redirect). Canonical tags, links, sitemaps, feeds and redirects use it; the other form of a page URL redirects (301) to it where the host can redirect.'),
    title: text.optional().describe('Title of the home page and the site feed. Default: the site name.'),
    description: text.optional().describe('Meta description of the home page and the site feed. Default: the site title.'),
    newsTitle: text.optional().describe('Site title of the news section and its articles (<title>, og:site_name, section feeds). Default: the site name.'),
    securityTitle: text.optional().describe('Site title of the IT-security sub-category (cyber-security) and its articles. Default: the site name.'),
    tagline: z.string().default('').describe('First line under the footer logo; "" shows none.'),
    taglineMarketing: z.string().default('').describe('Second line under the footer logo; "" shows none.'),
    language: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a language tag such as en or en-GB').default('en').describe('Language tag of the pages, feeds and sitemaps.'),
    logo: text.default('/assets/logo.svg').describe('Header logo (130x60); the default is the sample logo under templates/assets.'),
    logoFooter: text.default('/assets/logo-footer.svg').describe('Footer logo (150x60).'),
    placeholderImage: text.default('/assets/placeholder.svg').describe('Image shown when a post has none.'),
    twitterHandle: z.string().regex(/^@\w{1,15}$/, 'a handle such as @news').optional().describe('twitter:site of every page; none when unset.'),
  })
  .describe('The publication.');

const navGroup = z.strictObject({ key: text.describe('Field of the panel\'s API answer holding the group.'), label: text, cat_slug: text.describe('Category slug of the group\'s "See More" link.') });
export const navSchema = z
  .strictObject({
    sections: z
      .array(
        z.strictObject({
          key: z.enum(['latest', 'leadership', 'features']),
          label: text,
          endpoint: z.enum(['latestPost', 'leadership', 'featured']).describe('The API panel that fills the section.'),
          groups: z.array(navGroup),
        }),
      )
      .default(DEFAULT_NAV_SECTIONS.map((s) => ({ ...s, groups: s.groups.map((g) => ({ ...g })) })))
      .describe('Header panels.'),
    links: z.array(link).default([{ href: '/events', label: 'Events' }, { href: '/contact-us', label: 'Contact Us' }]).describe('Plain header links after the panels.'),
  })
  .prefault({})
  .describe('Header navigation.');

export const footerSchema = z
  .strictObject({
    about: z.array(link).default([{ href: '/about', label: 'About Us' }, { href: '/contact-us', label: 'Contact Us' }, { href: '/sitemap', label: 'Sitemap' }]).describe('The "About" column.'),
    policies: z.array(link).default([{ href: '/privacy-policy', label: 'Privacy Policy' }, { href: '/opt-out-form', label: 'Do Not Sell My Information' }]).describe('The "Policies" column.'),
    social: z.array(link.extend({ network: text.describe('Icon: facebook, instagram, twitter, linkedin, youtube (others get a generic icon).') })).default([]).describe('The "Follow us" column; empty hides it.'),
    publications: z.array(link).default([]).describe('Sister publications ("Other Publications" column); any number, empty hides it.'),
    imprint: text.optional().describe('Text after the © sign. Default: the site name.'),
    rights: z.string().default('All Rights Reserved').describe('Text after the imprint.'),
  })
  .prefault({})
  .describe('Footer.');

export const contactSchema = z
  .strictObject({
    mediaEmail: email.optional().describe('Media contact (footer and contact page); hidden when unset.'),
    salesEmail: email.optional().describe('Sales contact (footer and contact page); hidden when unset.'),
    privacyEmail: email.optional().describe('Data-protection contact, the {privacyEmail} of the privacy policy.'),
    helpline: text.optional().describe('CCPA helpline (contact, opt-out and privacy pages, {helpline}); hidden when unset.'),
    offices: z.array(z.strictObject({ country: text, lines: z.array(text).describe('Address lines.') })).default([]).describe('Offices on the contact page; empty hides the section.'),
  })
  .prefault({})
  .describe('Contacts.');

export const aboutSchema = z
  .strictObject({
    title: text.optional().describe('Heading of /about. Default: "About " and the site name.'),
    intro: z.array(text).default([]).describe('Paragraphs of /about.'),
    teamTitle: text.default('Meet the Team').describe('Heading of the team grid.'),
    team: z
      .array(z.strictObject({ name: text, role: text, image: text.describe('Portrait, 160x160.'), description: text }))
      .default([])
      .describe('Team members, any number; empty hides the team grid.'),
  })
  .prefault({})
  .describe('The About page.');

/** Paragraphs may hold {siteName}, {optOutLink}, {contactLink}, {helpline}, {privacyEmail}. */
export const privacySchema = z
  .strictObject({
    title: text.default('Privacy Policy').describe('Heading of /privacy-policy.'),
    updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-01-15').optional().describe('Date of the last revision (YYYY-MM-DD); the "Last updated" line is hidden when unset.'),
    sections: z
      .array(z.strictObject({ heading: text, paragraphs: z.array(text).min(1).describe('May use {siteName}, {optOutLink}, {contactLink}, {helpline} and {privacyEmail}.') }))
      .default([])
      .describe('The policy text. Empty: the page shows only its title (`pressroom check` warns).'),
  })
  .prefault({})
  .describe('The Privacy Policy page.');

export const sitemapPageSchema = z
  .strictObject({
    title: text.default('Site Map').describe('Heading of /sitemap.'),
    boxTitle: text.default('We\'re here to help').describe('Heading of the side box.'),
    availability: z.string().default('').describe('Availability text of the side box; "" shows none.'),
    phone: text.optional().describe('Phone number of the side box; hidden when unset.'),
    emails: z.array(email).default([]).describe('E-mail addresses of the side box, any number.'),
  })
  .prefault({})
  .describe('The Site Map page.');

const formPage = {
  title: text,
  intro: text,
  consent: text.describe('The consent checkbox\'s label. Default: a sentence naming the site.'),
  submit: text,
};
export const pagesSchema = z
  .strictObject({
    contact: z
      .strictObject({
        title: formPage.title.default('Contact Us'),
        intro: formPage.intro.default('Questions, story tips, partnership ideas or feedback on our coverage: we read every message. Reach the right team directly or send us a message below.'),
        formTitle: text.default('Send Us a Message'),
        consent: formPage.consent.optional(),
        submit: formPage.submit.default('Send Message'),
      })
      .prefault({})
      .describe('The contact page (/contact-us).'),
    optOut: z
      .strictObject({
        title: formPage.title.default('Do Not Sell My Information'),
        intro: formPage.intro.default('Under the California Consumer Privacy Act you may ask us not to sell or share your personal information. Fill in the form below and we will process your request within 15 business days.'),
        consent: formPage.consent.optional(),
        submit: formPage.submit.default('Submit Request'),
      })
      .prefault({})
      .describe('The opt-out page (/opt-out-form).'),
  })
  .prefault({})
  .describe('Copy of the two form pages.');

export const contentKeys = {
  site: siteSchema,
  nav: navSchema,
  footer: footerSchema,
  contact: contactSchema,
  about: aboutSchema,
  privacy: privacySchema,
  sitemapPage: sitemapPageSchema,
  pages: pagesSchema,
};
