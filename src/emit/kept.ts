// What the emit stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.

/** The emit stage's memory between the builds of one session. */
export interface EmitKept {}

/** An empty one, for a new session. */
export function newEmitKept(): EmitKept {
  return {};
}
