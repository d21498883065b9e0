// @ts-check
// What the `pressroom` process sets before any command's code loads (cli/bin.js
// imports this first); the benchmarks import it too (bench/production.ts), so
// they measure the process users run. (How a build grows its heap is the
// build's own choice: growHeapFor in src/runtime/heap-growth.ts.)

// React's server renderer picks its build when first imported: the development
// build is several times slower and embeds stack traces in fallback markup.
process.env.NODE_ENV ??= 'production';
