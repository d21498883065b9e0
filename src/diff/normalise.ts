// The normalised HTML `pressroom diff` compares (docs/operations.md, "`pressroom diff` in CI"):
// - each tag, comment and text run on its own line; whitespace-only text dropped, text trimmed;
// - JSON in <script type="application/json"> and ld+json pretty-printed, so a data change is one
//   readable line;
// - hashed names (esbuild's `[name]-[hash]`, 8 characters of [A-Z0-9]) masked as `name-[hash].ext`
//   everywhere. Lower-case words are never taken for a hash (`...-in-production.jpg` stays).
const TOKEN = /<!--[\s\S]*?-->|<[^>]*>|[^<]+/g;
const HASHED_NAME = /(\/[\w.@~-]*?)-[A-Z0-9]{8}\.(js|mjs|css|map|woff2?|ttf|otf|svg|png|jpe?g|gif|webp|avif)\b/g;
const JSON_SCRIPT = /^<script\b[^>]*\btype="application\/(ld\+)?json"/i;

export function maskHashes(text: string): string {
  return text.replace(HASHED_NAME, '$1-[hash].$2');
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text.trim();
  }
}

export function normaliseHtml(html: string): string {
  const lines: string[] = [];
  let jsonNext = false;
  for (const m of html.matchAll(TOKEN)) {
    const tok = m[0];
    if (tok.startsWith('<')) {
      // Tags spanning lines (rare) become one line too.
      lines.push(tok.replace(/\s*\n\s*/g, ' '));
      jsonNext = JSON_SCRIPT.test(tok);
      continue;
    }
    const text = tok.trim();
    if (text === '') continue;
    lines.push(jsonNext ? prettyJson(text) : text);
    jsonNext = false;
  }
  return `${maskHashes(lines.join('\n'))}\n`;
}

/** Whether a file name is content-hashed (its bytes are named by its hash; compare by masked name only). */
export function isHashedName(rel: string): boolean {
  HASHED_NAME.lastIndex = 0;
  return HASHED_NAME.test(`/${rel.slice(rel.lastIndexOf('/') + 1)}`);
}
