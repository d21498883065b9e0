// Preloaded into a cold `pressroom build --changed` by bench/publish-cold.ts (`node --require
// bench/rss-probe.cjs`): when the process exits it writes its peak resident memory, every thread
// included (the kernel's high-water mark, process.resourceUsage().maxRSS, in kilobytes), to the file
// named by PRESSROOM_BENCH_RSS_FILE. The build report's peakRssBytes is taken when the report is
// made; this one covers the process's whole life, to its exit.
'use strict';
const file = process.env.PRESSROOM_BENCH_RSS_FILE;
if (file) process.once('exit', () => require('node:fs').writeFileSync(file, `${process.resourceUsage().maxRSS}\n`));
