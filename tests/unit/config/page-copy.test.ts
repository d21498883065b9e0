// The static pages' copy (src/config/page-copy.ts): a page of a static kind gets
// its own copy only, other kinds none, the public configuration none; links to
// the static pages are the ones that load their document.
import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfig } from '../../../src/config/load.ts';
import { allPageCopy, COPY_KINDS, loadsOwnDocument, pageCopy } from '../../../src/config/page-copy.ts';
import { PAGE_KINDS } from '../../../src/site/kinds/index.ts';

const config = loadConfig({ file: 'config/site.json', env: {} });

describe('pageCopy', () => {
  it("gives each static page its own copy and nothing else's", () => {
    expect(pageCopy(config, 'about')).toEqual({ about: config.about });
    expect(pageCopy(config, 'privacy-policy')).toEqual({ 'privacy-policy': config.privacy });
    expect(pageCopy(config, 'sitemap-page')).toEqual({ 'sitemap-page': config.sitemapPage });
    expect(pageCopy(config, 'contact')).toEqual({ contact: config.pages.contact });
    expect(pageCopy(config, 'opt-out-form')).toEqual({ 'opt-out-form': config.pages.optOut });
  });

  it('gives every other kind none', () => {
    const others = PAGE_KINDS.map((k) => k.kind).filter((k) => !(COPY_KINDS as string[]).includes(k));
    expect(others).toContain('article');
    for (const k of others) expect(pageCopy(config, k), k).toBeNull();
  });

  it('is not in the public configuration every page embeds', () => {
    const pub = publicConfig(config);
    for (const key of ['about', 'privacy', 'sitemapPage', 'pages']) expect(pub).not.toHaveProperty(key);
    const json = JSON.stringify(pub);
    for (const copy of Object.values(allPageCopy(config))) expect(json).not.toContain(JSON.stringify(copy));
    expect(json).not.toContain(JSON.stringify(config.about.intro[0]));
  });
});

describe('loadsOwnDocument', () => {
  it('is true for the static pages, whatever the query, fragment or trailing slash', () => {
    for (const p of ['/about', '/privacy-policy', '/sitemap', '/contact-us', '/opt-out-form', '/about/', '/contact-us?x=1', '/privacy-policy#rights']) {
      expect(loadsOwnDocument(p), p).toBe(true);
    }
  });

  it('is false for every other page and for what is not a site path', () => {
    for (const p of ['/', '/news/a-story', '/topic/news', '/about-us', '/aboutx', '/events', '//about', 'about', 'https://example.com/about', '/search/all/about']) {
      expect(loadsOwnDocument(p), p).toBe(false);
    }
  });

  it("matches each static kind's route pattern", () => {
    for (const k of COPY_KINDS) {
      const patterns = PAGE_KINDS.find((x) => x.kind === k)!.patterns;
      expect(patterns.every(loadsOwnDocument), k).toBe(true);
    }
  });
});
