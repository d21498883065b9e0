// @vitest-environment jsdom
// Browser-side sanitising of draft HTML (docs/decisions/0013-sanitisers.md) with the server's
// policy, the client TOC (ids and numbering as the build's), and the live post
// fetch's 3000 ms timeout (docs/pages.md, "Preview").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveGetWithTimeout, POST_FETCH_TIMEOUT_MS, sanitiseDraftHtml, tocFromHtml } from '../../../../src/app/lib/cms-client.ts';
import { sanitisePostHtml } from '../../../../src/crawl/sanitise.ts';

const EVIL = [
  '<h2>Intro</h2><p>Hello<script>alert("body")</script></p>',
  '<p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a> <a href="JaVaScRiPt:alert(4)">mixed case</a></p>',
  '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==">data link</a><img src="data:image/svg+xml,<svg onload=alert(6)>"></p>',
  '<iframe src="https://evil.example/embed"></iframe><iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
  '<h3 onclick="alert(7)">Heading</h3><style>body{display:none}</style><p style="position:fixed">text</p>',
  '<p>end</p></div></article></body><!--',
].join('\n');

describe('sanitiseDraftHtml', () => {
  it('removes scripts, handlers, styles, unsafe URLs and foreign iframes', () => {
    const { html } = sanitiseDraftHtml(EVIL);
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|data:|<style|style=|evil\.example|<iframe/i);
    expect(html).toContain('click</a>'); // the text of a refused link stays, without its href
    expect(html).toContain('<p>end</p>');
  });

  it('keeps safe links and marks off-site ones; keeps http(s) and site images', () => {
    const { html } = sanitiseDraftHtml('<p><a href="/news/x">in</a> <a href="https://example.org/a" target="_self" onclick="x()">out</a> <a href="mailto:a@b.example">mail</a> <a href="//evil.example">pr</a><img src="/uploads/a.jpg" alt="A" width="640" height="x"></p>');
    expect(html).toContain('<a href="/news/x">in</a>');
    expect(html).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(html).toContain('<a>pr</a>');
    expect(html).toContain('<img src="/uploads/a.jpg" alt="A" width="640">');
  });

  it('rebuilds allow-listed video iframes from the parsed id', () => {
    const { html } = sanitiseDraftHtml('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1" onload="x()" width="9">fallback</iframe>');
    expect(html).toBe('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Embedded video" loading="lazy" allowfullscreen=""></iframe>');
  });

  it('gives h2-h4 ids and numbers the TOC like the build (1., 1.1., 2.)', () => {
    const { html, toc } = sanitiseDraftHtml('<h3 id="x">Before</h3><h2>Why it matters</h2><h3>The cost</h3><h4>Details</h4><h2>Why it matters</h2><h5>Not listed</h5>');
    expect(toc).toEqual([
      { level: 2, id: 'toc-before', text: 'Before', number: '1.' },
      { level: 2, id: 'toc-why-it-matters', text: 'Why it matters', number: '2.' },
      { level: 3, id: 'toc-the-cost', text: 'The cost', number: '2.1.' },
      { level: 4, id: 'toc-details', text: 'Details', number: '2.2.' },
      { level: 2, id: 'toc-why-it-matters-2', text: 'Why it matters', number: '3.' },
    ]);
    expect(html).toContain('<h2 id="toc-why-it-matters-2">Why it matters</h2>');
    // Not in the TOC, and renumbered to its place in the outline like the others.
    expect(html).toContain('<h3>Not listed</h3>');
  });

  it('renumbers headings that skip a level, exactly as the build does (same HTML, same TOC)', () => {
    for (const body of [
      '<h3>Starts low</h3><h2>Two</h2><h4>Skips three</h4><h3>Three</h3><h4>Four</h4>',
      '<h2>A</h2><h4>B</h4><p>x</p><h4>C</h4><h6>D</h6><h3>E</h3><h5>F <em>f</em></h5><h3>G</h3><h3>H</h3>',
    ]) {
      const draft = sanitiseDraftHtml(body);
      const built = sanitisePostHtml(body);
      expect(draft.html).toBe(built.html);
      expect(draft.toc).toEqual(built.toc);
    }
    expect(sanitiseDraftHtml('<h3>Starts low</h3><h2>Two</h2><h4>Skips three</h4>').html).toBe('<h2 id="toc-starts-low">Starts low</h2><h2 id="toc-two">Two</h2><h3 id="toc-skips-three">Skips three</h3>');
  });

  it('computes a TOC from HTML with DOMParser without running it', () => {
    expect(tocFromHtml('<h2>One</h2><img src=x onerror="globalThis.__ran=1"><h3>Two</h3>').map((t) => t.number)).toEqual(['1.', '1.1.']);
    expect((globalThis as { __ran?: number }).__ran).toBeUndefined();
  });
});

describe('liveGetWithTimeout', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('gives a post fetch 3000 ms by default', () => {
    expect(POST_FETCH_TIMEOUT_MS).toBe(3000);
  });

  it('answers within the timeout', async () => {
    expect(await liveGetWithTimeout(base, '/fast', { timeoutMs: 1000 })).toEqual({ status: 200, body: { ok: true } });
  });

  it('aborts a request that does not answer in time with a readable error', async () => {
    await expect(liveGetWithTimeout(base, '/slow', { timeoutMs: 100 })).rejects.toThrow('The request timed out after 100 ms');
  });
});
