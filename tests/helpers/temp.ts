// Temporary folders for tests: each a new folder under the OS temp folder
// (`${tmpdir()}/${prefix}XXXXXX`), removed whole (rm -rf) when what made it is done.
//   tempDir(prefix)     a folder and its cleanup(), for a test that removes it itself;
//   testDir(prefix)     in a test or a beforeEach: removed when the test ends, passed or failed
//                       (after the afterEach hooks, which may still use it);
//   useTempDir(prefix)  at the top of a file or a describe: made before its tests (before the
//                       beforeAll hooks registered after it) and removed after them (after its
//                       afterAll hooks); read `.dir` in the tests and hooks.
// A folder a test makes unwritable (chmod, a child run as nobody) or that must be on a given
// filesystem is not made here: those tests make their own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, onTestFinished } from 'vitest';

export interface TempDir {
  dir: string;
  cleanup(): Promise<void>;
}

/** A new folder and the call that removes it. */
export async function tempDir(prefix = 'pressroom-'): Promise<TempDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** In a test (or a beforeEach): a new folder, removed when the test ends. */
export async function testDir(prefix = 'pressroom-'): Promise<string> {
  const { dir, cleanup } = await tempDir(prefix);
  onTestFinished(cleanup);
  return dir;
}

/** At the top of a file or a describe: a folder for its tests, removed after them. */
export function useTempDir(prefix = 'pressroom-'): { readonly dir: string } {
  let made: string | undefined;
  beforeAll(async () => {
    const t = await tempDir(prefix);
    made = t.dir;
    return t.cleanup; // run after the suite's afterAll hooks
  });
  return {
    get dir() {
      if (made === undefined) throw new Error(`useTempDir('${prefix}'): read before its beforeAll ran`);
      return made;
    },
  };
}
