// A SnapshotView over an in-memory map, for unit tests of plan, emit and the
// page kinds (no crawl, no disk).
import { createHash } from 'node:crypto';
import { stableStringify } from '../../src/encoding/json.ts';
import type { SnapshotEntry, SnapshotView } from '../../src/site/types.ts';
import { warnInto } from './warnings.ts';

export function memorySnapshot(responses: Record<string, { status?: number; body: unknown }>): SnapshotView & { entries(): SnapshotEntry[] } {
  const map = new Map<string, SnapshotEntry>();
  for (const [path, r] of Object.entries(responses)) {
    const status = r.status ?? 200;
    const hash = createHash('sha256').update(stableStringify({ status, body: r.body })).digest('hex');
    map.set(path, { key: `GET ${path}`, status, body: r.body, hash });
  }
  return {
    get: (p) => map.get(p),
    ok: <T,>(p: string) => {
      const e = map.get(p);
      return e && e.status >= 200 && e.status < 300 ? (e.body as T) : undefined;
    },
    paths: () => [...map.keys()],
    entries: () => [...map.values()],
  };
}

export const testCtx = (warnings: string[] = []) => ({
  today: '2026-01-15',
  now: '2026-01-15T12:00:00.000Z',
  warn: warnInto(warnings),
});
