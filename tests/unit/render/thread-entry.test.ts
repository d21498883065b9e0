// The file the render pool starts (src/render/thread.cjs): piscina require()s
// it first, so it must be CommonJS that import()s the worker module. A thread
// that require()d the ES module itself would instantiate it synchronously, and
// a pool destroyed during that instantiation aborts the whole process on Node
// 20.19+ and 22 (src/render/thread.cjs says how).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { THREAD_FILE } from '../../../src/render/pool.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-thread-');
let module: string;
beforeAll(async () => {
  module = join(tmp.dir, 'handler.mjs');
  await writeFile(module, "export default (task) => `rendered ${task}`;\n");
});

/** Runs `code` (CommonJS) on a thread like piscina's, with `workerData`; resolves with what it posts. */
function onThread(code: string, workerData: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData, execArgv: [] });
    w.once('message', (m) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

describe('the render thread entry', () => {
  it('is CommonJS whose export is a promise of the worker module\'s default export, loaded by import()', async () => {
    const got = await onThread(
      `const { workerData, parentPort } = require('node:worker_threads');
       const exported = require(workerData.file);
       const isPromise = exported instanceof Promise;
       Promise.resolve(exported).then((handler) => parentPort.postMessage({ isPromise, result: handler('batch') }), (e) => parentPort.postMessage({ error: String(e) }));`,
      { file: THREAD_FILE, pressroomRenderEntry: pathToFileURL(module).href },
    );
    expect(THREAD_FILE).toMatch(/\.cjs$/);
    expect(got).toEqual({ isPromise: true, result: 'rendered batch' });
  });

  it('names what is missing when started without the worker module', async () => {
    const got = await onThread(
      `const { workerData, parentPort } = require('node:worker_threads');
       try { require(workerData.file); parentPort.postMessage('loaded'); } catch (e) { parentPort.postMessage(e.message); }`,
      { file: THREAD_FILE },
    );
    expect(got).toMatch(/src\/render\/pool\.ts, which names the worker module in workerData/);
  });
});
