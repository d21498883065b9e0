#!/usr/bin/env node
// The `pressroom` command (package.json "bin"): sizes libuv's thread pool, then hands over to
// cli/bin.js. CommonJS on purpose: the pool's size is read once, when the pool starts, and an
// ES module entry is itself read through the pool, so only code that runs before any ES module
// loads can set it.
//
// The pool does a build's file work: tens of thousands of files created, written and linked in
// the same few folders. Its default four threads do that in parallel on two cores beside the
// render threads, and there the same work cost more CPU the more threads did it: on a 2-core
// machine, four 10,000-post builds with one pool thread took 23.4-29.5 s against 27.5-30.6 s
// with four (each pair one after the other; emit 3.8-5.7 s against 6.3-7.9 s), and with
// precompression (zlib in the pool too) 44.4-46.0 s against 45.2-48.5 s
// (docs/decisions/0102-libuv-pool-sized-to-cores.md). One thread fewer than the cores, at most libuv's four
// (./thread-pool.cjs); a size given in the environment is kept.
'use strict';
const { availableParallelism } = require('node:os');
const { threadPoolSize } = require('./thread-pool.cjs');

process.env.UV_THREADPOOL_SIZE ??= String(threadPoolSize(availableParallelism()));

import('./bin.js').catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
