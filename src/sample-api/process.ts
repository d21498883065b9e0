// The sample API in a child process, for `pressroom build`'s embedded default.
// The build is CPU-bound (shape checks, sanitising, rendering) and so is the
// API answering it; in one process they share one core, in two the machine's
// second core serves the API (measured by bench/build.ts). Tests that need the
// corpus, the store or fault injection keep using startSampleApi in-process.
import { fork } from 'node:child_process';
import { COMPILED, entryFile } from '../runtime/package.ts';
import type { SampleApiOptions } from './server.ts';

export interface SampleApiProcess {
  url: string;
  close(): Promise<void>;
}

type Plain = Omit<SampleApiOptions, 'faults'> & { faults?: string | null };

const CHILD = entryFile('src/sample-api/process-child.ts');

export function startSampleApiProcess(options: Plain, timeoutMs = 60_000): Promise<SampleApiProcess> {
  const child = fork(CHILD, [JSON.stringify(options)], {
    // From the sources the child is TypeScript: tsx resolved from Pressroom's own
    // folder, not the caller's working directory. The compiled child needs nothing.
    execArgv: COMPILED ? [] : ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`the sample API process did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (msg: { url?: string; error?: string }) => {
      clearTimeout(timer);
      if (msg.url) resolve({ url: msg.url, close });
      else {
        void close();
        reject(new Error(`the sample API process failed: ${msg.error ?? 'unknown error'}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sample API process exited with code ${code} before it started`));
    });
  });
}
