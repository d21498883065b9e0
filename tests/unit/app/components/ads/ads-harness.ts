// The ads tests' mirror: a fetch stand-in answering data/advertisement/get_active.json with plain
// objects, so a read settles in microtasks (the rotation tests run on fake timers).
import { act } from 'react';
import { vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import { mirrorUrl } from '../../../../../src/api/mirror.ts';
import type { ApiEnvelope } from '../../../../../src/app/data/api.ts';

/** Serves `env` as the ads' mirror file (any other URL: 404); returns the URLs asked for. */
export function stubAdsMirror(env: ApiEnvelope | ((url: string) => Promise<never>)): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (typeof env === 'function') return env(url);
      const found = url === mirrorUrl(ep.ads());
      return { status: found ? 200 : 404, ok: found, json: async () => (found ? env : null) };
    }),
  );
  return asked;
}

/** Lets the mirror read and the renders it causes finish. */
export const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
