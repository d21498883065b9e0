// What a build derived is kept for the next one only in a process that publishes again.
import { afterEach, describe, expect, it } from 'vitest';
import { KeptSlot, KeptWeakMap, keepsForNextBuild, setKeepsForNextBuild } from '../../../src/core/resident.ts';

afterEach(() => setKeepsForNextBuild(false));

describe('KeptWeakMap', () => {
  it('stores in a process that publishes again, and nothing in a one-off build', () => {
    const key = {};
    const map = new KeptWeakMap<object, string>();
    setKeepsForNextBuild(false);
    expect(keepsForNextBuild()).toBe(false);
    expect(map.set(key, 'one-off')).toBe(map);
    expect(map.has(key)).toBe(false);
    setKeepsForNextBuild(true);
    map.set(key, 'kept');
    expect(map.get(key)).toBe('kept');
    // Switched back: what was kept is still read, nothing new is stored.
    setKeepsForNextBuild(false);
    const other = {};
    map.set(other, 'x');
    expect(map.get(key)).toBe('kept');
    expect(map.has(other)).toBe(false);
  });
});

describe('KeptSlot', () => {
  it('hands its answer over once, keeps only in a process that publishes again, and a one-off build takes nothing', () => {
    const slot = new KeptSlot<string>();
    setKeepsForNextBuild(false);
    slot.keep('one-off');
    setKeepsForNextBuild(true);
    expect(slot.take()).toBeUndefined();
    slot.keep('kept');
    expect(slot.take()).toBe('kept');
    // Taken: empty until kept again (an answer patched in place that fails on the way is not found half changed).
    expect(slot.take()).toBeUndefined();
    slot.keep('again');
    // A one-off build does not read what a watcher kept, and the slot lets it go.
    setKeepsForNextBuild(false);
    expect(slot.take()).toBeUndefined();
    setKeepsForNextBuild(true);
    expect(slot.take()).toBeUndefined();
  });
});
