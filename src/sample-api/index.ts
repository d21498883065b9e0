// Public surface of the sample content API (docs/sample-api.md, "Programmatic use").

import type { RedirectRecord } from '../api/types.ts';
import { type CorpusOptions, generateCorpus } from './corpus.ts';

export { startSampleApi, type SampleApi, type SampleApiOptions } from './server.ts';
export { generateCorpus, serializeCorpus, contentOf, DEFAULT_SEED, DEFAULT_POSTS, DEFAULT_TODAY, type Corpus, type CorpusOptions, type CorpusKind } from './corpus.ts';
export { HOSTILE_RECORDS, hostileRecords, type HostileRecord, type HostileOptions } from './hostile.ts';
export { parseFaults, type FaultRule } from './faults.ts';
export { MutationError, type Mutations, type PostFields, type NewPost, type AdFields, type NewAd, type EventFields, type NewEvent, type SubcatFields, type NewSubcat } from './mutate.ts';
export { isLoopback } from './mutable-routes.ts';
export type { WebhookOptions } from './webhook.ts';
export { runApiCommand, type ApiCommandOptions } from './cli.ts';

/** The corpus's redirect records (also served at GET /__sample/redirects). */
export function corpusRedirects(options: CorpusOptions = {}): RedirectRecord[] {
  return generateCorpus(options).redirects;
}
