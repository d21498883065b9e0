// `pressroom check`: the configuration is valid, the API answers, and a sample
// of every endpoint has the shape the crawler expects (src/check/index.ts).
// Exit 0 when all is well; 3 for configuration problems; 4 when the API
// cannot be reached or answers wrongly (PR_CHECK_FAILED after the list).
import { checkApi, type CheckResult } from '../../src/check/index.ts';
import { apiSource, resolveConfig } from '../../src/config/load.ts';
import { pressroomError } from '../../src/errors/errors.ts';
import { startSampleApiProcess } from '../../src/sample-api/process.ts';
import { checkTarget, type TargetCheck } from '../../src/deploy/check.ts';

export async function runCheck(_ctx: unknown, o: { config?: string; json?: boolean; [flag: string]: unknown }): Promise<void> {
  const out = (s: string) => void (o.json ? undefined : process.stdout.write(s));
  // A check publishes nothing: from a folder with no configuration it may check an API with the sample's (src/config/load.ts).
  const r = resolveConfig({ file: o.config, flags: o, publishes: false });
  const { config } = r;
  out(`config  ok     ${r.file}${r.overrides.size ? ` with ${[...new Set([...r.overrides.values()].map((s) => (s.kind === 'env' ? s.name : s.kind === 'flag' ? `--${s.name}` : '')))].join(', ')}` : ''}\n`);
  const notes = contentNotes(config);
  for (const n of notes) out(`config  note   ${n}\n`);

  const source = apiSource(config);
  const sample = source.kind === 'sample' ? await startSampleApiProcess({}) : null;
  const base = source.kind === 'api' ? source.base : sample!.url;
  out(`api     ${source.kind === 'sample' ? `embedded sample API at ${base}` : base}\n`);
  let results: CheckResult[];
  try {
    results = await checkApi({
      base,
      crawl: config.crawl,
      onResult: (x) => out(`${x.ok ? 'ok   ' : 'FAIL '} ${String(x.status ?? '---').padStart(3)} ${String(x.ms).padStart(5)} ms  GET ${x.path}${x.note ? `  (${x.note})` : ''}${x.problems.map((p) => `\n        ${p}`).join('')}\n`),
    });
  } finally {
    await sample?.close();
  }
  // Each deploy target, where reaching it is cheap (src/deploy/check.ts).
  const deploy: TargetCheck[] = [];
  for (const t of config.deploy) {
    const c = await checkTarget(t, { out: String(o.out ?? 'out') });
    deploy.push(c);
    out(`deploy  ${c.ok ? 'ok   ' : 'FAIL '}  ${c.name} (${c.type}): ${c.detail}\n`);
  }
  const failed = results.filter((x) => !x.ok).length + deploy.filter((x) => !x.ok).length;
  const total = results.length + deploy.length;
  if (o.json) process.stdout.write(`${JSON.stringify({ ok: failed === 0, file: r.file, api: source.kind === 'api' ? source.base : 'sample', notes, results, deploy }, null, 2)}\n`);
  if (failed) throw pressroomError('PR_CHECK_FAILED', { failed, total, api: source.kind === 'api' ? source.base : 'the embedded sample API' });
  out(`all ${results.length} endpoint checks passed${deploy.length ? ` and ${deploy.length} deploy targets answered` : ''}\n`);
}

/** Pages that will show little because their copy is not configured (valid, but worth knowing). */
function contentNotes(c: ReturnType<typeof resolveConfig>['config']): string[] {
  const notes: string[] = [];
  if (!c.privacy.sections.length) notes.push('privacy.sections is empty: /privacy-policy shows only its title');
  if (!c.about.intro.length) notes.push('about.intro is empty: /about shows only its title');
  if (!c.hosts.length) notes.push('hosts is empty: no redirect or header files are written for a static host');
  return notes;
}
