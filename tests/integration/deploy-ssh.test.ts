// The rsync target over ssh (docs/deploying.md, "rsync"): `dest` is `user@host:/path/` and `ssh` is
// rsync's `-e`. The test starts its own OpenSSH server: a process of its own on 127.0.0.1 and a free
// port, with a host key, a client key and its authorized_keys generated into a temporary folder, and
// a configuration of its own there (StrictModes no: the folder is the test's; its PidFile there too).
// It runs as the current user (root in CI) and admits only that user, by that key. A sample build is
// deployed through `pressroom deploy` to `USER@127.0.0.1:DIR`, then an edit: the remote folder holds
// out/ byte for byte after each, and the second deploy rewrote exactly the files the edit changed
// (rsync writes a file it sends to a new inode; every other file keeps its own). sshd's log shows
// each deploy logging in by public key, so the files did travel over ssh.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, lstat, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { listFiles, treeHashes } from '../helpers/files.ts';
import { buildInto, ROOT, spawnCli, startTestApi, tempDir } from '../helpers/pressroom.ts';

const which = (name: string, paths: string[]): string | undefined => paths.map((d) => join(d, name)).find((p) => existsSync(p));
const SBIN = ['/usr/sbin', '/usr/local/sbin', '/sbin'];
const BIN = ['/usr/bin', '/usr/local/bin', '/bin'];
const SSHD = which('sshd', SBIN);
const SSH = which('ssh', BIN);
const KEYGEN = which('ssh-keygen', BIN);
const USER = userInfo().username;

function config(dir: string, port: number): string {
  return [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${join(dir, 'host_ed25519')}`,
    `PidFile ${join(dir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
    // The keys live in the test's temporary folder, not in a home folder sshd would check the modes of.
    'StrictModes no',
    'PubkeyAuthentication yes',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'UsePAM no',
    `AllowUsers ${USER}`,
    'LogLevel VERBOSE',
    '',
  ].join('\n');
}

/**
 * Why sshd cannot run here, or null: the tools are installed, and sshd accepts a configuration of
 * this shape (`sshd -t`, which also checks its privilege separation folder). Run as root, sshd needs
 * /run/sshd, which Debian's service creates at boot: made here when missing, as the service would.
 */
function sshdUnavailable(): string | null {
  if (!SSHD || !SSH || !KEYGEN) return `OpenSSH is not installed (sshd: ${SSHD ?? 'missing'}, ssh: ${SSH ?? 'missing'}, ssh-keygen: ${KEYGEN ?? 'missing'}; .ci/run installs openssh-server and openssh-client)`;
  const probe = mkdtempSync(join(tmpdir(), 'pressroom-sshd-probe-'));
  try {
    if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { mode: 0o755 });
    execFileSync(KEYGEN, ['-q', '-t', 'ed25519', '-N', '', '-f', join(probe, 'host_ed25519')], { stdio: 'ignore' });
    writeFileSync(join(probe, 'sshd_config'), config(probe, 22));
    execFileSync(SSHD, ['-t', '-f', join(probe, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return null;
  } catch (e) {
    return `sshd cannot run here: ${String((e as { stderr?: Buffer }).stderr ?? (e as Error).message).trim()}`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const unavailable = sshdUnavailable();
if (unavailable) console.warn(`deploy-ssh.test.ts skipped: ${unavailable}`);

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer().once('error', fail).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

interface Sshd {
  port: number;
  log: () => string;
  close(): Promise<void>;
}

/** sshd in the foreground (-D), logging to stderr (-e); resolves once it listens. A port taken meanwhile is tried again with another. */
async function startSshd(dir: string): Promise<Sshd> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    writeFileSync(join(dir, 'sshd_config'), config(dir, port));
    // An absolute path: sshd re-executes itself for each connection.
    const child: ChildProcess = spawn(SSHD!, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    const listening = await new Promise<boolean>((ok) => {
      child.stderr!.on('data', (d) => {
        log += d;
        if (/Server listening on 127\.0\.0\.1 port/.test(log)) ok(true);
      });
      void exited.then(() => ok(false));
    });
    if (listening) {
      return {
        port,
        log: () => log,
        close: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
    }
    if (attempt < 5 && /Address already in use|Cannot bind/.test(log)) continue;
    throw new Error(`sshd did not start:\n${log}`);
  }
}

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let sshd: Sshd;
let out: string;
let remote: string;
let configFile: string;
let ssh: string;

/** A tree's files by sha256, without the deploy's own marker folder. */
async function siteTree(root: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await treeHashes(root)).filter(([p]) => !p.startsWith('.pressroom/')));
}

/** Each file's inode: rsync writes every file it sends to a new one (a temporary file renamed over the old). */
async function inodes(root: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const p of await listFiles(root)) found.set(p, (await lstat(join(root, p))).ino);
  return found;
}

async function cliDeploy(...args: string[]): Promise<{ targets: { name: string; full: boolean; source: string; uploaded: number; deleted: number; release: string; error?: { code: string } }[] }> {
  const run = spawnCli(['deploy', '--out', out, '--config', configFile, '--json', ...args]);
  const exit = await run.exit;
  expect(exit.code, run.stderr()).toBe(0);
  return JSON.parse(run.stdout());
}

const logins = () => (sshd.log().match(new RegExp(`Accepted publickey for ${USER} from 127\\.0\\.0\\.1`, 'g')) ?? []).length;

describe.skipIf(unavailable !== null)('rsync over ssh to a test-owned sshd', () => {
  beforeAll(async () => {
    tmp = await tempDir('pressroom-deploy-ssh-');
    const keys = join(tmp.dir, 'ssh');
    mkdirSync(keys, { mode: 0o700 });
    execFileSync(KEYGEN!, ['-q', '-t', 'ed25519', '-N', '', '-f', join(keys, 'host_ed25519')]);
    execFileSync(KEYGEN!, ['-q', '-t', 'ed25519', '-N', '', '-f', join(keys, 'client_ed25519')]);
    await writeFile(join(keys, 'authorized_keys'), await readFile(join(keys, 'client_ed25519.pub')));
    sshd = await startSshd(keys);
    // The client checks the server's key against the one generated here: no trust on first use.
    const hostKey = (await readFile(join(keys, 'host_ed25519.pub'), 'utf8')).trim().split(' ').slice(0, 2).join(' ');
    await writeFile(join(keys, 'known_hosts'), `[127.0.0.1]:${sshd.port} ${hostKey}\n`);
    ssh = [SSH!, '-F', '/dev/null', '-p', String(sshd.port), '-i', join(keys, 'client_ed25519'), '-o', 'IdentitiesOnly=yes', '-o', 'BatchMode=yes', '-o', 'StrictHostKeyChecking=yes', '-o', `UserKnownHostsFile=${join(keys, 'known_hosts')}`, '-o', 'GlobalKnownHostsFile=/dev/null'].join(' ');

    api = await startTestApi({ posts: 16 });
    out = join(tmp.dir, 'out');
    remote = join(tmp.dir, 'remote', 'site');
    const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
    configFile = join(tmp.dir, 'site.json');
    await writeFile(configFile, JSON.stringify({ ...site, $schema: undefined, deploy: [{ name: 'remote', type: 'rsync', dest: `${USER}@127.0.0.1:${remote}/`, ssh }] }));
    await buildInto(tmp.dir, { api: api.url, configFile, handleSignals: false, workers: 0 });
  });
  afterAll(async () => {
    await sshd?.close();
    await api?.close();
    await tmp?.cleanup();
  });

  it('a first deploy sends every file over ssh, and the remote folder then holds out/', async () => {
    const report = await cliDeploy();
    const site = await siteTree(out);
    expect(report.targets).toEqual([expect.objectContaining({ name: 'remote', full: true, uploaded: Object.keys(site).length, deleted: 0 })]);
    expect(report.targets[0].error).toBeUndefined();
    expect(await siteTree(remote)).toEqual(site);
    expect(JSON.parse(await readFile(join(remote, '.pressroom', 'deploy.json'), 'utf8')).release).toBe(report.targets[0].release);
    expect(logins()).toBeGreaterThan(0);
  });

  it('after an edit, the next deploy transfers only the files the edit changed', async () => {
    const before = await inodes(remote);
    const loginsBefore = logins();
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: 'Deployed over ssh' });
    const build = await buildInto(tmp.dir, { api: api.url, configFile, handleSignals: false, workers: 0, changed: [parseRef(`post:${post.id}`)] });
    const site = await siteTree(out);
    const changed = build.releaseChange!.changed!.filter((p) => p in site);
    expect(changed.length).toBeGreaterThan(0);
    const sent = changed.flatMap((p) => [p, `${p}.br`, `${p}.gz`].filter((f) => f in site));

    const report = await cliDeploy();
    expect(report.targets[0]).toMatchObject({ name: 'remote', full: false, source: 'records', uploaded: sent.length, release: build.release });
    expect(await siteTree(remote)).toEqual(site);
    // What rsync rewrote: exactly the change and the marker; every other file is the one the first deploy wrote.
    const after = await inodes(remote);
    const rewritten = [...after].filter(([p, ino]) => before.get(p) !== ino).map(([p]) => p);
    expect(rewritten.sort()).toEqual([...sent, '.pressroom/deploy.json'].sort());
    expect(logins()).toBeGreaterThan(loginsBefore);
  });

  it('--verify lists the remote folder over ssh and repairs what differs', async () => {
    await appendFile(join(remote, 'index.html'), '<!-- changed on the host by hand -->');
    await writeFile(join(remote, 'stray.html'), 'stray');
    const report = await cliDeploy('--verify');
    expect(report.targets[0]).toMatchObject({ source: 'verify', uploaded: 1, deleted: 1 });
    expect(await siteTree(remote)).toEqual(await siteTree(out));
  });

  it('a key the server does not accept fails the target with PR_DEPLOY_TARGET, naming it', async () => {
    const other = join(tmp.dir, 'ssh', 'stranger_ed25519');
    execFileSync(KEYGEN!, ['-q', '-t', 'ed25519', '-N', '', '-f', other]);
    const refused = join(tmp.dir, 'refused.json');
    const site = JSON.parse(await readFile(configFile, 'utf8'));
    await writeFile(refused, JSON.stringify({ ...site, deploy: [{ ...site.deploy[0], ssh: ssh.replace(join(tmp.dir, 'ssh', 'client_ed25519'), other) }] }));
    const run = spawnCli(['deploy', '--out', out, '--config', refused, '--force']);
    const exit = await run.exit;
    expect(exit.code).toBe(9);
    expect(run.stderr()).toMatch(/PR_DEPLOY_TARGET/);
    expect(run.stderr()).toMatch(/remote/);
  });
});
