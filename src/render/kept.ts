// What the render stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import type { SubtreeCache } from './subtree-cache.ts';

/** The render stage's memory between the builds of one session. */
export interface RenderKept {
  /**
   * The parts copied into every page (./subtree-cache.ts), learnt for one configuration: kept so the
   * next build does not pay a page's render to learn each again. Only the last configuration's.
   */
  subtrees: { key: string; cache: SubtreeCache } | undefined;
}

/** An empty one, for a new session. */
export function newRenderKept(): RenderKept {
  return { subtrees: undefined };
}
