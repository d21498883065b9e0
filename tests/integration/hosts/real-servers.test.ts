// The sample site at the root of a domain on Debian's nginx, Apache and Caddy, each started by the
// test with its stock main configuration and the includes docs/deploying.md shows (./server-checks.ts).
import { describeServers, useBuiltSite } from './server-checks.ts';

describeServers(useBuiltSite({}));
