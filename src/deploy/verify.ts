// `pressroom deploy --verify` (docs/deploying.md, "Verify"): the target's real listing compared with
// the release's files, and the difference sent as a change: files missing or with other bytes are
// uploaded, files the site does not have are deleted (the target's `.pressroom/` aside). The only
// path of a deploy that costs the site: it lists the target and hashes the release's siblings.
import { computeChange, type ChangeInput, type ComputedChange } from './changes.ts';
import { PHASES } from './phases.ts';
import type { DeployTarget } from './types.ts';

export async function verifyChange(target: DeployTarget, input: ChangeInput): Promise<ComputedChange> {
  const [all, listing] = await Promise.all([computeChange({ ...input, full: true, staleRedirects: [] }), target.list!()]);
  const expected = new Set<string>();
  const phases = PHASES.map((phase) => ({ phase, files: [] as typeof all.change.phases[number]['files'] }));
  for (const p of all.change.phases) {
    const into = phases.find((q) => q.phase === p.phase)!;
    for (const f of p.files) {
      expected.add(f.path);
      const have = listing.get(f.path);
      const same = have && (have.sha256 ? have.sha256 === f.sha256 : have.size === f.size);
      if (!same) into.files.push(f);
    }
  }
  const deletions = [...listing.keys()].filter((p) => !expected.has(p) && !p.startsWith('.pressroom/')).sort();
  return {
    change: { ...all.change, full: false, phases: phases.filter((p) => p.files.length > 0), deletions },
    source: all.source,
    siteFiles: all.siteFiles,
  };
}
