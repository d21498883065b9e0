// The build report: build-report.json in the release and, for the latest build, beside the releases.
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { releasePaths, stateRootFor, RELEASE_REPORT } from './releases.ts';

export async function writeBuildReport(out: string, id: string | undefined, report: unknown): Promise<void> {
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (id) await writeFileAtomic(releasePaths(out, id).report, text);
  await writeFileAtomic(join(stateRootFor(out), RELEASE_REPORT), text);
}
