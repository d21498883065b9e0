// GitLab Pages reads Netlify's `_redirects` (./netlify.ts); this adds GitLab's limits: at most 1,000
// rules and 64 KB (over the count none apply, so the build fails), and only 301/302 and 200 rewrites:
// a 307/308 rule is skipped by GitLab, reported as a warning. No file of its own.
import { assertRules, checkLimit } from './guard.ts';
import { netlifyRedirects } from './netlify.ts';
import type { HostFormat } from './types.ts';

export const GITLAB_RULE_LIMIT = 1000;
export const GITLAB_FILE_BYTES = 65_536;

/** GitLab's checks over the canonical list and the `_redirects` text ./netlify.ts writes for it. */
export function gitlabCheck(input: Parameters<HostFormat['render']>[0], redirectsFile?: string): void {
  assertRules('GitLab Pages', input);
  checkLimit(input, 'gitlab', 'GitLab Pages', GITLAB_RULE_LIMIT, input.redirects.length + input.rewrites.length);
  if (redirectsFile !== undefined) {
    checkLimit(input, 'gitlab', 'GitLab Pages (_redirects bytes)', GITLAB_FILE_BYTES, Buffer.byteLength(redirectsFile));
  }
  const unsupported = input.redirects.filter((r) => r.status !== 301 && r.status !== 302);
  if (unsupported.length) {
    input.warn?.('W_REDIRECT_UNSUPPORTED', { count: unsupported.length, from: unsupported[0].from, status: unsupported[0].status });
  }
}

export const gitlabRedirects: HostFormat = {
  hosts: ['gitlab'],
  render(input) {
    // The file ./netlify.ts writes, rendered again only to be measured: its warnings are that writer's.
    const file = netlifyRedirects.render({ ...input, warn: undefined }).find((f) => f.path === '_redirects');
    gitlabCheck(input, file?.contents);
    return [];
  },
};
