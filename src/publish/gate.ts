// The shrink gate (docs/operations.md, "The shrink gate"): an API suddenly answering empty lists must
// not wipe the site. The build stops before publishing when
//   count < previous × (1 − shrinkGate)
// (default 0.1: from 1,000 routes, 900 publishes, 899 stops; 0 stops on any drop; 1 never).
// `--allow-shrink` publishes anyway. Without a previous release the gate is open.
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
