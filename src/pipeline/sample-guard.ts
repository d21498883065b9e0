// A sample build never replaces a real site. The published folder's manifest
// (out/pressroom-manifest.json, written by emit) says where its content came
// from; when that was a real API and this build's content is the embedded
// sample (--sample, api.base "sample", or a snapshot of the sample), the build
// stops before anything is written (PR_SAMPLE_OVER_API, exit 8).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pressroomError } from '../core/errors.ts';
import { MANIFEST_FILE, type BuildSource, type ManifestHead } from '../emit/index.ts';

export async function refuseSampleOverApi(out: string, source: BuildSource): Promise<void> {
  if (source.kind !== 'embedded-sample') return;
  const published = await readFile(join(out, MANIFEST_FILE), 'utf8').then(
    (text) => (JSON.parse(text) as Partial<ManifestHead>).source,
    () => undefined, // no site yet, or not one of ours: nothing to protect
  );
  if (published?.kind === 'api') throw pressroomError('PR_SAMPLE_OVER_API', { out, base: published.base });
}
