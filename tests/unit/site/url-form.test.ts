// The URL form and the page file of a site path (src/site/paths.ts; decision 117).
import { describe, expect, it } from 'vitest';
import { outputFileFor, pageAbsoluteUrl, pageUrl, paths, sitePathOf } from '../../../src/site/paths.ts';

describe('pageUrl', () => {
  it('"never" leaves every path as it is', () => {
    for (const p of ['/', '/about', '/news/a', '/feed.xml', '/old/', 'https://x.example/a']) expect(pageUrl('never', p)).toBe(p);
    expect(pageUrl(undefined, '/about')).toBe('/about');
  });

  it('"always" gives a page path its slash, the query and fragment after it', () => {
    expect(pageUrl('always', '/about')).toBe('/about/');
    expect(pageUrl('always', paths.article('news', 'café'))).toBe('/news/caf%C3%A9/');
    expect(pageUrl('always', '/search/all/a%20b?x=1#y')).toBe('/search/all/a%20b/?x=1#y');
    expect(pageUrl('always', paths.listingPage('/topic/news', 2))).toBe('/topic/news/page/2/');
  });

  it('"always" leaves the home, slashed paths, files and what is not a site path', () => {
    for (const p of ['/', '/about/', '/feed.xml', '/assets/app-ABCDEFGH.js', '/data/post/x.json', '//cdn.example/a', 'https://x.example/a', '#top', 'mailto:a@b.c']) {
      expect(pageUrl('always', p), p).toBe(p);
    }
  });

  it('sitePathOf takes one slash off, so it inverts pageUrl for every page path', () => {
    for (const p of ['/', '/about', '/news/caf%C3%A9', '/topic/news/page/2']) expect(sitePathOf(pageUrl('always', p))).toBe(p);
    expect(sitePathOf('/')).toBe('/');
  });

  it('pageAbsoluteUrl: the site address (with its base path) and the page URL', () => {
    expect(pageAbsoluteUrl({ url: 'https://u.github.io/project', trailingSlash: 'always' }, '/about')).toBe('https://u.github.io/project/about/');
    expect(pageAbsoluteUrl({ url: 'https://u.github.io/project', trailingSlash: 'always' }, '/')).toBe('https://u.github.io/project/');
    expect(pageAbsoluteUrl({ url: 'https://news.example' }, '/about')).toBe('https://news.example/about');
  });
});

describe('outputFileFor', () => {
  it('"folder": x/index.html; "file": x.html; the home index.html in both; escapes decoded', () => {
    expect(outputFileFor('/', 'folder')).toBe('index.html');
    expect(outputFileFor('/', 'file')).toBe('index.html');
    expect(outputFileFor('/about', 'folder')).toBe('about/index.html');
    expect(outputFileFor('/about', 'file')).toBe('about.html');
    expect(outputFileFor('/news/caf%C3%A9', 'file')).toBe('news/café.html');
    expect(outputFileFor('/topic/news/page/2', 'file')).toBe('topic/news/page/2.html');
  });
});
