// What the render stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import type { SubtreeCache } from './subtree-cache.ts';

/** The render stage's memory between the builds of one session. */
export interface RenderKept {
  /**
   * The parts copied into every page (./subtree-cache.ts), learnt for one site configuration: they
   * depend on nothing else, so the session's next build (pressroom watch renders a story's few pages
   * on its own thread) keeps what the last one learnt, where learning a part costs a page's render.
   * One configuration is kept: the last one rendered.
   */
  subtrees: { key: string; cache: SubtreeCache } | undefined;
}

/** An empty one, for a new session. */
export function newRenderKept(): RenderKept {
  return { subtrees: undefined };
}
