// `npm run schema`: writes config/site.schema.json and docs/configuration.md
// from the zod schema (src/config/docs.ts). `--check` writes nothing and exits
// 1 when either file is out of date (tests/unit/config/schema-files.test.ts
// does the same check in the test suite).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DOCS_FILE, SCHEMA_FILE, docsText, schemaFileText } from '../src/config/docs.ts';

const root = resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
let stale = 0;
for (const [file, text] of [[SCHEMA_FILE, schemaFileText()], [DOCS_FILE, docsText()]] as const) {
  const path = join(root, file);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    /* not written yet */
  }
  if (current === text) continue;
  if (check) {
    process.stderr.write(`${file} is out of date: run npm run schema\n`);
    stale += 1;
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    process.stdout.write(`wrote ${file}\n`);
  }
}
process.exitCode = stale ? 1 : 0;
