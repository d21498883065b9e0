// The JSON Schema (config/site.schema.json) and docs/configuration.md are
// generated from the zod schema by `npm run schema`; these tests fail when
// either drifts from the schema, and check that the JSON Schema accepts the
// sample configuration and rejects a typo, as an editor would.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DOCS_FILE, SCHEMA_FILE, docsText, schemaFileText } from '../../../src/config/docs.ts';
import { keyPaths } from '../../../src/config/schema-info.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

describe('generated configuration files', () => {
  it('config/site.schema.json and docs/configuration.md are up to date (npm run schema)', () => {
    expect(read(SCHEMA_FILE)).toBe(schemaFileText());
    expect(read(DOCS_FILE)).toBe(docsText());
  });

  it('docs/configuration.md lists every key of the schema', () => {
    const docs = read(DOCS_FILE);
    for (const { path, node } of keyPaths()) {
      if (path === '$schema') continue;
      // Top-level objects are the sections' headings; every other key is a table row.
      expect(docs, path).toContain(!path.includes('.') && node.type === 'object' ? `## \`${path}\`` : `| \`${path}\` |`);
    }
  });

  it('config/site.json names the schema, and the schema validates it and rejects a typo', () => {
    const siteJson = JSON.parse(read('config/site.json'));
    expect(siteJson.$schema).toBe('./site.schema.json');
    const ajv = new Ajv2020({ allErrors: true, strict: true, formats: { uri: true, email: true } });
    const validate = ajv.compile(JSON.parse(read(SCHEMA_FILE)));
    expect(validate(siteJson), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ site: { name: 'Harbour Tech', url: 'https://harbour.example' } })).toBe(true);

    expect(validate({ ...siteJson, crawl: { ...siteJson.crawl, concurency: 4 } })).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: '/crawl', keyword: 'additionalProperties', params: { additionalProperty: 'concurency' } }));
    expect(validate({ ...siteJson, shrinkgate: 0.2 })).toBe(false);
    expect(validate({ site: { name: 'Harbour Tech' } })).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ keyword: 'required', params: { missingProperty: 'url' } }));
  });
});
