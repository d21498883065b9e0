// Where the browser reports a record it left out of a page (src/api/quarantine.ts): the console.
import type { Quarantined } from '../../api/quarantine.ts';

export function logQuarantined(q: Quarantined): void {
  // Only a reader's console: the build has already reported it, and stdout carries --json.
  if (typeof window === 'undefined') return;
  console.log(`left out ${q.id} of ${q.endpoint}: ${q.reason}`);
}
