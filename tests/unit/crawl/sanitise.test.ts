// The sanitiser's policy (docs/architecture.md, "Untrusted input").
import { describe, expect, it } from 'vitest';
import { newCrawlKept } from '../../../src/crawl/kept.ts';
import { excerptFromHtml, SanitisedCache, SANITISED_MAX_ONE_OFF, sanitisePostHtml, videoEmbedUrl } from '../../../src/crawl/sanitise.ts';

const clean = (html: string) => sanitisePostHtml(html).html;

describe('sanitisePostHtml', () => {
  it('removes scripts, event handlers and dangerous URLs', () => {
    const out = clean(
      '<p onclick="x()">a<script>alert(1)</script><style>p{}</style></p>' +
        '<img src="x.jpg" onerror="alert(1)"><img src="data:image/png;base64,AAAA"><img src="//evil.example/a.png">' +
        '<a href="javascript:alert(1)">j</a><a href=" JaVaScRiPt:alert(1)">k</a><a href="vbscript:x">v</a><a href="data:text/html,x">d</a>' +
        '<svg><script>alert(2)</script></svg><form action="/x"><input name="q"></form><object data="x.swf"></object>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript|vbscript|data:|evil|<svg|<form|<input|<object|alert/i);
    expect(out).toContain('<a>j</a>');
  });

  it('keeps article markup, site-relative and http(s) links, and marks off-site links', () => {
    const out = clean(
      '<h5>t</h5><ul><li><strong>a</strong> <em>b</em></li></ul><blockquote>q</blockquote><pre><code>x &lt; y</code></pre>' +
        '<figure><img src="/uploads/2024/06/a.jpg" alt="A" width="640" height="bad"><figcaption>c</figcaption></figure>' +
        '<a href="/news/x">in</a><a href="https://other.example/y">out</a><a href="mailto:a@b.example">m</a>' +
        '<table><tr><td colspan="2">c</td></tr></table>',
    );
    expect(out).toContain('<ul><li><strong>a</strong> <em>b</em></li></ul>');
    expect(out).toContain('<pre><code>x &lt; y</code></pre>');
    expect(out).toContain('<img src="/uploads/2024/06/a.jpg" alt="A" width="640" />');
    expect(out).toContain('<a href="/news/x">in</a>');
    expect(out).toContain('<a href="https://other.example/y" target="_blank" rel="noopener noreferrer">out</a>');
    expect(out).toContain('<a href="mailto:a@b.example">m</a>');
    expect(out).toContain('<td colspan="2">c</td>');
  });

  it('rebuilds allow-listed video iframes and drops every other iframe', () => {
    const out = clean(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1" onload="x()" srcdoc="<script>">fallback</iframe>' +
        '<iframe src="https://player.vimeo.com/video/76979871"></iframe>' +
        '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>' +
        '<iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>' +
        '<iframe src="javascript:alert(1)"></iframe><iframe>no src</iframe>',
    );
    const frames = out.match(/<iframe[^>]*>/g) ?? [];
    expect(frames).toEqual([
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Embedded video" loading="lazy" allowfullscreen>',
      '<iframe src="https://player.vimeo.com/video/76979871" title="Embedded video" loading="lazy" allowfullscreen>',
    ]);
    expect(out).not.toMatch(/evil|fallback|no src|srcdoc|onload/);
  });

  it('numbers the table of contents and de-duplicates heading ids', () => {
    const { html, toc } = sanitisePostHtml(
      '<h2 id="hijack">Intro &amp; Setup</h2><h3>Step</h3><h4>Detail</h4><h3>Step</h3><h2>Intro &amp; Setup</h2><h3>Étape</h3><h2>Intro Setup 2</h2><h2>!!!</h2>',
    );
    expect(toc).toEqual([
      { level: 2, id: 'toc-intro-setup', text: 'Intro & Setup', number: '1.' },
      { level: 3, id: 'toc-step', text: 'Step', number: '1.1.' },
      { level: 4, id: 'toc-detail', text: 'Detail', number: '1.2.' },
      { level: 3, id: 'toc-step-2', text: 'Step', number: '1.3.' },
      { level: 2, id: 'toc-intro-setup-2', text: 'Intro & Setup', number: '2.' },
      { level: 3, id: 'toc-etape', text: 'Étape', number: '2.1.' },
      { level: 2, id: 'toc-intro-setup-2-2', text: 'Intro Setup 2', number: '3.' },
      { level: 2, id: 'toc-section', text: '!!!', number: '4.' },
    ]);
    expect(html).not.toContain('hijack');
    expect(html).toContain('<h2 id="toc-intro-setup">Intro &amp; Setup</h2>');
    expect(new Set(toc.map((t) => t.id)).size).toBe(toc.length);
  });

  it('renumbers headings that skip a level under the page\'s h1, so the outline never skips one (the HTML checker\'s rule)', () => {
    const { html, toc } = sanitisePostHtml('<h3>Starts low</h3><h2>Two</h2><h4>Skips three</h4><h3>Three</h3><h4>Four</h4>');
    expect(html).toBe('<h2 id="toc-starts-low">Starts low</h2><h2 id="toc-two">Two</h2><h3 id="toc-skips-three">Skips three</h3><h3 id="toc-three">Three</h3><h4 id="toc-four">Four</h4>');
    expect(toc.map((t) => [t.level, t.number])).toEqual([[2, '1.'], [2, '2.'], [3, '2.1.'], [3, '2.2.'], [4, '2.3.']]);
    expect(outlineSkips(html)).toEqual([]);
  });

  it('renumbers by nesting: siblings stay siblings, h5 and h6 follow their section (not in the TOC), every rendered h2 starts a number', () => {
    const { html, toc } = sanitisePostHtml('<h2>A</h2><h4>B</h4><p>x</p><h4>C</h4><h6>D</h6><h3>E</h3><h5>F <em>f</em></h5><h3>G</h3><h3>H</h3>');
    expect(html).toBe(
      '<h2 id="toc-a">A</h2><h3 id="toc-b">B</h3><p>x</p><h3 id="toc-c">C</h3><h4>D</h4><h3 id="toc-e">E</h3><h4>F <em>f</em></h4><h3 id="toc-g">G</h3><h3 id="toc-h">H</h3>',
    );
    expect(toc.map((t) => `${t.level} ${t.number} ${t.text}`)).toEqual(['2 1. A', '3 1.1. B', '3 1.2. C', '3 1.3. E', '3 1.4. G', '3 1.5. H']);
    expect(outlineSkips(html)).toEqual([]);
    // A body of h3s only: each is a section of its own, as the outline has it.
    expect(sanitisePostHtml('<h3>X</h3><h3>Y</h3><h4>Z</h4>').toc.map((t) => `${t.level} ${t.number}`)).toEqual(['2 1.', '2 2.', '3 2.1.']);
    expect(html).not.toContain('aria-level');
  });

  it('keeps U+2028 as harmless text', () => {
    const { html, toc } = sanitisePostHtml('<h2>a\u2028b</h2><p>line\u2028sep\u2029end</p>');
    expect(html).toContain('<p>line\u2028sep\u2029end</p>');
    expect(toc[0].text).toBe('a b');
  });

  it('sanitises one body once (content-hash cache)', () => {
    const cache = new SanitisedCache(SANITISED_MAX_ONE_OFF);
    const body = `<p>cache ${Math.random()}</p>`;
    const first = sanitisePostHtml(body, cache);
    const size = cache.size;
    expect(sanitisePostHtml(body, cache)).toBe(first);
    expect(cache.size).toBe(size);
  });

  it("keeps 5,000 bodies in a session's crawl part, a few hundred in a one-off crawl's", () => {
    const fill = (cache: SanitisedCache, n: number) => {
      for (let i = 0; i < n; i++) sanitisePostHtml(`<p>fill ${i} ${Math.random()}</p>`, cache);
    };
    const oneOff = new SanitisedCache(SANITISED_MAX_ONE_OFF);
    fill(oneOff, 400);
    expect(oneOff.size).toBe(256);
    const session = newCrawlKept().sanitised;
    fill(session, 5_100);
    expect(session.size).toBe(5_000);
    // The least recently used goes first: a body asked again stays.
    const kept = sanitisePostHtml('<p>asked again</p>', oneOff);
    fill(oneOff, 255);
    expect(sanitisePostHtml('<p>asked again</p>', oneOff)).toBe(kept);
  });
});

describe('videoEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ', null],
    ['https://evil.example/?youtube.com/embed/dQw4w9WgXcQ', null],
    ['https://www.youtube.com/embed/"><script>', null],
    ['https://user@www.youtube.com/embed/dQw4w9WgXcQ', null],
    ['javascript:alert(1)//www.youtube.com/embed/dQw4w9WgXcQ', null],
    ['not a url', null],
  ])('%s -> %s', (link, expected) => {
    expect(videoEmbedUrl(link)).toBe(expected);
  });
});

describe('excerptFromHtml', () => {
  it('strips markup before cutting by characters', () => {
    expect(excerptFromHtml('<p title="a>b">Hello <b>world</b></p><p>again</p>', 100)).toBe('Hello world again');
    expect(excerptFromHtml('<p>Hello <b>wonderful</b> world</p>', 9)).toBe('Hello wo…');
    expect(excerptFromHtml('<p>😀😀😀😀</p>', 3)).toBe('😀😀…');
    expect(excerptFromHtml('<p>a &amp;lt; b</p><script>x</script>', 50)).toBe('a &lt; b');
  });
});

/** Each heading that goes more than one level deeper than the one before it, the page's h1 first. */
function outlineSkips(html: string): string[] {
  let last = 1;
  const skips: string[] = [];
  for (const m of html.matchAll(/<h([1-6])[\s>]/g)) {
    const level = Number(m[1]);
    if (level > last + 1) skips.push(`h${level} after h${last}`);
    last = level;
  }
  return skips;
}
