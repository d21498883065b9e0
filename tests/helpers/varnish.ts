// Debian's varnishd in front of a local backend (`pressroom serve`), for the purge tests and the
// deploy benchmark: a VCL that caches every 200 for an hour whatever its Cache-Control says
// (the site sends `max-age=0, must-revalidate` for pages, which a CDN in front of an origin
// commonly overrides) and accepts PURGE from loopback, the VCL docs/deploying.md ("CDN purge")
// gives operators. varnishd runs in the foreground (-F) in a process group of its own, so
// close() ends its master and its cache child together.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopGroup } from './server-process.ts';

export const VARNISHD = process.env.PRESSROOM_VARNISHD ?? '/usr/sbin/varnishd';

export interface Varnish {
  /** `http://127.0.0.1:<port>`: what a reader requests, and where the http purger sends PURGE. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export const vcl = (backendPort: number): string => `vcl 4.1;

backend default {
  .host = "127.0.0.1";
  .port = "${backendPort}";
}

# Who may purge: the publishing machine (here, loopback).
acl purge {
  "127.0.0.1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (!client.ip ~ purge) {
      return (synth(405));
    }
    return (purge);
  }
}

sub vcl_backend_response {
  # Cache pages for an hour although they say max-age=0: Pressroom purges what changes.
  if (beresp.status == 200) {
    set beresp.ttl = 1h;
    set beresp.grace = 0s;
    return (deliver);
  }
}
`;


/**
 * Starts varnishd for `backendPort` with a work folder of its own (removed by close()); a port
 * taken between the probe and varnishd's bind is retried with another.
 */
export async function startVarnish(opts: { backendPort: number }): Promise<Varnish> {
  // Started as root, varnishd runs under its unix jail: the compiler and the cache child run as
  // Debian's `varnish` and `vcache` users, which must read the VCL and reach the work folder, so
  // the folder is not mkdtemp's 0700 and sits directly in the temporary folder.
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-varnish-'));
  await chmod(dir, 0o755);
  try {
    return await launch(opts.backendPort, dir);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

async function launch(backendPort: number, dir: string): Promise<Varnish> {
  const vclFile = join(dir, 'default.vcl');
  await writeFile(vclFile, vcl(backendPort), { mode: 0o644 });
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const args = ['-F', '-n', join(dir, `varnish-${attempt}`), '-a', `127.0.0.1:${port}`, '-f', vclFile, '-s', 'malloc,32m'];
    const child = spawn(VARNISHD, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    // The master opens the listening socket before it starts the child; "Child starts" means both are up.
    const started = await new Promise<boolean>((ok, fail) => {
      const check = () => /Child starts/.test(output) && ok(true);
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.once('error', fail);
      void exited.then(() => ok(false));
    });
    if (started) {
      const varnish = {
        url: `http://127.0.0.1:${port}`,
        port,
        close: async () => {
          await stopGroup(child, exited);
          await rm(dir, { recursive: true, force: true });
        },
      };
      // Connections queue in the listen backlog until the child accepts them: one request confirms it serves.
      await fetch(`${varnish.url}/`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer());
      return varnish;
    }
    if (attempt < 5 && /Address already in use|Could not get socket/i.test(output)) continue;
    throw new Error(`varnishd did not start (${VARNISHD} ${args.join(' ')}):\n${output}`);
  }
}

