// The URL helpers for a site under a base path (src/site/paths.ts): a site path
// becomes the URL a browser requests, a requested path the site path again,
// react-router gets a basename that makes the home link /project/, and CMS
// HTML has its site-relative links and images moved under the prefix. With ''
// each helper is the identity, which keeps a root site's output as it was.
import { describe, expect, it } from 'vitest';
import { absoluteUrl, isBasePath, rebaseHtml, routerBasename, stripBase, withBase } from '../../../src/site/paths.ts';

describe('withBase', () => {
  it('prefixes site paths, the home page becoming the folder /project/', () => {
    expect(withBase('/project', '/')).toBe('/project/');
    expect(withBase('/project', '/about')).toBe('/project/about');
    expect(withBase('/a/b', '/data/post/x.json')).toBe('/a/b/data/post/x.json');
    expect(withBase('/project', '/search/all/caf%C3%A9')).toBe('/project/search/all/caf%C3%A9');
  });

  it('leaves everything that is not a site path alone', () => {
    for (const url of ['https://cdn.example/x.jpg', '//cdn.example/x.jpg', '#main', 'mailto:a@b.example', 'tel:+1', 'relative/x', '']) {
      expect(withBase('/project', url), url).toBe(url);
    }
  });

  it('is the identity without a base path', () => {
    for (const p of ['/', '/about', 'https://x.example/', '#x']) expect(withBase('', p)).toBe(p);
  });
});

describe('stripBase', () => {
  it('gives the site path of a URL under the base path, with or without the trailing slash', () => {
    expect(stripBase('/project', '/project')).toBe('/');
    expect(stripBase('/project', '/project/')).toBe('/');
    expect(stripBase('/project', '/project/news/a')).toBe('/news/a');
  });

  it('gives null outside the base path, also for a longer name that starts the same', () => {
    expect(stripBase('/project', '/')).toBeNull();
    expect(stripBase('/project', '/projects/x')).toBeNull();
    expect(stripBase('/project', '/other/project/x')).toBeNull();
  });

  it('undoes withBase for every site path', () => {
    for (const p of ['/', '/about', '/news/a-b', '/_shell/search.html']) expect(stripBase('/a/b', withBase('/a/b', p))).toBe(p);
    expect(stripBase('', '/about')).toBe('/about');
  });
});

describe('absoluteUrl', () => {
  it('puts a bare site path after site.url, which carries the base path once', () => {
    expect(absoluteUrl('https://user.github.io/project', '/')).toBe('https://user.github.io/project/');
    expect(absoluteUrl('https://user.github.io/project', '/about')).toBe('https://user.github.io/project/about');
    expect(absoluteUrl('https://news.example', '/')).toBe('https://news.example/');
  });
});

describe('routerBasename', () => {
  it('ends in a slash so that the home link is /project/, and is undefined at the root', () => {
    expect(routerBasename('/project')).toBe('/project/');
    expect(routerBasename('')).toBeUndefined();
  });
});

describe('isBasePath', () => {
  it('accepts "" and slash-led unreserved segments, nothing else', () => {
    for (const ok of ['', '/p', '/my-project', '/a/b.c/d_e~f']) expect(isBasePath(ok), ok).toBe(true);
    for (const bad of ['/', 'p', '/p/', '//p', '/p//q', '/.', '/..', '/p/..', '/p%20q', '/p q', '/p?', '/p#', '/p"', '/p<', '/\u00e9']) expect(isBasePath(bad), bad).toBe(false);
  });
});

describe('rebaseHtml', () => {
  it('moves site-relative href and src of links and images under the base path', () => {
    const html = '<p>See <a href="/news/a" title="x">this</a> and <img src="/uploads/i.jpg" alt="i" width="10"></p>';
    expect(rebaseHtml('/project', html)).toBe('<p>See <a href="/project/news/a" title="x">this</a> and <img src="/project/uploads/i.jpg" alt="i" width="10"></p>');
  });

  it('leaves off-site, protocol-relative, fragment and mailto URLs, and text that only looks like an attribute', () => {
    const html = [
      '<a href="https://x.example/a" target="_blank" rel="noopener noreferrer">x</a>',
      '<a href="//x.example/a">y</a>',
      '<a href="#toc-1">z</a>',
      '<a href="mailto:a@b.example">m</a>',
      '<p>write href="/x" in text</p>',
      '<p>&lt;a href="/x"&gt;</p>',
    ].join('');
    expect(rebaseHtml('/project', html)).toBe(html);
  });

  it('reads a quoted ">" as part of the value, not the end of the tag', () => {
    expect(rebaseHtml('/p', '<a title="a>b" href="/x">x</a>')).toBe('<a title="a>b" href="/p/x">x</a>');
  });

  it('does not touch an attribute whose name only ends in src or href', () => {
    expect(rebaseHtml('/p', '<img data-src="/a.jpg" src="/b.jpg">')).toBe('<img data-src="/a.jpg" src="/p/b.jpg">');
  });

  it('is the identity without a base path', () => {
    const html = '<a href="/news/a">a</a>';
    expect(rebaseHtml('', html)).toBe(html);
  });
});
