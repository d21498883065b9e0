// S3 static website hosting (docs/deploying.md, "Redirect formats and limits" and "404 pages").
// `s3/website.json` is the bucket's website configuration
// (`aws s3api put-bucket-website --website-configuration file://.pressroom/out/hosts/s3/website.json`;
// written beside out/, ../host-snippets.ts):
// index and error documents, and routing rules while there are at most 50.
// Beyond 50 (S3's documented maximum) redirects move to per-object
// `x-amz-website-redirect-location` metadata: `s3/redirect-objects.json` lists
// {key, redirect} for the deploy step (docs/deploying.md); that is a switch,
// not an error. Routing-rule conditions are key *prefixes*, so when a rule's
// key is a prefix of a page or another rule's key (news/foo vs news/foo-bar),
// rules cannot be exact and the object metadata form is used too. Object
// redirects are always 301 on S3 (a warning names the rules that were not).
// S3 cannot rewrite with status 200: the client-only shells need a CDN in front
// (docs/deploying.md); their rewrites are not representable here.
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
