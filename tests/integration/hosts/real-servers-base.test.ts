// The sample site under the base path /project (a GitHub Pages project site's address) on Debian's
// nginx, Apache and Caddy, out/ placed where the server's root holds it as project/ (./server-checks.ts).
import { describeServers, useBuiltSite } from './server-checks.ts';

describeServers(useBuiltSite({ siteUrl: 'https://user.github.io/project' }), '/project');
