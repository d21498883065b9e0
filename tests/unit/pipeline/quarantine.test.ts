// The report's quarantine list of a change-driven build looks only at the snapshot paths changed
// since the last build's (src/pipeline/quarantine.ts): it must list what a look at every entry lists.
import { describe, expect, it } from 'vitest';
import { sortQuarantined, type Quarantined } from '../../../src/api/quarantine.ts';
import { newCrawlKept } from '../../../src/crawl/kept.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { quarantinedRecords } from '../../../src/pipeline/quarantine.ts';
import { mulberry32 } from '../../helpers/rng.ts';

const record = (path: string, v: number): Quarantined => ({ endpoint: path, id: `r${v}`, reason: `bad ${v}` }) as Quarantined;

describe('quarantinedRecords', () => {
  it('lists what every entry holds, over 60 random changes of copies', () => {
    const rand = mulberry32(11);
    // A session's crawl part: each build after the first looks only at the paths changed.
    const kept = newCrawlKept();
    let snap = new Snapshot();
    const set = (s: Snapshot, path: string, v: number) => s.set(path, { status: 200, body: { v }, ...(rand() < 0.3 ? { quarantined: [record(path, v)] } : {}) });
    for (let i = 0; i < 50; i++) set(snap, `/api/p/${i}`, 0);
    const fromPlan = [record('/plan', 1)];
    for (let round = 1; round <= 60; round++) {
      snap = Snapshot.copyOf(snap);
      for (let c = 0; c < 1 + Math.floor(rand() * 4); c++) {
        const path = `/api/p/${Math.floor(rand() * 60)}`;
        if (rand() < 0.2) snap.delete(path);
        else set(snap, path, round);
      }
      const every = [...fromPlan, ...snap.paths().flatMap((p) => snap.get(p)?.quarantined ?? [])];
      expect(quarantinedRecords(snap, fromPlan, kept)).toEqual(sortQuarantined(every));
    }
  });
});
