// `pressroom deploy --verify` (docs/deploying.md, "Verify"): the target's real listing compared with
// the release's files, and the difference sent as a change: files missing or with other bytes are
// uploaded, files the site does not have are deleted (the target's `.pressroom/` aside). The only
// path of a deploy that costs the site: it lists the target and hashes the release's siblings.
// The build's redirect objects (an s3 target's) are keys the target holds by design, not drift:
// they are not deleted, and one missing from the listing is put again.
import { computeChange, type ChangeInput, type ComputedChange } from './changes.ts';
import { PHASES } from './phases.ts';
import type { DeployRedirect, DeployTarget } from './types.ts';

export async function verifyChange(target: DeployTarget, input: ChangeInput, redirects: readonly DeployRedirect[] = []): Promise<ComputedChange> {
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
  const redirected = new Set(redirects.map((r) => r.path));
  const deletions = [...listing.keys()].filter((p) => !expected.has(p) && !redirected.has(p) && !p.startsWith('.pressroom/')).sort();
  const missing = redirects.filter((r) => !listing.has(r.path) && !expected.has(r.path));
  const send = [...new Map([...all.change.redirects, ...missing].map((r) => [r.path, r])).values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    change: { ...all.change, full: false, phases: phases.filter((p) => p.files.length > 0), redirects: send, deletions },
    source: all.source,
    siteFiles: all.siteFiles,
  };
}
