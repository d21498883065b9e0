// The prebuilt bundle of the package: what `npm pack` writes into dist/client/
// reads back as the same bundle a live esbuild build gives (files, URLs, each
// page kind's preloads, hash), and a missing or damaged one is a clear error.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, type ClientBundle } from '../../../src/bundle/index.ts';
import { readPrebuiltBundle, writePrebuiltBundle } from '../../../src/bundle/prebuilt.ts';
import { isPressroomError } from '../../../src/errors/errors.ts';
import type { PageKindName } from '../../../src/site/types.ts';
import { useTempDir } from '../../helpers/temp.ts';

const site = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/site');
const KINDS = ['alpha', 'beta'];
const tmp = useTempDir('pr-prebuilt-');
let live: ClientBundle;

beforeAll(async () => {
  live = await bundleClient({ projectRoot: site });
});

describe('prebuilt client bundle', () => {
  it('reads back as the live bundle it was written from', async () => {
    const out = path.join(tmp.dir, 'client');
    await writePrebuiltBundle(live, KINDS, out);
    const read = await readPrebuiltBundle(out);
    expect(read.entryUrl).toBe(live.entryUrl);
    expect(read.cssUrl).toBe(live.cssUrl);
    expect(read.files.map((f) => f.path)).toEqual(live.files.map((f) => f.path));
    for (const [i, f] of read.files.entries()) expect(Buffer.from(f.contents).equals(Buffer.from(live.files[i]!.contents))).toBe(true);
    for (const k of KINDS) expect(read.preloadFor(k as PageKindName)).toEqual(live.preloadFor(k as PageKindName));
    expect(read.preloadFor('alpha' as PageKindName).length).toBeGreaterThan(0);
    expect(read.hash).toBe(live.hash);
  });

  it('hashes the bytes it reads, so a changed file changes the hash', async () => {
    const out = path.join(tmp.dir, 'changed');
    await writePrebuiltBundle(live, KINDS, out);
    await writeFile(path.join(out, ...live.cssUrl.slice(1).split('/')), ':root{}');
    expect((await readPrebuiltBundle(out)).hash).not.toBe(live.hash);
  });

  it('fails with PR_BUNDLE_PREBUILT when the manifest or a file is missing', async () => {
    const missing = await readPrebuiltBundle(path.join(tmp.dir, 'nothing-here')).catch((e: unknown) => e);
    expect(isPressroomError(missing) && missing.code).toBe('PR_BUNDLE_PREBUILT');
    const out = path.join(tmp.dir, 'partial');
    await writePrebuiltBundle(live, KINDS, out);
    await rm(path.join(out, ...live.entryUrl.slice(1).split('/')));
    const partial = await readPrebuiltBundle(out).catch((e: unknown) => e);
    expect(isPressroomError(partial) && partial.code).toBe('PR_BUNDLE_PREBUILT');
    expect((partial as Error).message).toContain(live.entryUrl.split('/').at(-1));
  });
});
