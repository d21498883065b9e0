// State that outlives a call lives in an explicit object (a build's locals, a publish session,
// a server instance), never in module scope, where two builds or two watchers in one process
// would share it and no reader of a stage could see it. The few module-level bindings that are
// mutable on purpose are listed here and justified in docs/architecture.md ("State in modules").
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/pressroom.ts';

/** file -> binding: mutable on purpose, each justified in docs/architecture.md. */
export const ALLOWED: readonly (readonly [string, string])[] = [
  ['src/api/endpoints.ts', 'PAGED'],
  ['src/api/endpoints.ts', 'BASES'],
  ['src/api/schemas.ts', 'active'],
  ['src/snapshot/snapshot-store.ts', 'SNAPSHOTS_MADE'],
  ['src/emit/search-index.ts', 'users'],
  ['cli/load.js', 'registered'],
  ['cli/main.js', 'commandExit'],
  ['cli/main.js', 'currentArgs'],
];

/** The Node side: src/ and cli/, without the React app (its module constants are the browser's). */
const files = fg.sync(['src/**/*.{ts,tsx}', 'cli/**/*.{ts,js}', '!src/app/**'], { cwd: ROOT });

interface Binding {
  file: string;
  line: number;
  name: string;
  kind: 'let' | 'collection' | 'weak';
}

/** Module-scope `let`/`var`, and `new Map`/`new Set` not typed Readonly; module-scope weak maps apart. */
function moduleBindings(file: string, text = readFileSync(`${ROOT}/${file}`, 'utf8')): Binding[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Binding[] = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const mutable = (st.declarationList.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const;
    for (const d of st.declarationList.declarations) {
      const init = d.initializer?.getText(sf) ?? '';
      const type = d.type?.getText(sf) ?? '';
      const at = { file, line: sf.getLineAndCharacterOfPosition(d.getStart(sf)).line + 1, name: d.name.getText(sf) };
      if (mutable) found.push({ ...at, kind: 'let' });
      else if (/^new (Map|Set)\b/.test(init) && !/^Readonly/.test(type)) found.push({ ...at, kind: 'collection' });
      else if (/^new (WeakMap|WeakSet)\b/.test(init)) found.push({ ...at, kind: 'weak' });
    }
  }
  return found;
}

const all = files.flatMap((f) => moduleBindings(f));
const where = (b: Binding) => `${b.file}:${b.line} ${b.name}`;

describe('module-level state on the Node side', () => {
  it('is at most 8 bindings, each one on the justified list', () => {
    const mutable = all.filter((b) => b.kind !== 'weak');
    const unlisted = mutable.filter((b) => !ALLOWED.some(([f, n]) => f === b.file && n === b.name)).map(where);
    expect(unlisted).toEqual([]);
    expect(mutable.length).toBeLessThanOrEqual(8);
  });

  it('justifies each allowed binding in docs/architecture.md', () => {
    const doc = readFileSync(`${ROOT}/docs/architecture.md`, 'utf8');
    const section = doc.slice(doc.indexOf('## State in modules'));
    expect(doc).toContain('## State in modules');
    expect(ALLOWED.filter(([f, n]) => !section.includes(`\`${n}\``) || !section.includes(f))).toEqual([]);
  });

  it('keeps a module-level weak map only as a memo of a pure function or a side table of facts about its key, said beside it', () => {
    // The key is an object and the answer follows from it alone: whatever site or build asks, the
    // same key gives the same answer, so sharing it between two sessions cannot mislead.
    const unsaid = all
      .filter((b) => b.kind === 'weak')
      .filter((b) => {
        // The comment block right above the declaration.
        const lines = readFileSync(`${ROOT}/${b.file}`, 'utf8').split('\n');
        let top = b.line - 1;
        while (top > 0 && /^\s*(\/\/|\/\*\*|\*)/.test(lines[top - 1]!)) top--;
        const above = lines.slice(top, b.line - 1).map((l) => l.replace(/^\s*(\/\/|\/\*\*|\*\/?)\s?/, '')).join(' ');
        return !/pure|fact\s+(of|about)|side\s+table/i.test(above);
      })
      .map(where);
    expect(unsaid).toEqual([]);
  });

  it('finds what it counts: a let, a Map, a weak map; not a Readonly table or a local', () => {
    const src = [
      'let a = 1;',
      'const m = new Map<string, number>();',
      'const r: ReadonlySet<string> = new Set(["x"]);',
      'const w = new WeakMap<object, number>();',
      'function f() { let local = 0; const inner = new Map(); return [local, inner]; }',
    ].join('\n');
    expect(moduleBindings('x.ts', src).map((b) => [b.name, b.kind])).toEqual([['a', 'let'], ['m', 'collection'], ['w', 'weak']]);
  });
});
