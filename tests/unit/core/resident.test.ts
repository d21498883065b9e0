// What a build derived is kept for the next one only in a process that publishes again.
import { afterEach, describe, expect, it } from 'vitest';
import { KeptWeakMap, keepsForNextBuild, setKeepsForNextBuild } from '../../../src/core/resident.ts';

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
