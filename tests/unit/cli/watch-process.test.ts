// `pressroom watch` starts its watcher as a child with a larger young generation (cli/watch-process.js).
// A child that cannot start fails with the catalogue's PR_WATCH_PROCESS, naming the binary and the
// reason, and leaves no signal handler behind (the spawn's 'exit' never comes then).
import { describe, expect, it } from 'vitest';
import { childEnv, watchInChild, WATCH_MALLOC_ARENAS } from '../../../cli/watch-process.js';

describe('watchInChild', () => {
  it('leaves every command but watch to this process', () => {
    expect(watchInChild(['node', 'bin.js', 'build', '--sample'])).toBeUndefined();
  });

  it('rejects with PR_WATCH_PROCESS when the child cannot start, and stops passing signals on', async () => {
    const before = process.listenerCount('SIGTERM');
    const started = watchInChild(['node', 'bin.js', 'watch', '--api', 'http://127.0.0.1:9'], '/nonexistent/node');
    expect(started).toBeDefined();
    const e = await started!.then(
      () => undefined,
      (err: unknown) => err as { code: string; exitCode: number; message: string; hint: string },
    );
    expect(e?.code).toBe('PR_WATCH_PROCESS');
    expect(e?.exitCode).toBe(1);
    expect(e?.message).toContain('/nonexistent/node');
    expect(e?.message).toContain('ENOENT');
    expect(e?.hint).toContain('NODE_OPTIONS=--max-semi-space-size=64');
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it("gives the child glibc's arena limit unless the operator set one, and keeps the rest of the environment", () => {
    expect(childEnv({ PATH: '/bin', PRESSROOM_WEBHOOK_SECRET: 's' })).toEqual({ PATH: '/bin', PRESSROOM_WEBHOOK_SECRET: 's', MALLOC_ARENA_MAX: WATCH_MALLOC_ARENAS });
    expect(childEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
    expect(WATCH_MALLOC_ARENAS).toBe('2');
  });
});
