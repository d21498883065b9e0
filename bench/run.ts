// `npm run bench [-- NAME [ARGS...]]`: the one entry point to the benchmarks.
// Each benchmark is a script in this folder that prints its figures (and a
// baseline measured in the same run); this runner starts it in a fresh node
// process (so React's production build and the benchmark's own heap are not
// shared with a previous one) and passes the arguments through.
//
//   npm run bench                       the build benchmark at its defaults (10,000 posts)
//   npm run bench -- build --posts 2000 --no-shards
//   npm run bench -- --list             every benchmark and its first comment line
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const HERE = import.meta.dirname;
/** Modules that are imported by benchmarks rather than run on their own. */
const LIBRARIES = new Set(['run', 'production', 'history']);

export function benchmarks(): Array<{ name: string; summary: string }> {
  return readdirSync(HERE)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .filter((name) => !LIBRARIES.has(name))
    .sort()
    .map((name) => {
      const first = readFileSync(join(HERE, `${name}.ts`), 'utf8').split('\n', 1)[0];
      return { name, summary: first.replace(/^\/\/\s*/, '') };
    });
}

function main(argv: string[]): number {
  const [name = 'build', ...rest] = argv;
  const all = benchmarks();
  if (name === '--list' || name === '--help' || name === '-h') {
    for (const b of all) console.log(`${b.name.padEnd(12)} ${b.summary}`);
    return 0;
  }
  if (!all.some((b) => b.name === name)) {
    console.error(`error: no benchmark named "${name}" in bench/ (have: ${all.map((b) => b.name).join(', ')})`);
    return 2;
  }
  console.log(`bench/${name}.ts ${rest.join(' ')}`.trim());
  // --no-history travels as the environment (./history.ts), so a benchmark whose own strict
  // parseArgs does not know the flag still runs.
  const noHistory = rest.includes('--no-history');
  const args = rest.filter((a) => a !== '--no-history');
  const env = noHistory ? { ...process.env, PRESSROOM_BENCH_HISTORY: 'off' } : process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(HERE, `${name}.ts`), ...args], { stdio: 'inherit', env });
  return run.status ?? 1;
}

if (process.argv[1] === import.meta.filename) process.exit(main(process.argv.slice(2)));
