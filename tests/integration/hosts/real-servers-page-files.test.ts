// The sample site with the page-file layout (x.html, the layout Cloudflare Pages and GitHub Pages
// serve at /x without a hop) and site.trailingSlash "never", on Debian's nginx, Apache and Caddy
// (./server-checks.ts): pages 200 at /x from x.html, /x/ 301 to /x, 404 with 404.html.
import { describeServers, useBuiltSite } from './server-checks.ts';

describeServers(useBuiltSite({ pageFiles: 'file' }));
