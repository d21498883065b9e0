// A build on the next day renders no page that did not change: the pages carry
// no build clock (src/config/load.ts publicConfig), so the first change-driven
// build of a day costs what any other does, not a whole-site render.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseRef } from '../../src/webhook/refs.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { buildInto, startTestApi, tempDir } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-changed-day-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

it('a change-driven build on the next day renders only what changed', async () => {
  const opts = { api: api.url, handleSignals: false, workers: 0 as const };
  await buildInto(tmp.dir, { ...opts, now: '2026-01-15T12:00:00.000Z' });
  const next = await buildInto(tmp.dir, { ...opts, now: '2026-01-16T12:00:00.000Z', changed: [parseRef('ads')] });
  expect(next.changed?.fallback).toBeNull();
  expect(next.incremental).toMatchObject({ mode: 'incremental', rendered: 0 });
});
