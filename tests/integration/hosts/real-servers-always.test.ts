// The sample site with site.trailingSlash "always" (pages at /x/ from x/index.html) under the base
// path /project, on Debian's nginx, Apache and Caddy (./server-checks.ts): pages 200 at /x/, /x 301
// to /x/, old URLs one hop in either form, the shells at /search/.../, 404 with 404.html.
import { describeServers, useBuiltSite } from './server-checks.ts';

describeServers(useBuiltSite({ siteUrl: 'https://user.github.io/project', trailingSlash: 'always' }), '/project');
