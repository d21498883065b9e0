// Feedback while building (docs/cli.md, "pressroom build"): a progress bar per stage when
// stderr is a terminal (cli-progress), plain lines otherwise (CI logs, pipes),
// nothing with --quiet; then one summary line. A stage whose total grows while
// it runs (the crawl: each round finds more requests) shows what is done and
// what was found so far, never a percentage, which would go backwards.
import cliProgress from 'cli-progress';
import { progressPacer, type PacedLine, type ProgressEvent, type Ticker } from './progress-pace.ts';
import type { BuildEvent, BuildReport, StageName } from '../src/pipeline/types.ts';
import { warningCount } from './output.ts';

export interface Reporter {
  onEvent(e: BuildEvent): void;
  stop(): void;
}

type Out = { write(s: string): unknown; isTTY?: boolean };

export function createReporter(opts: { stream: Out; quiet?: boolean; tty?: boolean; ticker?: Ticker }): Reporter {
  if (opts.quiet) return { onEvent: () => {}, stop: () => {} };
  return (opts.tty ?? opts.stream.isTTY) ? barReporter(opts.stream) : lineReporter(opts.stream, opts.ticker);
}

/** `render: 44/437`; a growing total `crawl: 25 done, 164 found so far`. */
export function progressText(p: Pick<ProgressEvent, 'done' | 'total' | 'growing'>): string {
  return p.growing ? `${p.done} done, ${p.total} found so far` : `${p.done}/${p.total}`;
}

/** `render: 44/437`, `crawl: 25 done, 164 found so far (6 s)`, `bundle: running (4 s)` */
function pacedText({ stage, progress, tick }: PacedLine): string {
  const time = tick ? `${progress ? ' ' : ''}(${Math.round(tick.elapsedMs / 1000)} s)` : '';
  return `${stage}: ${progress ? progressText(progress) : 'running '}${time}`;
}

/** Plain lines: the start and end of each stage, progress at every tenth, and a line every 2 s while a stage runs. */
function lineReporter(stream: Out, ticker?: Ticker): Reporter {
  const pacer = progressPacer((line) => void stream.write(`${pacedText(line)}\n`), { ticker });
  return {
    onEvent(e) {
      if (e.type === 'info') stream.write(`${e.message}\n`);
      else if (e.type === 'stage-start') stream.write(`${e.stage}: started${e.total !== undefined ? ` (${e.total})` : ''}\n`);
      else if (e.type === 'stage-end') stream.write(`${e.stage}: done in ${e.ms} ms\n`);
      pacer.onEvent(e);
    },
    stop: () => pacer.stop(),
  };
}

function barReporter(stream: Out): Reporter {
  const bars = new Map<StageName, cliProgress.SingleBar>();
  const bar = (stage: StageName, total: number, growing: boolean) => {
    let b = bars.get(stage);
    if (!b) {
      // A growing total gets no bar and no percentage: both would go backwards when a round finds more.
      const format = growing ? `${stage.padEnd(8)} {value} done, {total} found so far` : `${stage.padEnd(8)} [{bar}] {value}/{total} {percentage}%`;
      b = new cliProgress.SingleBar({ format, stream: stream as NodeJS.WritableStream, hideCursor: true, clearOnComplete: false, fps: 10 }, cliProgress.Presets.shades_classic);
      b.start(total, 0);
      bars.set(stage, b);
    }
    return b;
  };
  return {
    onEvent(e) {
      if (e.type === 'info') stream.write(`${e.message}\n`);
      else if (e.type === 'stage-start' && e.total !== undefined) bar(e.stage, e.total, false);
      else if (e.type === 'progress') {
        const b = bar(e.stage, e.total, e.growing === true);
        b.setTotal(e.total);
        b.update(e.done);
      } else if (e.type === 'stage-end') {
        const b = bars.get(e.stage);
        if (b) {
          b.stop();
          bars.delete(e.stage);
        }
        stream.write(`${e.stage.padEnd(8)} ${e.ms} ms\n`);
      }
    },
    stop() {
      for (const b of bars.values()) b.stop();
      bars.clear();
    },
  };
}

/** Where the summary line says the build went, from what, in how long (build.ts, scale.ts). */
export interface SummaryPlace {
  wallMs: number;
  out: string;
  from: string;
}

/** `built 1234 pages, 2345 files, 12.3 MB into out from https://cms.example.com in 9.1 s (136 pages/s)` */
export function summaryLine(r: Pick<BuildReport, 'pages' | 'files' | 'bytes' | 'warnings'> & Partial<Pick<BuildReport, 'quarantined'>>, place: SummaryPlace): string {
  const mb = (r.bytes / 1_000_000).toFixed(1);
  const s = (place.wallMs / 1000).toFixed(1);
  // Pages per second of the same time the line shows, so the two figures agree.
  const rate = place.wallMs > 0 ? Math.round((r.pages / place.wallMs) * 1000) : 0;
  const q = r.quarantined?.length ? `, ${r.quarantined.length} quarantined` : '';
  return `built ${r.pages} pages, ${r.files} files, ${mb} MB into ${place.out} from ${place.from} in ${s} s (${rate} pages/s)${warningCount(r.warnings.length)}${q}`;
}

/** What a build's content came from, in words: the API's address, the embedded sample API, or the snapshot folder it was rendered from. */
export function sourceWords(source: BuildReport['source'], fromSnapshot?: string): string {
  if (fromSnapshot !== undefined) return `the snapshot ${fromSnapshot}`;
  return source.kind === 'api' ? source.base : 'the embedded sample API';
}
