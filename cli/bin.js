#!/usr/bin/env node
// @ts-check
// The `pressroom` command: hands over to cli/main.js, which defines the
// commands and loads each command's code only when that command runs (through
// cli/load.js: the TypeScript sources in a clone, dist/ in the package).
// ./process.js first: NODE_ENV and the heap's growth, before any command's code loads.
import './process.js';
import { main, report } from './main.js';
import { watchInChild } from './watch-process.js';

// `pressroom config | head` closes the pipe early; that is not an error.
process.stdout.on('error', (e) => {
  if (/** @type {NodeJS.ErrnoException} */ (e).code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

// `pressroom watch` runs in a child with a larger young generation (./watch-process.js).
process.exitCode = await (watchInChild(process.argv)?.catch((e) => report(e, process.argv.slice(2))) ?? main(process.argv));
