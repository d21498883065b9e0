// The repository is self-contained: code, error messages and documentation
// refer only to what a user of the repository has (docs/contributing.md,
// "Documentation"). This test walks the source, documentation and tooling
// folders and fails on the ways a reference to something outside the
// repository used to be written: paths into a sibling folder of design
// documents, section signs, tracker numbers ("issue 7"), citations of
// internal specifications by name, a person's role as the authority, and
// README sections that have moved to docs/. Under tests/ only comment lines
// are checked (test titles are left to their authors). Every docs/*.md a file
// names must exist.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../src/errors/errors.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Folders walked recursively, and single files. */
const FOLDERS = ['src', 'cli', 'bench', 'config', 'templates', 'scripts', 'docs', 'tests', '.ci'];
const FILES = ['README.md', 'vitest.config.ts', 'package.json', 'tsconfig.json'];
/** This test's own folder spells the patterns out. */
const SKIP = [join('tests', 'unit', 'docs')];
/** Folders where only comment lines are checked. */
const COMMENTS_ONLY = ['tests/'];
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|#)/;
const TEXT = new Set(['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.md', '.css', '.html', '.svg', '.ndjson', '.yml', '.yaml']);

const RULES: readonly { name: string; re: RegExp }[] = [
  { name: 'a path into a folder outside the repository', re: /\.\.\/shared(?![\w.-])|\bshared\/(design|spec)\b|\bdesign\/[\w-]+\.md/ },
  { name: 'a design document that is not in the repository', re: /\bstatic-hosts(\.md)?\b/ },
  { name: 'a § section mark', re: /§/ },
  { name: 'a tracker issue number', re: /\bissues? \d+\b/i },
  { name: 'an acceptance-criteria citation', re: /"Done means"/ },
  { name: 'an internal specification cited by name', re: /\b(site-shell|articles) spec\b|\bevents-forms\b|\bspec(,| §| section)\s*["§\d]|\b(the|a) spec\b|\bspec's\b|\(spec[,:]\s+["'§]/i },
  { name: 'a design document cited by title', re: /\((architecture|contract|api-contract),? "/ },
  { name: "a person's role as the authority", re: /\blead's\b|\(brief[:,]/i },
  { name: 'a README section that moved to docs/', re: /README[,'"\s]+(Decision|"(Deploying|Building at scale|Operations|CLI reference|Exit codes|Benchmarks|Decisions)")|README's "Exit codes"/ },
];

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(ROOT, path);
    if (name === 'node_modules' || SKIP.some((s) => rel === s || rel.startsWith(s + '/'))) continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (TEXT.has(extname(name))) yield path;
  }
}

function files(): string[] {
  const out: string[] = [];
  for (const f of FOLDERS) out.push(...walk(join(ROOT, f)));
  for (const f of FILES) out.push(join(ROOT, f));
  return out.sort();
}

/** `file:line: rule: text` for every line that breaks a rule. */
function findReferences(paths: readonly string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    const lines = readFileSync(path, 'utf8').split('\n');
    const commentsOnly = COMMENTS_ONLY.some((d) => relative(ROOT, path).startsWith(d));
    lines.forEach((line, i) => {
      if (commentsOnly && !COMMENT_LINE.test(line)) return;
      for (const { name, re } of RULES) {
        if (re.test(line)) found.push(`${relative(ROOT, path)}:${i + 1}: ${name}: ${line.trim().slice(0, 160)}`);
      }
    });
  }
  return found;
}

describe('no reference to documents outside the repository', () => {
  it('walks the folders it promises to (the list is not empty by accident)', () => {
    const all = files().map((f) => relative(ROOT, f));
    for (const f of ['README.md', 'docs/api-contract.md', 'src/errors/errors.ts', 'cli/main.js', 'bench/build.ts', 'config/site.json', 'templates/document.html', 'scripts/config-schema.ts']) {
      expect(all).toContain(f);
    }
  });

  it('finds each kind of reference it is meant to find', () => {
    const samples = [
      '// see ../shared/design/api-contract.md',
      '// (static-hosts.md, "Sitemaps")',
      '/** articles spec §9: 8000 ms */',
      '// issue 7: the run lock',
      '// (issue 3, "Done means")',
      "// site-shell spec, \"Home page\"",
      '// (events-forms docs fragment)',
      "// the spec's slices",
      '// (spec: "filtered client-side")',
      '// (architecture, "Untrusted input")',
      "// lead's decision",
      '// (README, Decision 6)',
    ];
    for (const s of samples) expect(RULES.some(({ re }) => re.test(s)), s).toBe(true);
    for (const s of ['// docs/api-contract.md, "Endpoints"', '// RFC 9110, section 10.2.3', '// docs/decisions/0006-run-time-shells.md', "import { x } from '../shared.ts';", 'export function parseFaults(spec: string): FaultRule[] {', "const spec: [string, string][] = [];"]) {
      expect(RULES.some(({ re }) => re.test(s)), s).toBe(false);
    }
  });

  it('src, cli, bench, config, templates, scripts, docs, tests and the README cite only the repository', () => {
    expect(findReferences(files())).toEqual([]);
  });

  it('every docs/**/*.md that code, errors or docs name exists', () => {
    const missing: string[] = [];
    for (const path of files()) {
      for (const m of readFileSync(path, 'utf8').matchAll(/\bdocs\/(?:[\w-]+\/)*[\w-]+\.md\b/g)) {
        if (!existsSync(join(ROOT, m[0]))) missing.push(`${relative(ROOT, path)}: ${m[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the PR_API_SHAPE hint points the operator at the API contract', () => {
    expect(CATALOGUE.PR_API_SHAPE.hint).toContain('docs/api-contract.md');
  });
});
