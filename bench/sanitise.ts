// Which server-side sanitiser for CMS HTML (src/crawl/sanitise.ts)?
// sanitize-html (htmlparser2, string in, string out) against DOMPurify over a
// jsdom window (a full DOM per call), on realistic ~30 KB article HTML with the
// same policy: article tags, http(s)/mailto/site-relative links, off-site links
// marked, iframes only for video hosts. Per-post sanitising is done once per
// distinct body (docs/architecture.md, "Where the time goes"), but a 10k-post crawl
// still pays it 10k times.
//
//   node --import tsx bench/sanitise.ts [iterations]
//
// Measured 2026-11-22, Node 20.20.2, this 2-core machine, 200 documents of 29.5 KB:
//   sanitize-html (bare policy)      median  3.2 ms/doc
//   sanitisePostHtml (policy + TOC)  median  5.1 ms/doc
//   DOMPurify + jsdom (policy)       median 97.2 ms/doc  (19x slower than ours)
// Hence sanitize-html, whose allow-list model is also what the policy needs.
import { performance } from 'node:perf_hooks';
import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
import sanitizeHtml from 'sanitize-html';
import { sanitisePostHtml, videoEmbedUrl } from '../src/crawl/sanitise.ts';
import { appendHistory } from './history.ts';

const ITERATIONS = Number(process.argv[2] ?? 200);

/** A CMS article of about 30 KB: headings, paragraphs, lists, images, links, iframes, a table. */
function article(seed: number): string {
  const parts: string[] = [];
  for (let s = 0; parts.join('').length < 30_000; s++) {
    parts.push(`<h2 style="color:red">Section ${s}: cloud &amp; data platforms</h2>`);
    for (let p = 0; p < 3; p++) {
      parts.push(
        `<p class="lead" onclick="track(${p})">Enterprises adopting <strong>generative AI</strong> face <em>governance</em> questions; ` +
          `see <a href="https://analyst.example.com/report/${s}-${p}">the report</a>, <a href="/news/post-${s}">our earlier piece</a> ` +
          `or <a href="javascript:alert(1)">this</a>. Latency fell by ${s * 7 + p}% across regions while spend stayed flat.</p>`,
      );
    }
    parts.push(`<h3>What changed in ${s}</h3><ul>${[1, 2, 3, 4].map((i) => `<li>Point ${i} about <code>api-${i}</code> and <b>scale</b></li>`).join('')}</ul>`);
    parts.push(`<figure><img src="/uploads/2024/06/img-${s}.jpg" alt="Chart ${s}" width="800" height="450" onerror="x()"><figcaption>Figure ${s}</figcaption></figure>`);
    if (s % 3 === 0) parts.push('<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen></iframe>');
    if (s % 4 === 1) parts.push('<iframe src="https://ads.evil.example/frame"></iframe><script>steal()</script>');
    if (s % 5 === 2) parts.push('<table><thead><tr><th>Vendor</th><th>Share</th></tr></thead><tbody><tr><td>A</td><td>41%</td></tr><tr><td>B</td><td>22%</td></tr></tbody></table>');
    parts.push(`<blockquote>"Data is the new electricity," said analyst ${s}.</blockquote>`);
  }
  parts.push(`<p>revision ${seed}</p>`); // distinct bodies: defeats the content-hash cache
  return parts.join('\n');
}

// The same policy for DOMPurify, for a like-for-like comparison.
const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName !== 'iframe') return;
  const el = node as unknown as Element;
  const src = videoEmbedUrl(el.getAttribute('src') ?? '');
  if (!src) {
    el.parentNode?.removeChild(el);
    return;
  }
  for (const a of el.getAttributeNames()) el.removeAttribute(a);
  el.setAttribute('src', src);
});
purify.addHook('afterSanitizeAttributes', (node) => {
  const el = node as unknown as Element;
  if (el.tagName === 'A' && /^https?:/i.test(el.getAttribute('href') ?? '')) {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
  if (el.tagName === 'IFRAME') el.setAttribute('loading', 'lazy');
});
const PURIFY_CONFIG = {
  ALLOWED_TAGS: ['p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'blockquote', 'strong', 'b', 'em', 'i', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'iframe'],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'width', 'height', 'title', 'target', 'rel', 'loading', 'allowfullscreen'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
};

function time(label: string, fn: (html: string) => string): number {
  for (let i = 0; i < 20; i++) fn(article(-1 - i)); // warm up the JIT
  const docs = Array.from({ length: ITERATIONS }, (_, i) => article(i));
  const samples: number[] = [];
  let out = 0;
  for (const d of docs) {
    const t = performance.now();
    out += fn(d).length;
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const median = samples[Math.floor(samples.length / 2)];
  console.log(`${label.padEnd(36)} mean ${mean.toFixed(3)} ms/doc  median ${median.toFixed(3)} ms  (${(out / docs.length / 1024).toFixed(1)} KB out)`);
  return median;
}

console.log(`input ~${(article(0).length / 1024).toFixed(1)} KB per document, ${ITERATIONS} documents, node ${process.version}`);
const plain = time('sanitize-html (bare policy)', (h) => sanitizeHtml(h, { allowedTags: PURIFY_CONFIG.ALLOWED_TAGS, allowedAttributes: { a: ['href'], img: ['src', 'alt', 'width', 'height'] } }));
const ours = time('sanitisePostHtml (policy + TOC)', (h) => sanitisePostHtml(h).html);
const dom = time('DOMPurify + jsdom (policy)', (h) => purify.sanitize(h, PURIFY_CONFIG) as unknown as string);
console.log(`DOMPurify+jsdom / sanitisePostHtml median ratio: ${(dom / ours).toFixed(2)}x (bare sanitize-html ${(dom / plain).toFixed(2)}x)`);
appendHistory('sanitise');
