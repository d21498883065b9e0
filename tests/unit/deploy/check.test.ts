// `pressroom check` for deploy targets (src/deploy/check.ts), against the real tools.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget } from '../../../src/deploy/check.ts';
import { tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('pressroom-deploy-check-');
  execFileSync('git', ['init', '--bare', '--quiet', join(tmp.dir, 'remote.git')]);
});
afterAll(() => tmp.cleanup());

describe('checking deploy targets', () => {
  it('rsync: a local destination that can be written', async () => {
    const ctx = { out: join(tmp.dir, 'out') };
    expect(await checkTarget({ name: 'box', type: 'rsync', dest: join(tmp.dir, 'www') }, ctx)).toMatchObject({ ok: true });
    // Below a file: no folder can be made there (whoever runs the test, root included).
    await writeFile(join(tmp.dir, 'a-file'), '');
    expect(await checkTarget({ name: 'box', type: 'rsync', dest: join(tmp.dir, 'a-file', 'www') }, ctx)).toMatchObject({ ok: false, detail: expect.stringContaining('cannot be written') });
  });

  it('git: a remote that answers ls-remote', async () => {
    const ctx = { out: join(tmp.dir, 'out') };
    expect(await checkTarget({ name: 'pages', type: 'git', remote: join(tmp.dir, 'remote.git'), branch: 'gh-pages' }, ctx)).toMatchObject({ ok: true });
    expect(await checkTarget({ name: 'pages', type: 'git', remote: join(tmp.dir, 'nothing.git'), branch: 'gh-pages' }, ctx)).toMatchObject({ ok: false, detail: expect.stringContaining('ls-remote') });
  });

  it('command: its program is on PATH', async () => {
    const ctx = { out: join(tmp.dir, 'out') };
    expect(await checkTarget({ name: 'n', type: 'command', run: 'true --site out' }, ctx)).toMatchObject({ ok: true });
    expect(await checkTarget({ name: 'n', type: 'command', run: 'pressroom-no-such-cli deploy' }, ctx)).toMatchObject({ ok: false, detail: 'pressroom-no-such-cli is not on PATH' });
  });
});
