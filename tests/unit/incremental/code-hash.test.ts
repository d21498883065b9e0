import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfig } from '../../../src/config/load.ts';
import { codeHash, configHash } from '../../../src/incremental/code-hash.ts';
import { testDir } from '../../helpers/temp.ts';

async function fakeRoot(): Promise<string> {
  const root = await testDir('pr-code-');
  await mkdir(join(root, 'src', 'app'), { recursive: true });
  await mkdir(join(root, 'src', 'sample-api'), { recursive: true });
  await mkdir(join(root, 'templates'), { recursive: true });
  await writeFile(join(root, 'package.json'), JSON.stringify({ version: '1.0.0' }));
  await writeFile(join(root, 'src', 'app', 'Page.tsx'), 'export const P = 1;');
  await writeFile(join(root, 'src', 'sample-api', 'corpus.ts'), 'export const C = 1;');
  await writeFile(join(root, 'templates', 'document.html'), '<html>{{app}}</html>');
  return root;
}

describe('codeHash', () => {
  const base = { bundleHash: 'b1', config: { site: { name: 'A' } }, publicConfig: { today: '2026-01-15' } };

  it('is stable for equal inputs', async () => {
    const root = await fakeRoot();
    expect(await codeHash({ ...base, root })).toBe(await codeHash({ ...base, root }));
  });

  it('does not change with deploy targets or purges, which act only after a publish', async () => {
    const root = await fakeRoot();
    const h = await codeHash({ ...base, root });
    const deploying = { ...base.config, deploy: [{ name: 'box', type: 'rsync', dest: '/srv/site' }], purge: [{ name: 'cdn', type: 'http', url: 'http://127.0.0.1:6081' }] };
    expect(await codeHash({ ...base, root, config: deploying })).toBe(h);
    expect(configHash({ config: deploying, publicConfig: base.publicConfig })).toBe(configHash(base));
    expect(configHash({ config: { ...deploying, site: { name: 'B' } }, publicConfig: base.publicConfig })).not.toBe(configHash(base));
  });

  it('changes with a component, the template, the bundle, the config, the build day or the version', async () => {
    const root = await fakeRoot();
    const h = await codeHash({ ...base, root });
    expect(await codeHash({ ...base, root, bundleHash: 'b2' })).not.toBe(h);
    expect(await codeHash({ ...base, root, config: { site: { name: 'B' } } })).not.toBe(h);
    expect(await codeHash({ ...base, root, publicConfig: { today: '2026-01-16' } })).not.toBe(h);
    await writeFile(join(root, 'src', 'app', 'Page.tsx'), 'export const P = 2;');
    const h2 = await codeHash({ ...base, root });
    expect(h2).not.toBe(h);
    await writeFile(join(root, 'templates', 'document.html'), '<html lang>{{app}}</html>');
    const h3 = await codeHash({ ...base, root });
    expect(h3).not.toBe(h2);
    await writeFile(join(root, 'package.json'), JSON.stringify({ version: '1.0.1' }));
    expect(await codeHash({ ...base, root })).not.toBe(h3);
  });

  it("changes with the static pages' copy, which no page's public configuration carries", async () => {
    // The copy is embedded only in the pages that show it (src/config/page-copy.ts); the whole configuration is hashed.
    const root = await fakeRoot();
    const config = loadConfig({ file: 'config/site.json', env: {} });
    const edited = { ...config, about: { ...config.about, intro: ['A new first paragraph.', ...config.about.intro.slice(1)] } };
    expect(publicConfig(edited)).toEqual(publicConfig(config));
    const hash = (c: typeof config) => codeHash({ bundleHash: 'b1', config: c, publicConfig: publicConfig(c), root });
    expect(await hash(edited)).not.toBe(await hash(config));
    const privacy = { ...config, privacy: { ...config.privacy, title: 'Privacy' } };
    expect(await hash(privacy)).not.toBe(await hash(config));
  });

  it('changes with the version of a render library resolved as Node does, hoisted beside the package too', async () => {
    // Installed from npm, Pressroom sits in node_modules/pressroom and React beside it.
    const parent = await testDir('pr-hoist-');
    const root = join(parent, 'node_modules', 'pressroom');
    await mkdir(join(root, 'src'), { recursive: true });
    await writeFile(join(root, 'package.json'), JSON.stringify({ version: '1.0.0' }));
    const react = join(parent, 'node_modules', 'react');
    await mkdir(react, { recursive: true });
    await writeFile(join(react, 'package.json'), JSON.stringify({ name: 'react', version: '19.0.0' }));
    const h = await codeHash({ ...base, root });
    await writeFile(join(react, 'package.json'), JSON.stringify({ name: 'react', version: '19.0.1' }));
    expect(await codeHash({ ...base, root })).not.toBe(h);
  });

  it('ignores the sample API (its answers are in the snapshot, not the code)', async () => {
    const root = await fakeRoot();
    const h = await codeHash({ ...base, root });
    await writeFile(join(root, 'src', 'sample-api', 'corpus.ts'), 'export const C = 2;');
    expect(await codeHash({ ...base, root })).toBe(h);
  });
});
