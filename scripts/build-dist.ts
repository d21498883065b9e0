// `npm run build` (run by `prepack`, so by `npm pack` and `npm publish`):
// compiles what the installed package runs into dist/, which is not committed.
//
//   dist/cli/commands/*.js, dist/src/...js  one entry per module that cli/main.js
//                                           loads lazily, and per thread or process
//                                           entry, under its source path
//   dist/src/...cjs                         CommonJS thread entries, copied as they are
//   dist/chunks/                            code those entries share
//   dist/client/                            the browser bundle, prebuilt, with a
//                                           manifest (src/bundle/prebuilt.ts)
//
// Packages stay external (installed beside Pressroom). The build then checks
// that the compiled code imports only `dependencies`, and that every
// dependency is imported by it or by cli/*.js, so what the package needs at
// run time and what package.json installs cannot drift apart.
//
//   node --import tsx scripts/build-dist.ts
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import fg from 'fast-glob';
import { bundleClient } from '../src/bundle/index.ts';
import { PREBUILT_DIR, writePrebuiltBundle } from '../src/bundle/prebuilt.ts';
import { DIST, PACKAGE_ROOT } from '../src/runtime/package.ts';
import { PAGE_KINDS } from '../src/site/kinds/index.ts';

const root = PACKAGE_ROOT;
const started = performance.now();

/** Root-relative source paths matched by `re` (first group) in `files`, resolved against each file's folder when relative. */
function named(files: string[], re: RegExp, relativeToFile: boolean): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(re)) {
      found.push(relativeToFile ? path.relative(root, path.resolve(root, path.dirname(file), m[1]!)) : m[1]!);
    }
  }
  return found;
}

// Read from the code itself, so a new command or thread entry cannot be left out:
// cli/main.js's lazy('./commands/x.ts', ...) and load('../src/....ts'), and the
// modules src/ starts by file name through entryFile('src/....ts'), or
// entryFile('src/....cjs') for a CommonJS file that ships as it is.
const lazy = named(['cli/main.js'], /\b(?:lazy|load)\('(\.{1,2}\/[^']+\.ts)'/g, true);
const startedByName = named(await fg('src/**/*.ts', { cwd: root }), /\bentryFile\('([^']+\.(?:ts|cjs))'\)/g, false);
const copied = [...new Set(startedByName.filter((f) => f.endsWith('.cjs')))].sort();
if (!lazy.length || !startedByName.length) throw new Error('found no lazily loaded modules or thread entries: has cli/main.js or src/runtime/package.ts changed shape?');
const entries = [...new Set([...lazy, ...startedByName.filter((f) => !f.endsWith('.cjs'))])].sort();

rmSync(DIST, { recursive: true, force: true });
for (const file of copied) {
  mkdirSync(path.dirname(path.join(DIST, file)), { recursive: true });
  copyFileSync(path.join(root, file), path.join(DIST, file));
}
const result = await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir: DIST,
  outbase: '.',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  jsx: 'automatic',
  // Not minified: stack traces of PR_INTERNAL errors stay readable.
  define: { 'import.meta.PRESSROOM_COMPILED': 'true' },
  metafile: true,
  logLevel: 'warning',
});

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
const builtins = new Set(builtinModules);
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
const imported = new Map<string, string>();
for (const [out, info] of Object.entries(result.metafile.outputs)) {
  for (const i of info.imports) {
    if (!i.external || i.path.startsWith('node:') || builtins.has(i.path)) continue;
    imported.set(packageOf(i.path), out);
  }
}
// cli/*.js ship as they are (not compiled): their imports count too.
for (const file of await fg('cli/*.js', { cwd: root })) {
  for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(/^import .* from '([^'.][^']*)';$/gm)) {
    if (!m[1]!.startsWith('node:')) imported.set(packageOf(m[1]!), file);
  }
}
const undeclared = [...imported].filter(([p]) => !dependencies.has(p));
const unused = [...dependencies].filter((d) => !imported.has(d));
if (undeclared.length || unused.length) {
  for (const [p, by] of undeclared) console.error(`${p} is imported by ${by} but is not in dependencies`);
  for (const d of unused) console.error(`${d} is in dependencies but the package never imports it (a devDependency?)`);
  process.exit(1);
}

const bundle = await bundleClient({ minify: true });
await writePrebuiltBundle(
  bundle,
  PAGE_KINDS.map((k) => k.kind),
  PREBUILT_DIR,
);

const js = Object.keys(result.metafile.outputs).filter((o) => o.endsWith('.js'));
console.log(`dist/: ${entries.length} entries and ${js.length - entries.length} shared chunks, client bundle of ${bundle.files.length} files, in ${Math.round(performance.now() - started)} ms`);
