// Debian's nginx, Apache 2.4 and Caddy serving a built site with the files the build wrote for them,
// configured the way docs/deploying.md tells an operator to: the distribution's own main
// configuration, unedited apart from the paths a test must own (pid file, logs, the folders it
// includes from), plus the documented includes. Each server runs in the foreground in a process
// group of its own, in a work folder of its own, on a port that was free a moment ago (a port taken
// meanwhile is retried with another). It is ready when it has written its pid file, which each of
// them does after binding its port.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, watch } from 'node:fs';
import { chmod, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { freePort, stopGroup } from './server-process.ts';

export type ServerName = 'nginx' | 'apache' | 'caddy';

export const SERVER_BINARIES: Readonly<Record<ServerName, string>> = { nginx: '/usr/sbin/nginx', apache: '/usr/sbin/apache2', caddy: '/usr/bin/caddy' };

export interface SiteToServe {
  /** The folder the server's root points at: out/ itself, or a folder holding it as `project/` under a base path. */
  root: string;
  /** `.pressroom/<out>/hosts/`, the snippets beside out/. */
  snippets: string;
}

export interface WebServer {
  name: ServerName;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The server's error log and output so far, for failure messages. */
  log(): string;
  close(): Promise<void>;
}


/** Resolves true once `file` holds something, false if the process ends first. */
function pidWritten(file: string, exited: Promise<void>): Promise<boolean> {
  return new Promise((ok) => {
    const watcher = watch(dirname(file), () => check());
    const done = (v: boolean) => {
      watcher.close();
      ok(v);
    };
    const check = () => {
      if (existsSync(file) && readFileSync(file, 'utf8').trim() !== '') done(true);
    };
    void exited.then(() => done(false));
    check();
  });
}

interface Launch {
  args: string[];
  env?: Record<string, string>;
  pidFile: string;
  errorLog: string;
}

/** Writes a server's configuration for `port` into `dir` and says how to start it. */
type Configure = (site: SiteToServe, dir: string, port: number) => Promise<Launch>;

/**
 * nginx: Debian's /etc/nginx/nginx.conf with its own pid, log and include folders swapped for the
 * test's; conf.d/ (Debian's http-level include folder) holds the one line docs/deploying.md gives,
 * sites-enabled/ the server block.
 */
const nginx: Configure = async (site, dir, port) => {
  const stock = await readFile('/etc/nginx/nginx.conf', 'utf8');
  const swap = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`/etc/nginx/nginx.conf is not Debian's: no ${from}`);
    return text.replace(from, to);
  };
  let conf = swap(stock, /^pid [^;]+;/m, `pid ${dir}/nginx.pid;`);
  conf = swap(conf, /^error_log [^;]+;/m, `error_log ${dir}/error.log;`);
  conf = swap(conf, /access_log [^;]+;/, `access_log ${dir}/access.log;`);
  conf = swap(conf, /include \/etc\/nginx\/conf\.d\/\*\.conf;/, `include ${dir}/conf.d/*.conf;`);
  conf = swap(conf, /include \/etc\/nginx\/sites-enabled\/\*;/, `include ${dir}/sites-enabled/*;`);
  await mkdir(join(dir, 'conf.d'));
  await mkdir(join(dir, 'sites-enabled'));
  await mkdir(join(dir, 'temp'));
  await writeFile(join(dir, 'nginx.conf'), conf);
  await writeFile(join(dir, 'conf.d', 'pressroom.conf'), `include ${site.snippets}/nginx/redirects.map;\n`);
  // The temporary folders are the test's (Debian's are root's); they are no part of what is tested.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/temp/${t};`);
  await writeFile(join(dir, 'conf.d', 'test-temp.conf'), `${temp.join('\n')}\n`);
  await writeFile(join(dir, 'sites-enabled', 'site'), `server {\n  listen 127.0.0.1:${port};\n  root ${site.root};\n  include ${site.snippets}/nginx/pressroom.conf;\n}\n`);
  return { args: ['-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], pidFile: `${dir}/nginx.pid`, errorLog: `${dir}/error.log` };
};

/**
 * Apache: Debian's apache2.conf as it is, in a server root of the test's with Debian's enabled modules
 * and configuration plus `a2enmod rewrite headers` (what docs/deploying.md asks for), Debian's
 * envvars pointed at the work folder, and a virtual host for the site with the documented
 * AllowOverride.
 */
const apache: Configure = async (site, dir, port) => {
  const etc = '/etc/apache2';
  await writeFile(join(dir, 'apache2.conf'), await readFile(join(etc, 'apache2.conf'), 'utf8'));
  for (const sub of ['mods-enabled', 'conf-enabled', 'sites-enabled', 'run', 'lock', 'log']) await mkdir(join(dir, sub));
  for (const sub of ['mods-enabled', 'conf-enabled']) {
    for (const f of await readdir(join(etc, sub))) await symlink(resolve(join(etc, sub), await readlink(join(etc, sub, f)).catch(() => f)), join(dir, sub, f));
  }
  for (const mod of ['rewrite', 'headers']) {
    for (const ext of ['load', 'conf']) {
      const available = join(etc, 'mods-available', `${mod}.${ext}`);
      if (existsSync(available) && !existsSync(join(dir, 'mods-enabled', `${mod}.${ext}`))) await symlink(available, join(dir, 'mods-enabled', `${mod}.${ext}`));
    }
  }
  await writeFile(join(dir, 'ports.conf'), `Listen 127.0.0.1:${port}\n`);
  await writeFile(
    join(dir, 'sites-enabled', 'site.conf'),
    [`<VirtualHost 127.0.0.1:${port}>`, `  DocumentRoot ${site.root}`, `  <Directory ${site.root}>`, '    AllowOverride FileInfo Indexes', '    Require all granted', '  </Directory>', '</VirtualHost>', ''].join('\n'),
  );
  const env = {
    APACHE_RUN_USER: 'www-data',
    APACHE_RUN_GROUP: 'www-data',
    APACHE_PID_FILE: `${dir}/run/apache2.pid`,
    APACHE_RUN_DIR: `${dir}/run`,
    APACHE_LOCK_DIR: `${dir}/lock`,
    APACHE_LOG_DIR: `${dir}/log`,
    LANG: 'C',
  };
  return { args: ['-d', dir, '-f', `${dir}/apache2.conf`, '-DFOREGROUND'], env, pidFile: env.APACHE_PID_FILE, errorLog: `${dir}/log/error.log` };
};

/** Caddy: the site block docs/deploying.md shows; the admin endpoint off, so that servers side by side do not share its port. */
const caddy: Configure = async (site, dir, port) => {
  const caddyfile = [
    '{',
    '\tadmin off',
    '}',
    `http://127.0.0.1:${port} {`,
    `\troot * ${site.root}`,
    `\timport ${site.snippets}/Caddyfile.pressroom`,
    '\tfile_server {',
    '\t\tprecompressed br gzip',
    '\t}',
    '}',
    '',
  ].join('\n');
  await writeFile(join(dir, 'Caddyfile'), caddyfile);
  const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
  return { args: ['run', '--config', `${dir}/Caddyfile`, '--adapter', 'caddyfile', '--pidfile', `${dir}/caddy.pid`], env, pidFile: `${dir}/caddy.pid`, errorLog: '' };
};

const CONFIGURE: Readonly<Record<ServerName, Configure>> = { nginx, apache, caddy };

/**
 * Starts `name` for `site` with its configuration in a new folder under `work`. Root runs these
 * servers as Debian does (nginx's and Apache's workers as www-data), so `work` and the site must be
 * readable by others.
 */
export async function startWebServer(name: ServerName, site: SiteToServe, work: string): Promise<WebServer> {
  const bin = SERVER_BINARIES[name];
  if (!existsSync(bin)) throw new Error(`${bin} is missing: .ci/run installs Debian's nginx, apache2 and caddy`);
  for (let attempt = 1; ; attempt++) {
    const dir = join(work, `${name}-${attempt}`);
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o755);
    const port = await freePort();
    const launch = await CONFIGURE[name](site, dir, port);
    const child = spawn(bin, launch.args, { env: { ...process.env, ...launch.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    const log = () => `${output}${launch.errorLog && existsSync(launch.errorLog) ? readFileSync(launch.errorLog, 'utf8') : ''}`;
    if (await pidWritten(launch.pidFile, exited)) {
      return { name, origin: `http://127.0.0.1:${port}`, log, close: () => stopGroup(child, exited) };
    }
    if (attempt < 5 && /Address already in use|address in use/i.test(log())) continue;
    throw new Error(`${name} did not start (${bin} ${launch.args.join(' ')}):\n${log()}`);
  }
}


/** The folder a base-path build is served from: `root/<base>` links to out/, as an rsync to `/srv/site/project/` would place it. */
export async function baseRoot(dir: string, out: string, basePath: string): Promise<string> {
  const root = join(dir, 'site-root');
  await mkdir(root);
  await chmod(root, 0o755);
  await symlink(out, join(root, basename(basePath)));
  return root;
}
