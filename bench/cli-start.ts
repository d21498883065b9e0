// CLI start-up: `pressroom --help` against a bare `node -e 0`, each started
// N times as a fresh process (median and best), and the ratio. Commands load
// their code (and tsx) only when they run, so help, --version and flag errors
// should cost little more than node itself (goal: at most 3x).
//
//   node --import tsx bench/cli-start.ts [--runs 15]
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { appendHistory } from './history.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const root = resolve(import.meta.dirname, '..');

function time(args: string[]): { median: number; best: number; rss: number } {
  const ms: number[] = [];
  let rss = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    // /usr/bin/time is not everywhere; the child's peak memory comes from a one-line wrapper instead.
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    ms.push(performance.now() - t);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    const m = /rss=(\d+)/.exec(r.stderr);
    if (m) rss = Math.max(rss, Number(m[1]));
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], best: ms[0], rss };
}

const report = '--import=data:text/javascript,process.on("exit",()=>process.stderr.write("rss="+process.resourceUsage().maxRSS*1024))';
const bare = time([report, '-e', '0']);
const help = time([report, 'cli/bin.cjs', '--help']);
const version = time([report, 'cli/bin.cjs', '--version']);
const mb = (b: number) => `${(b / 1_048_576).toFixed(0)} MB`;
const row = (name: string, r: typeof bare) => console.log(`${name.padEnd(22)} median ${r.median.toFixed(0).padStart(5)} ms  best ${r.best.toFixed(0).padStart(5)} ms  peak RSS ${mb(r.rss)}`);
console.log(`${runs} runs each, ${process.version}`);
row('node -e 0', bare);
row('pressroom --help', help);
row('pressroom --version', version);
console.log(`ratio --help / node: ${(help.median / bare.median).toFixed(2)}x median, ${(help.best / bare.best).toFixed(2)}x best (goal <= 3x)`);
appendHistory('cli-start');
