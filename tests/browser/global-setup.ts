// Browser layer set-up (vitest globalSetup): builds the sample site ONCE from a
// sample API on port 0 (its own data dir, a fixed build clock), serves it with
// `pressroom serve` semantics and the live API proxied, and hands the URLs to
// the test files through provide/inject.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSampleApi } from '../../src/sample-api/index.ts';
import { startServe } from '../../src/serve/index.ts';
import { tempDir } from '../helpers/pressroom.ts';

export const BUILD_NOW = '2026-11-22T12:00:00.000Z';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    apiUrl: string;
    outDir: string;
  }
}

function run(cmd: string, args: string[], cwd: string): Promise<void> {
  return new Promise((ok, fail) => {
    // The build the readers get: React's production build (vitest's own NODE_ENV is "test").
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const { dir, cleanup } = await tempDir('pressroom-browser-');
  const api = await startSampleApi({ port: 0, today: BUILD_NOW, dataDir: join(dir, 'api-data') });
  const out = join(dir, 'out');
  await run(process.execPath, ['cli/bin.cjs', 'build', '--api', api.url, '--out', out, '--now', BUILD_NOW, '--quiet'], root);
  const site = await startServe({ out, port: 0, host: '127.0.0.1', apiProxy: api.url });
  project.provide('siteUrl', site.url);
  project.provide('apiUrl', api.url);
  project.provide('outDir', out);
  return async () => {
    await site.close();
    await api.close();
    await cleanup();
  };
}
