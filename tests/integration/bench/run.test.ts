// `npm run bench` is the documented entry point to the benchmarks: it must list
// them, run one with its arguments passed through, and refuse an unknown name.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const npm = (...args: string[]) => spawnSync('npm', ['run', '--silent', 'bench', '--', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 }); // a hang guard only

describe('npm run bench', () => {
  it('lists every benchmark script in bench/', () => {
    const run = npm('--list');
    expect(run.status).toBe(0);
    const names = readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.ts') && !['run.ts', 'production.ts', 'history.ts'].includes(f));
    expect(names.length).toBeGreaterThan(3);
    for (const f of names) expect(run.stdout).toMatch(new RegExp(`^${f.slice(0, -3)}\\s`, 'm'));
  });

  it('runs a named benchmark with its arguments and prints its figures; --no-history keeps bench/HISTORY.md as it was', () => {
    const history = join(ROOT, 'bench', 'HISTORY.md');
    const before = readFileSync(history, 'utf8');
    const run = npm('cli-start', '--runs', '2', '--no-history');
    expect(readFileSync(history, 'utf8')).toBe(before);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('2 runs each');
    expect(run.stdout).toMatch(/ratio --help \/ node: \d+\.\d+x/);
  });

  it('refuses an unknown benchmark with exit 2 and names the ones there are', () => {
    const run = npm('nope');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no benchmark named "nope"');
    expect(run.stderr).toContain('build');
  });
});
