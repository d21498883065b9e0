// The s3 target's pure parts (src/deploy/targets/s3-client.ts, s3-hosts.ts): the key prefix, the
// region, the MD5 of an ETag, the redirects read from what the build wrote for S3, which redirect
// objects a deploy sends; and that making a client prints no SDK notice on the operator's stderr.
// The protocol itself is tested against s3rver (tests/integration/deploy-s3.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex, md5OfEtag, normalisePrefix, regionOf } from '../../../src/deploy/targets/s3-client.ts';
import { redirectChanges, s3Redirects, s3Website } from '../../../src/deploy/targets/s3-hosts.ts';
import { ROOT, tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('pressroom-s3-unit-');
});
afterAll(() => tmp?.cleanup());

describe('the s3 target', () => {
  it('normalises the key prefix: no leading slash, one trailing slash unless empty', () => {
    expect(normalisePrefix()).toBe('');
    expect(normalisePrefix('')).toBe('');
    expect(normalisePrefix('/')).toBe('');
    expect(normalisePrefix('/site')).toBe('site/');
    expect(normalisePrefix('site//')).toBe('site/');
    expect(normalisePrefix('a/b')).toBe('a/b/');
  });

  it("signs for the configured region, else the environment's, else 'auto' with an endpoint and us-east-1 (following the bucket's region) without", () => {
    const base = { name: 't', type: 's3' as const, bucket: 'b' };
    expect(regionOf({ ...base, region: 'eu-west-1' }, { AWS_REGION: 'us-west-2' })).toEqual({ region: 'eu-west-1', guessed: false });
    expect(regionOf(base, { AWS_DEFAULT_REGION: 'us-west-2' })).toEqual({ region: 'us-west-2', guessed: false });
    expect(regionOf({ ...base, endpoint: 'https://acct.r2.cloudflarestorage.com' }, {})).toEqual({ region: 'auto', guessed: false });
    expect(regionOf(base, {})).toEqual({ region: 'us-east-1', guessed: true });
  });

  it('reads the MD5 of a single-part ETag, and nothing from a multipart one', () => {
    expect(md5OfEtag(`"${md5Hex(Buffer.from('x'))}"`)).toBe('9dd4e461268c8034f5c8564e155c67a6');
    expect(md5OfEtag('"9DD4E461268C8034F5C8564E155C67A6"')).toBe('9dd4e461268c8034f5c8564e155c67a6');
    expect(md5OfEtag('"9dd4e461268c8034f5c8564e155c67a6-3"')).toBeUndefined();
    expect(md5OfEtag(undefined)).toBeUndefined();
  });

  it("reads the build's redirect objects relative to out/ (the base path, given or the build's own, off the keys), and the routing rules as objects when asked", async () => {
    const hosts = join(tmp.dir, 'hosts');
    await mkdir(join(hosts, 's3'), { recursive: true });
    expect(await s3Redirects(hosts, '/project')).toEqual([]);
    expect(await s3Website(hosts)).toBeUndefined();
    const objects = [
      { key: 'project/old', redirect: '/project/new' },
      { key: 'project/old/index.html', redirect: '/project/new' },
      { key: 'project/gone', redirect: 'https://elsewhere.example/x' },
    ];
    await writeFile(join(hosts, 's3', 'redirect-objects.json'), JSON.stringify({ errorDocument: 'project/404.html', indexDocument: 'index.html', metadataHeader: 'x-amz-website-redirect-location', objects }));
    const website = {
      IndexDocument: { Suffix: 'index.html' },
      ErrorDocument: { Key: 'project/404.html' },
      RoutingRules: [
        { Condition: { KeyPrefixEquals: 'project/rule' }, Redirect: { ReplaceKeyWith: 'project/target', HttpRedirectCode: '301' } },
        { Condition: { KeyPrefixEquals: 'project/off' }, Redirect: { Protocol: 'https', HostName: 'other.example', ReplaceKeyWith: 'page', HttpRedirectCode: '302' } },
      ],
    };
    await writeFile(join(hosts, 's3', 'website.json'), JSON.stringify(website));
    expect(await s3Redirects(hosts, '/project')).toEqual([
      { path: 'gone', location: 'https://elsewhere.example/x' },
      { path: 'old', location: '/project/new' },
      { path: 'old/index.html', location: '/project/new' },
    ]);
    // Without the base path, the one the build wrote the keys for (from its error document).
    expect(await s3Redirects(hosts)).toEqual(await s3Redirects(hosts, '/project'));
    const withRules = await s3Redirects(hosts, '/project', { routingRules: true });
    expect(withRules).toContainEqual({ path: 'rule', location: '/project/target' });
    expect(withRules).toContainEqual({ path: 'rule/index.html', location: '/project/target' });
    expect(withRules).toContainEqual({ path: 'off', location: 'https://other.example/page' });
    expect(withRules).toHaveLength(7);
    expect((await s3Website(hosts))?.config).toEqual(website);
    expect((await s3Website(hosts))?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends the redirects that are new or changed, all of them in a full deploy, and removes those gone unless a file now takes the key', () => {
    const wanted = [
      { path: 'a', location: '/x' },
      { path: 'b', location: '/y' },
      { path: 'c', location: '/z' },
    ];
    const held = { a: '/x', b: '/old', d: '/gone', e: '/page-now' };
    expect(redirectChanges(wanted, held, { full: false, uploaded: new Set(['e']) })).toEqual({ put: [wanted[1], wanted[2]], remove: ['d'] });
    expect(redirectChanges(wanted, held, { full: true, uploaded: new Set() }).put).toEqual(wanted);
    expect(redirectChanges(wanted, undefined, { full: false, uploaded: new Set() })).toEqual({ put: wanted, remove: [] });
  });

  it("makes its client without the SDK's Node-version notice on stderr, and leaves the environment as it was", () => {
    const script = `
      const { s3Client } = await import(${JSON.stringify(join(ROOT, 'src/deploy/targets/s3-client.ts'))});
      s3Client({ name: 't', type: 's3', bucket: 'b', endpoint: 'http://127.0.0.1:9' }, {}).destroy();
      console.log(JSON.stringify(process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ?? null));`;
    const env = { ...process.env };
    delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('null');
    expect(run.stderr).not.toMatch(/NodeVersionSupportWarning|AWS SDK/);
  });
});
