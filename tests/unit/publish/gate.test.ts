import { describe, expect, it } from 'vitest';
import { EXIT, isPressroomError } from '../../../src/errors/errors.ts';
import { checkShrinkGate, shrinkBlocked } from '../../../src/publish/gate.ts';

describe('shrink gate', () => {
  it('stops when the route count drops by more than the share (10%: 900 of 1000 passes, 899 stops)', () => {
    expect(shrinkBlocked({ count: 900, previous: 1000, shrinkGate: 0.1 })).toBe(false);
    expect(shrinkBlocked({ count: 899, previous: 1000, shrinkGate: 0.1 })).toBe(true);
    expect(shrinkBlocked({ count: 0, previous: 1000, shrinkGate: 0.1 })).toBe(true);
    expect(shrinkBlocked({ count: 2000, previous: 1000, shrinkGate: 0.1 })).toBe(false);
  });

  it('is open without a previous build, and --allow-shrink passes', () => {
    expect(shrinkBlocked({ count: 0, previous: undefined, shrinkGate: 0.1 })).toBe(false);
    expect(() => checkShrinkGate({ count: 0, previous: 1000, shrinkGate: 0.1, allowShrink: true })).not.toThrow();
  });

  it('throws PR_SHRINK_GATE (exit 8) naming both counts', () => {
    try {
      checkShrinkGate({ count: 10, previous: 1000, shrinkGate: 0.1 });
      expect.unreachable();
    } catch (e) {
      expect(isPressroomError(e) && e.code).toBe('PR_SHRINK_GATE');
      expect(isPressroomError(e) && e.exitCode).toBe(EXIT.gate);
      expect((e as Error).message).toContain('10 routes');
      expect((e as Error).message).toContain('1000');
    }
  });

  it('shrinkGate 0 stops on any drop; 1 never stops', () => {
    expect(shrinkBlocked({ count: 999, previous: 1000, shrinkGate: 0 })).toBe(true);
    expect(shrinkBlocked({ count: 0, previous: 1000, shrinkGate: 1 })).toBe(false);
  });
});
