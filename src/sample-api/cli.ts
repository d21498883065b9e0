// `pressroom api`: serve the sample content API until SIGINT/SIGTERM.
// cli/main.js calls registerApiCommand(program); the work is in runApiCommand so
// it can be called without commander.

import type { Command } from 'commander';
import { pressroomError } from '../errors/errors.ts';
import type { CorpusKind } from './corpus.ts';
import { parseFaults } from './faults.ts';
import { startSampleApi } from './server.ts';
import type { WebhookOptions } from './webhook.ts';

export interface ApiCommandOptions {
  port?: number;
  host?: string;
  seed?: number;
  posts?: number;
  today?: string;
  dataDir?: string;
  corpus?: CorpusKind;
  faults?: string;
  /** serve the editing endpoints (loopback clients only) */
  mutable?: boolean;
  /** URL the REFs of every mutation are POSTed to (needs mutable and a secret) */
  webhook?: string;
  /** HMAC secret of the webhook; default PRESSROOM_WEBHOOK_SECRET */
  webhookSecret?: string;
  /** where the base URL line goes (tests pass a collector) */
  print?: (line: string) => void;
  /** resolves when the command should stop; defaults to the first SIGINT/SIGTERM */
  until?: Promise<unknown>;
}

const CORPUS_KINDS: readonly CorpusKind[] = ['normal', 'hostile', 'hostile-no-twins'];

function intOption(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw pressroomError('PR_USAGE', { detail: `--${name} must be an integer from ${min} to ${max}, got "${value}"` });
    return n;
  };
}

/** The webhook of --webhook and its secret (flag, else PRESSROOM_WEBHOOK_SECRET, so it need not show in a process list). */
function webhookOptions(opts: ApiCommandOptions, env: NodeJS.ProcessEnv = process.env): WebhookOptions | null {
  if (opts.webhook === undefined) {
    if (opts.webhookSecret !== undefined) throw pressroomError('PR_USAGE', { detail: '--webhook-secret is given without --webhook: there is nothing to sign' });
    return null;
  }
  if (!opts.mutable) throw pressroomError('PR_USAGE', { detail: '--webhook needs --mutable: without it nothing can change, so there is nothing to notify' });
  if (!URL.canParse(opts.webhook) || !/^https?:$/.test(new URL(opts.webhook).protocol)) {
    throw pressroomError('PR_USAGE', { detail: `--webhook must be an http(s) URL, got "${opts.webhook}"` });
  }
  const secret = opts.webhookSecret ?? env.PRESSROOM_WEBHOOK_SECRET;
  if (!secret) throw pressroomError('PR_USAGE', { detail: '--webhook needs a secret to sign with: --webhook-secret S or PRESSROOM_WEBHOOK_SECRET in the environment' });
  return { url: opts.webhook, secret };
}

export async function runApiCommand(opts: ApiCommandOptions = {}): Promise<void> {
  if (opts.corpus !== undefined && !CORPUS_KINDS.includes(opts.corpus)) {
    throw pressroomError('PR_USAGE', { detail: `--corpus must be one of ${CORPUS_KINDS.map((k) => `"${k}"`).join(', ')}, got "${opts.corpus}"` });
  }
  if (opts.today !== undefined && Number.isNaN(Date.parse(opts.today))) {
    throw pressroomError('PR_USAGE', { detail: `--today must be an ISO date such as 2026-01-15, got "${opts.today}"` });
  }
  let faults;
  try {
    faults = opts.faults ? parseFaults(opts.faults) : null;
  } catch (e) {
    throw pressroomError('PR_USAGE', { detail: (e as Error).message });
  }
  const api = await startSampleApi({ ...opts, faults, webhook: webhookOptions(opts) });
  (opts.print ?? ((l) => process.stdout.write(`${l}\n`)))(api.url);
  const stop =
    opts.until ??
    new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  await stop;
  await api.close();
}

export function registerApiCommand(program: Command): Command {
  return program
    .command('api')
    .description('Serve the sample content API (generated corpus) on 127.0.0.1 until interrupted')
    .option('--port <n>', 'port; 0 picks a free one', intOption('port', 0, 65535), 0)
    .option('--seed <n>', 'corpus seed', intOption('seed', 0, 2 ** 32 - 1))
    .option('--posts <n>', 'number of posts (default 150)', intOption('posts', 1, 1_000_000))
    .option('--today <date>', 'the clock: ISO date for post dates and the events split (default 2026-01-15)')
    .option('--data-dir <dir>', 'store subscriptions, messages and views durably here (default: memory)')
    .option('--corpus <kind>', 'normal | hostile | hostile-no-twins (hostile without the case and NFC/NFD twin slugs)', 'normal')
    .option('--faults <spec>', 'fault rules, e.g. "latency=200,error=0.1,path=/api/post/*" (see docs/sample-api.md)')
    .option('--mutable', 'serve the editing endpoints under /__sample/ (posts, ads, events, sub-categories) to loopback clients (see docs/sample-api.md)')
    .option('--webhook <url>', 'with --mutable: POST the REFs of every change here, signed in X-Pressroom-Signature-256')
    .option('--webhook-secret <secret>', 'the webhook\'s signing secret (default: PRESSROOM_WEBHOOK_SECRET, which keeps it out of the process list)')
    .action(async (o: ApiCommandOptions) => runApiCommand(o));
}
