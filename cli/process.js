// @ts-check
// What the `pressroom` process sets before any command's code loads (cli/bin.js
// imports this first); the benchmarks import it too (bench/production.ts), so
// they measure the process users run.

import { setFlagsFromString } from 'node:v8';

// React's server renderer picks its build when first imported: the development
// build is several times slower and embeds stack traces in fallback markup.
process.env.NODE_ENV ??= 'production';

// A build holds a large, long-lived heap (the snapshot's records, the plan's
// routes, the files it wrote) and makes a lot of short-lived garbage around it
// (responses, sanitised HTML, pages). V8 lets the heap grow to about twice what
// survived its last full collection before it collects again, so at 50,000
// posts the main thread held 850-900 MB of heap for 400-500 MB of live data.
// Growing by 15 % instead keeps the peak near what is live, for no measurable
// time (docs/decisions.md, 70: `bench/build.ts --big 50000`, peak RSS and time
// with and without). It applies to the render threads too.
setFlagsFromString('--heap-growing-percent=15');
