// The responses of a crawl that failed their shape check (PR_API_SHAPE), gathered so a build names every
// broken endpoint at once. A path kept here is not in the snapshot, so nothing read from it is wanted.
import { isPressroomError, pressroomError, type PressroomError } from '../errors/errors.ts';

/** How many broken endpoints the error's message lists; `--json` has the same ones and the count. */
export const MAX_SHAPE_FAILURES_LISTED = 20;

interface Broken {
  endpoint: string;
  field: string;
  detail: string;
}

export class ShapeFailures {
  private readonly found = new Map<string, { error: PressroomError; broken: Broken }>();

  /** Keeps `e` when it is a shape error of `path` and says so; any other error is the caller's. */
  add(path: string, e: unknown): boolean {
    if (!isPressroomError(e) || e.code !== 'PR_API_SHAPE') return false;
    const p = e.params;
    this.found.set(path, { error: e, broken: { endpoint: `GET ${path}`, field: String(p.field), detail: String(p.detail) } });
    return true;
  }

  has(path: string): boolean {
    return this.found.has(path);
  }

  get size(): number {
    return this.found.size;
  }

  /**
   * One error for them all: PR_API_SHAPE for one, PR_API_SHAPES listing the first few by path (not
   * arrival order), each with its failing field.
   */
  error(): PressroomError {
    const paths = [...this.found.keys()].sort();
    if (paths.length === 1) return this.found.get(paths[0])!.error;
    const listed = paths.slice(0, MAX_SHAPE_FAILURES_LISTED).map((p) => this.found.get(p)!.broken);
    const more = paths.length - listed.length;
    const lines = listed.map((b) => `\n  ${b.endpoint} at ${b.field}: ${b.detail}`).join('') + (more > 0 ? `\n  ... and ${more} more` : '');
    return pressroomError('PR_API_SHAPES', { count: paths.length, endpoints: lines }, undefined, { count: paths.length, broken: listed });
  }
}
