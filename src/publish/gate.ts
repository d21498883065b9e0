// The safety gate (docs/operations.md, "The shrink gate"): an API that suddenly answers
// empty lists must not wipe the site. The build stops before publishing when
// its route count drops by MORE than `shrinkGate` (a share, 0.1 = 10% by
// default) below the route count of the release out/ holds now:
//
//   stop when  count < previous × (1 − shrinkGate)
//
// So with 1,000 routes before, 900 still publishes and 899 stops. shrinkGate 0
// stops on any drop; 1 never stops. `--allow-shrink` publishes anyway. Without
// a previous release (first build, or its state is gone) there is nothing to
// compare with and the gate is open.
import { pressroomError } from '../errors/errors.ts';

export interface GateInput {
  count: number;
  previous: number | undefined;
  shrinkGate: number;
  allowShrink?: boolean;
}

export function shrinkBlocked({ count, previous, shrinkGate }: GateInput): boolean {
  if (previous === undefined || previous === 0) return false;
  return count < previous * (1 - shrinkGate);
}

/** Throws PR_SHRINK_GATE (exit 8) when the build must not publish. */
export function checkShrinkGate(input: GateInput): void {
  if (input.allowShrink || !shrinkBlocked(input)) return;
  throw pressroomError('PR_SHRINK_GATE', { count: input.count, previous: input.previous! });
}
