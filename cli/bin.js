#!/usr/bin/env node
// @ts-check
// The published entry: hands over to cli/main.js, which defines the commands
// and loads each command's TypeScript code (through tsx, docs/decisions.md, 2)
// only when that command runs.
import { main } from './main.js';

// React's server renderer picks its build when first imported: the development
// build is several times slower and embeds stack traces in fallback markup.
process.env.NODE_ENV ??= 'production';

// `pressroom config | head` closes the pipe early; that is not an error.
process.stdout.on('error', (e) => {
  if (/** @type {NodeJS.ErrnoException} */ (e).code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await main(process.argv);
