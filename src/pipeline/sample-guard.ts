// The sample and a real site in one output folder (docs/decisions/0106-sample-yields-to-your-site.md),
// by the source out/'s manifest records:
// - a sample build never replaces a real API's site: it stops first (PR_SAMPLE_OVER_API, exit 8);
// - a real site replaces the sample without the shrink gate (the sample's count says nothing).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CONFIG_FILE } from '../config/load.ts';
import { pressroomError } from '../errors/errors.ts';
import { MANIFEST_FILE, type BuildSource, type ManifestHead } from '../emit/index.ts';

/** Where the site published in `out` came from, by its manifest; undefined when there is none (or not one of ours). */
export async function publishedSource(out: string): Promise<BuildSource | undefined> {
  return readFile(join(out, MANIFEST_FILE), 'utf8').then(
    (text) => (JSON.parse(text) as Partial<ManifestHead>).source,
    () => undefined, // no site yet, or not one of ours: nothing to protect
  );
}

/**
 * The checks once the content's source is known, before any write: no sample over a real site, no
 * API content under the sample's configuration. Says (and tells) whether the sample is replaced.
 */
export async function checkSource(out: string, source: BuildSource, sampleConfig: boolean, info: (message: string) => void): Promise<{ replacesSample: boolean }> {
  const published = await publishedSource(out);
  refuseSampleOverApi(out, published, source);
  if (sampleConfig && source.kind === 'api') {
    throw pressroomError('PR_CONFIG_NO_SITE', { missing: 'name (site.name) and address (site.url)', detail: `the content was crawled from the API ${source.base}, and with no ${DEFAULT_CONFIG_FILE} here the sample publication's configuration stands in` });
  }
  const replacing = replacesSample(published, source);
  if (replacing) info(`${out} holds the embedded sample site: this build of ${source.kind === 'api' ? source.base : 'the API'} replaces it (the shrink gate compares builds of one publication)`);
  return { replacesSample: replacing };
}

export function refuseSampleOverApi(out: string, published: BuildSource | undefined, source: BuildSource): void {
  if (source.kind !== 'embedded-sample') return;
  if (published?.kind === 'api') throw pressroomError('PR_SAMPLE_OVER_API', { out, base: published.base });
}

/** Whether this build replaces the embedded sample site in out/ with a site of an API. */
export function replacesSample(published: BuildSource | undefined, source: BuildSource): boolean {
  return published?.kind === 'embedded-sample' && source.kind === 'api';
}
