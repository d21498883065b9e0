// @ts-check
// The size cli/bin.cjs gives libuv's thread pool (docs/decisions/0102-libuv-pool-sized-to-cores.md): one thread fewer
// than the cores, at least one, at most libuv's default of four.
'use strict';

/**
 * @param {number} cores the cores available (os.availableParallelism())
 * @returns {number}
 */
function threadPoolSize(cores) {
  return Math.max(1, Math.min(4, Math.floor(cores) - 1));
}

module.exports = { threadPoolSize };
