// The file piscina starts each render thread with (src/render/pool.ts). It is
// CommonJS on purpose. Piscina loads a thread's file with require() first, and
// Node (20.19+, 22.12+) then loads an ES module through its synchronous
// require(esm) path. If the pool is destroyed while a thread is instantiating
// that module graph (a build that ends early, or fails, or is stopped), the
// thread's termination lands inside that synchronous instantiation and Node
// aborts the whole process ("FATAL ERROR: v8::Module::IsGraphAsync ... must be
// used on an instantiated module"). Loading the worker with import() from a
// CommonJS file keeps it on the asynchronous loader, which a terminated thread
// leaves cleanly. Piscina awaits the exported promise for the handler.
'use strict';
const { workerData } = require('node:worker_threads');

/** The ES module holding the handler: the compiled worker in the package, the tsx bootstrap (./worker.mjs) in a clone. */
const entry = workerData && workerData.pressroomRenderEntry;
if (typeof entry !== 'string') throw new Error('src/render/thread.cjs is started by src/render/pool.ts, which names the worker module in workerData');

module.exports = import(entry).then((m) => m.default);
