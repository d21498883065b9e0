// emit's pages: rendered ones are written as they stream in, unchanged ones carried from the previous
// release (or there already), and exactly the planned files must arrive.
import { pressroomError } from '../errors/errors.ts';
import { firstNotBefore } from '../lists/sorted.ts';
import type { EmitInput } from './index.ts';
import type { OutputWriter } from './writer.ts';

/** writePages started from the previous release's files: only the rendered pages are written; the others are there. */
export async function writeChangedPages(w: OutputWriter, input: EmitInput, changed: NonNullable<EmitInput['pagesChanged']>, stop: { failed: boolean }): Promise<number> {
  const total = input.plan.routes.length;
  const expected = new Set(changed.render.map((r) => r.file));
  let done = total - expected.size;
  const progress = () => input.onProgress?.({ done, total });
  if (done > 0) progress();
  for await (const page of input.pages) {
    if (stop.failed) return halted();
    if (!expected.delete(page.file) || !isPlanned(input.plan.routes, page)) throw pressroomError('PR_INTERNAL', { detail: `render produced ${page.file} for ${page.path}, which the decision did not render` });
    await w.writeTracked(page.file, page.html);
    done += 1;
    progress();
  }
  if (expected.size) throw pressroomError('PR_INTERNAL', { detail: `render did not produce ${expected.size} planned files, e.g. ${[...expected][0]}` });
  return done;
}

/** The other writer failed: this one stops; the failure that stopped it is what emit throws. */
export const halted = (): never => {
  throw pressroomError('PR_INTERNAL', { detail: 'emit stopped after the other writer failed' });
};

/** Whether the plan (sorted by path, then file) has this route: a binary search, no map per build. */
function isPlanned(routes: readonly { path: string; file: string }[], page: { path: string; file: string }): boolean {
  const at = routes[firstNotBefore(routes, (r) => r.path < page.path || (r.path === page.path && r.file < page.file))];
  if (at?.path === page.path && at.file === page.file) return true;
  // Not where a sorted plan has it: a plan made by hand (tests) may be in any order.
  return routes.some((r) => r.path === page.path && r.file === page.file);
}

/** Carries the reused pages, streams the rendered ones to disk, and checks that exactly the planned files arrived. */
export async function writePages(w: OutputWriter, input: EmitInput, stop: { failed: boolean }): Promise<number> {
  const total = input.plan.routes.length;
  let done = 0;
  const progress = () => input.onProgress?.({ done, total });
  for (const page of input.reused ?? []) {
    if (stop.failed) return halted();
    const linking = w.carry(page.file, page);
    if (linking) await linking;
    done += 1;
    if (done % 1000 === 0) progress();
  }
  if (done > 0) progress();
  for await (const page of input.pages) {
    if (stop.failed) return halted();
    if (!isPlanned(input.plan.routes, page)) throw pressroomError('PR_INTERNAL', { detail: `render produced ${page.file} for ${page.path}, which the plan does not have` });
    await w.writeTracked(page.file, page.html);
    done += 1;
    progress();
  }
  // Each file is written once and reused pages are plan routes, so as many pages as routes is all.
  if (done !== total) {
    const missing = input.plan.routes.filter((r) => !w.has(r.file)).map((r) => r.file);
    if (missing.length) throw pressroomError('PR_INTERNAL', { detail: `render did not produce ${missing.length} planned files, e.g. ${missing[0]}` });
  }
  return done;
}
