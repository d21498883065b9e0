// `pressroom serve` during a publish's swap: between its two renames there is no out/, and a
// request that meets that instant waits for the new out/ instead of failing (src/serve/swap-wait.ts).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, type Serving } from '../../../src/serve/index.ts';
import { acrossSwaps, type SwapWait } from '../../../src/serve/swap-wait.ts';
import { testDir } from '../../helpers/temp.ts';

let serving: Serving | undefined;
afterEach(async () => {
  await serving?.close();
  serving = undefined;
});

async function site(out: string, page: string): Promise<string> {
  const put = async (rel: string, body: string) => {
    await mkdir(join(out, rel, '..'), { recursive: true });
    await writeFile(join(out, rel), body);
  };
  await put('index.html', '<p>home</p>');
  await put('404.html', '<p>not found page</p>');
  await put('news/foo/index.html', page);
  await put('pressroom-manifest.json', JSON.stringify({ version: 1, source: { kind: 'api', base: 'http://unused.invalid' }, files: [] }));
  return out;
}

describe('serve while a publish swaps out/', () => {
  it('answers a page requested between the two renames with the new tree once it is in place, not a 404', async () => {
    const dir = await testDir('pressroom-serve-swap-');
    const out = await site(join(dir, 'out'), '<p>old</p>');
    const next = await site(join(dir, 'out.staging-1'), '<p>new</p>');
    const waits: SwapWait[] = [];
    serving = await startServe({
      out,
      port: 0,
      host: '127.0.0.1',
      onSwapWait: (e) => {
        waits.push(e);
        // The publish's second rename, made while the request waits.
        if (e.phase === 'start') void rename(next, out);
      },
    });
    await rename(out, join(dir, 'out.old-1')); // the first rename
    const res = await fetch(`${serving.url}/news/foo`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>new</p>');
    expect(waits.map((w) => w.phase)).toEqual(['start', 'end']);
    expect(waits[1]).not.toEqual({ phase: 'end', ms: null });
  });

  it('answers 404 at once for a path in no tree, while out/ is there', async () => {
    const dir = await testDir('pressroom-serve-swap-');
    const out = await site(join(dir, 'out'), '<p>page</p>');
    const waits: SwapWait[] = [];
    serving = await startServe({ out, port: 0, host: '127.0.0.1', onSwapWait: (e) => waits.push(e) });
    const res = await fetch(`${serving.url}/news/none`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<p>not found page</p>');
    expect(waits).toEqual([]);
  });

  it('gives up, with the error it met, on an out/ that does not come back', async () => {
    const dir = await testDir('pressroom-serve-swap-');
    const res = { headersSent: false } as Parameters<typeof acrossSwaps>[1];
    const gone = Object.assign(new Error('gone'), { code: 'ENOENT' });
    const waits: SwapWait[] = [];
    let runs = 0;
    const failing = acrossSwaps(join(dir, 'never'), res, async () => {
      runs++;
      throw gone;
    }, (e) => waits.push(e));
    await expect(failing).rejects.toBe(gone);
    expect(runs).toBe(1);
    expect(waits).toEqual([{ phase: 'start' }, { phase: 'end', ms: null }]);
  });

  it('does not run a handler again once it has sent headers', async () => {
    const dir = await testDir('pressroom-serve-swap-');
    const res = { headersSent: true } as Parameters<typeof acrossSwaps>[1];
    const gone = Object.assign(new Error('gone'), { code: 'ENOENT' });
    let runs = 0;
    await expect(acrossSwaps(dir, res, async () => {
      runs++;
      throw gone;
    })).rejects.toBe(gone);
    expect(runs).toBe(1);
  });
});
