// settleBoth (src/runtime/settle.ts): nothing runs on after its caller has failed,
// and the failure reported is the one that happened first.
import { describe, expect, it } from 'vitest';
import { settleBoth } from '../../../src/runtime/settle.ts';

const later = <T>(ms: number, v: T, fail = false) => new Promise<T>((ok, no) => setTimeout(() => (fail ? no(v) : ok(v)), ms));

describe('settleBoth', () => {
  it('gives both results', async () => {
    await expect(settleBoth(later(5, 'a'), later(1, 2))).resolves.toEqual(['a', 2]);
  });

  it('waits for the other step before throwing, and throws the earlier failure', async () => {
    let otherDone = false;
    const slow = later(30, 'slow failure', true).finally(() => void (otherDone = true));
    const fast = later(1, 'fast failure', true);
    await expect(settleBoth(slow, fast)).rejects.toBe('fast failure');
    expect(otherDone).toBe(true);
  });

  it('calls onFailure once, at the first failure, while the other step still runs', async () => {
    const calls: boolean[] = [];
    let otherDone = false;
    const other = later(30, 'ok').finally(() => void (otherDone = true));
    await expect(settleBoth(later(1, 'boom', true), other, () => calls.push(otherDone))).rejects.toBe('boom');
    expect(calls).toEqual([false]);
  });
});
