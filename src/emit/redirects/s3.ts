// S3 website hosting (docs/deploying.md, "Redirect formats and limits", "404 pages"). `s3/website.json`
// is the bucket's website configuration (written beside out/, ../host-snippets.ts): index and error
// documents, and routing rules while at most 50 (S3's maximum). Beyond that, or when a rule's key is a
// prefix of another key (conditions match prefixes), redirects move to per-object
// `x-amz-website-redirect-location` metadata listed in `s3/redirect-objects.json`; those are always
// 301 (a warning names other statuses). S3 cannot rewrite with 200: the shells need a CDN in front.
import type { RedirectRule } from '../../site/types.ts';
import { hostView } from './base.ts';
import { assertRules, decodedPath } from './guard.ts';
import type { HostFormat, RedirectInput } from './types.ts';

export const S3_ROUTING_RULE_LIMIT = 50;
export const S3_ERROR_DOCUMENT = '404.html';

const keyOf = (from: string) => decodedPath(from).replace(/^\/+/, '').replace(/\/+$/, '');

function routingRule(r: RedirectRule) {
  const Condition = { KeyPrefixEquals: keyOf(r.from) };
  if (r.to.startsWith('/')) return { Condition, Redirect: { ReplaceKeyWith: r.to.slice(1), HttpRedirectCode: String(r.status) } };
  const u = new URL(r.to);
  return {
    Condition,
    Redirect: { Protocol: u.protocol.slice(0, -1), HostName: u.host, ReplaceKeyWith: `${u.pathname}${u.search}${u.hash}`.slice(1), HttpRedirectCode: String(r.status) },
  };
}

/** Keys that are a prefix of another key or page file (not at a '/' boundary): a prefix rule would catch them. */
function ambiguousKeys(input: RedirectInput, redirects: readonly RedirectRule[], keyPrefix: string): string[] {
  const keys = redirects.map((r) => keyOf(r.from));
  const others = [...keys, ...[...(input.pageFiles ?? [])].map((f) => `${keyPrefix}${f}`)];
  return keys.filter((k) => others.some((o) => o !== k && o.startsWith(k) && o[k.length] !== '/'));
}

export const s3Redirects: HostFormat = {
  hosts: ['s3'],
  render(input) {
    assertRules('S3', input);
    // Under a base path out/ is synced below the key prefix (s3://BUCKET/project/), so keys and targets carry it.
    const { redirects, notFound } = hostView(input);
    const keyPrefix = notFound.slice(1, -S3_ERROR_DOCUMENT.length);
    const errorDocument = `${keyPrefix}${S3_ERROR_DOCUMENT}`;
    const website: Record<string, unknown> = { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: errorDocument } };
    const ambiguous = ambiguousKeys(input, redirects, keyPrefix);
    const useRules = redirects.length <= S3_ROUTING_RULE_LIMIT && ambiguous.length === 0;
    if (useRules) {
      // S3 takes the first matching rule: longer keys first, so a prefix never shadows a longer path.
      const ordered = [...redirects].sort((a, b) => keyOf(b.from).length - keyOf(a.from).length || (a.from < b.from ? -1 : 1));
      if (ordered.length) website.RoutingRules = ordered.map(routingRule);
      return [{ path: 's3/website.json', contents: `${JSON.stringify(website, null, 2)}\n`, beside: true }];
    }
    const reason = redirects.length > S3_ROUTING_RULE_LIMIT ? `${redirects.length} redirects exceed the ${S3_ROUTING_RULE_LIMIT} routing rules` : `key ${ambiguous[0]} is a prefix of another path`;
    input.warn?.('W_REDIRECT_S3_OBJECTS', { reason });
    const not301 = redirects.filter((r) => r.status !== 301);
    if (not301.length) input.warn?.('W_REDIRECT_S3_STATUS', { count: not301.length, from: not301[0].from, status: not301[0].status });
    const objects = redirects.flatMap((r) => [{ key: keyOf(r.from), redirect: r.to }, { key: `${keyOf(r.from)}/index.html`, redirect: r.to }]);
    const manifest = { errorDocument, indexDocument: 'index.html', metadataHeader: 'x-amz-website-redirect-location', objects };
    return [
      { path: 's3/website.json', contents: `${JSON.stringify(website, null, 2)}\n`, beside: true },
      { path: 's3/redirect-objects.json', contents: `${JSON.stringify(manifest, null, 2)}\n`, beside: true },
    ];
  },
};
