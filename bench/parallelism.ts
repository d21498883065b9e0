// How much two threads of this machine give over one, for the kind of work a
// render is (allocation-heavy: objects, strings, JSON), and for pure arithmetic.
// Printed beside the render pool's figures: on a VM whose two vCPUs share one
// physical core, arithmetic scales and allocation-heavy work does not, and no
// pool can beat that.
import { Worker } from 'node:worker_threads';

const ALLOC = `const o = { a: Array.from({ length: 1000 }, (_, i) => ({ i, s: 'x'.repeat(20) + i })) };
let n = 0; for (let i = 0; i < 2000; i++) n += JSON.parse(JSON.stringify(o)).a.length;
require('node:worker_threads').parentPort.postMessage(n);`;
const ALU = `let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7; require('node:worker_threads').parentPort.postMessage(x);`;

async function wall(code: string, threads: number): Promise<number> {
  const t = performance.now();
  await Promise.all(Array.from({ length: threads }, () => new Promise((ok, fail) => new Worker(code, { eval: true }).once('message', ok).once('error', fail))));
  return performance.now() - t;
}

/** Speed-up of `threads` threads over one on the same total work per thread (threads x work in the time of one = threads). */
export async function parallelism(threads = 2): Promise<{ alloc: number; alu: number }> {
  const scale = async (code: string) => {
    const one = await wall(code, 1);
    const many = await wall(code, threads);
    return (threads * one) / many;
  };
  return { alloc: await scale(ALLOC), alu: await scale(ALU) };
}
