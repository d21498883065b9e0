// For tests that start a server binary of the distribution (varnishd, nginx, apache2, caddy): a port
// to give it, and the end of its process group.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port that was free a moment ago (bound on port 0, then released): the server binds it itself. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

/** Ends a server started `detached` (a process group of its own: its workers too) and waits for it. */
export async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  await exited;
}
