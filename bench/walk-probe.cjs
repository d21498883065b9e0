// Preloaded into `pressroom watch` by bench/deploy.ts (`node --require bench/walk-probe.cjs`; the
// watcher's own child process inherits the flag): it notes every directory listing of the root of a
// tree of the site, which is what a walk of the whole site starts with. A publish and its deploy
// must list none (they work from the session's change list); the benchmark counts the notes that
// fall within each edit.
//
// PRESSROOM_BENCH_WALK_LOG: the file a note is appended to, `<label> <path>` a line;
// PRESSROOM_BENCH_WALK_ROOTS: JSON `{ "<label>": ["<dir>", ...] }` of the roots watched. A root
// whose last segment ends in `*` matches any folder of that prefix (`out.staging-*`).
// CommonJS and patched before any module loads: fast-glob's adapter keeps the `fs` functions it
// finds at load, and node's ES module view of `fs` follows only after syncBuiltinESMExports().
'use strict';
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
const { resolve } = require('node:path');

const log = process.env.PRESSROOM_BENCH_WALK_LOG;
if (log) {
  const roots = Object.entries(JSON.parse(process.env.PRESSROOM_BENCH_WALK_ROOTS ?? '{}')).flatMap(([label, dirs]) =>
    dirs.map((d) => (d.endsWith('*') ? { label, prefix: resolve(d.slice(0, -1)) } : { label, exact: resolve(d) })),
  );
  const append = fs.appendFileSync;
  const note = (dir) => {
    if (typeof dir !== 'string' && !(dir instanceof URL)) return;
    const abs = resolve(dir instanceof URL ? dir.pathname : dir);
    const hit = roots.find((r) => (r.exact ? abs === r.exact : abs.startsWith(r.prefix) && !abs.slice(r.prefix.length).includes('/')));
    if (hit) append(log, `${hit.label} ${abs}\n`);
  };
  const wrap = (owner, name) => {
    const original = owner[name];
    owner[name] = function (dir, ...rest) {
      note(dir);
      return original.call(this, dir, ...rest);
    };
  };
  for (const name of ['readdir', 'readdirSync', 'opendir', 'opendirSync']) wrap(fs, name);
  for (const name of ['readdir', 'opendir']) wrap(fs.promises, name);
  syncBuiltinESMExports();
}
