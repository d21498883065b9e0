// The layer rule (./layers.ts): every import, export-from, dynamic import and require in src/
// and cli/ goes to its own folder or to one its row names; the rows name only folders before
// them; and docs/architecture.md shows the same table. Specifiers are read with TypeScript's
// own pre-processor, which finds them in code and not in comments or strings.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LAYERS, layerTable, type Layer } from './layers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** The layer folder of a root-relative path: `src/<first folder>`, `cli`, or null outside both. */
function folderOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] === 'cli') return 'cli';
  if (parts[0] === 'src' && parts.length > 2) return `src/${parts[1]}`;
  return null;
}

/** Each import of `text` (the source of root-relative `file`) that breaks the rule, as `file:line: why`. */
function breaches(file: string, text: string, layers: readonly Layer[] = LAYERS): string[] {
  const own = folderOf(file);
  const layer = layers.find((l) => l.folder === own);
  if (!layer) return [`${file}:1: its folder ${own ?? dirname(file)} is not in the layer table (tests/unit/layers/layers.ts)`];
  const out: string[] = [];
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    if (!ref.fileName.startsWith('.')) continue; // a package or node: builtin
    const target = posix.normalize(posix.join(posix.dirname(file), ref.fileName));
    const line = text.slice(0, ref.pos).split('\n').length;
    const to = folderOf(target);
    if (to === own || layer.mayImport === 'any') continue;
    if (to === null) out.push(`${file}:${line}: imports ${ref.fileName}, outside src/ and cli/`);
    else if (!layer.mayImport.includes(to)) out.push(`${file}:${line}: ${own} may not import ${to} (${ref.fileName})`);
  }
  return out;
}

describe('the layer rule', () => {
  it('every import in src/ and cli/ goes to a folder its layer may import', () => {
    const found = [...sources('src'), ...sources('cli')].flatMap((f) => breaches(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('names each breach with its file and line', () => {
    const text = "import { a } from '../api/types.ts';\n// import '../pipeline/y.ts' in a comment is no import\nexport { b } from '../pipeline/index.ts';\nconst c = () => import('../../templates/x.ts');\n";
    expect(breaches('src/pipeline/x.ts', text)).toEqual(['src/pipeline/x.ts:4: imports ../../templates/x.ts, outside src/ and cli/']);
    expect(breaches('src/site/x.ts', text)).toEqual([
      'src/site/x.ts:3: src/site may not import src/pipeline (../pipeline/index.ts)',
      'src/site/x.ts:4: imports ../../templates/x.ts, outside src/ and cli/',
    ]);
    expect(breaches('src/nowhere/x.ts', '')).toEqual(['src/nowhere/x.ts:1: its folder src/nowhere is not in the layer table (tests/unit/layers/layers.ts)']);
  });

  it('lists every folder of src/ once, and each row names only folders before it', () => {
    const folders = LAYERS.map((l) => l.folder);
    expect(new Set(folders).size).toBe(folders.length);
    const present = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `src/${e.name}`);
    expect(present.filter((f) => !folders.includes(f))).toEqual([]);
    expect(folders.filter((f) => f !== 'cli' && !present.includes(f))).toEqual([]);
    const later = LAYERS.flatMap((l, i) => (l.mayImport === 'any' ? [] : l.mayImport.filter((f) => !folders.slice(0, i).includes(f)).map((f) => `${l.folder} -> ${f}`)));
    expect(later).toEqual([]);
  });

  it('docs/architecture.md shows this table', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(doc.includes(`\n${layerTable()}\n`), `docs/architecture.md, "Layout", should hold this table verbatim:\n\n${layerTable()}\n`).toBe(true);
  });
});
