// Feedback while building (docs/cli.md, "pressroom build"): a progress bar per stage when
// stderr is a terminal (cli-progress), plain lines otherwise (CI logs, pipes),
// nothing with --quiet; then one summary line.
import cliProgress from 'cli-progress';
import type { BuildEvent, BuildReport, StageName } from './types.ts';

export interface Reporter {
  onEvent(e: BuildEvent): void;
  stop(): void;
}

type Out = { write(s: string): unknown; isTTY?: boolean };

export function createReporter(opts: { stream: Out; quiet?: boolean; tty?: boolean }): Reporter {
  if (opts.quiet) return { onEvent: () => {}, stop: () => {} };
  return (opts.tty ?? opts.stream.isTTY) ? barReporter(opts.stream) : lineReporter(opts.stream);
}

/** Plain lines: the start and end of each stage, and progress at every tenth. */
function lineReporter(stream: Out): Reporter {
  const lastTenth = new Map<StageName, number>();
  return {
    onEvent(e) {
      if (e.type === 'info') stream.write(`${e.message}\n`);
      else if (e.type === 'stage-start') stream.write(`${e.stage}: started${e.total !== undefined ? ` (${e.total})` : ''}\n`);
      else if (e.type === 'stage-end') stream.write(`${e.stage}: done in ${e.ms} ms\n`);
      else if (e.type === 'progress' && e.total > 0) {
        const tenth = Math.floor((e.done / e.total) * 10);
        if (tenth > (lastTenth.get(e.stage) ?? 0)) {
          lastTenth.set(e.stage, tenth);
          stream.write(`${e.stage}: ${e.done}/${e.total}\n`);
        }
      }
    },
    stop() {},
  };
}

function barReporter(stream: Out): Reporter {
  const bars = new Map<StageName, cliProgress.SingleBar>();
  const bar = (stage: StageName, total: number) => {
    let b = bars.get(stage);
    if (!b) {
      b = new cliProgress.SingleBar(
        { format: `${stage.padEnd(8)} [{bar}] {value}/{total} {percentage}%`, stream: stream as NodeJS.WritableStream, hideCursor: true, clearOnComplete: false, fps: 10 },
        cliProgress.Presets.shades_classic,
      );
      b.start(total, 0);
      bars.set(stage, b);
    }
    return b;
  };
  return {
    onEvent(e) {
      if (e.type === 'info') stream.write(`${e.message}\n`);
      else if (e.type === 'stage-start' && e.total !== undefined) bar(e.stage, e.total);
      else if (e.type === 'progress') {
        const b = bar(e.stage, e.total);
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

/** `built 1234 pages, 2345 files, 12.3 MB in 8.1 s (152 pages/s)` */
export function summaryLine(r: Pick<BuildReport, 'pages' | 'files' | 'bytes' | 'timings' | 'pagesPerSecond' | 'warnings'> & Partial<Pick<BuildReport, 'quarantined'>>): string {
  const mb = (r.bytes / 1_000_000).toFixed(1);
  const s = (r.timings.total / 1000).toFixed(1);
  const warn = r.warnings.length ? `, ${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}` : '';
  const q = r.quarantined?.length ? `, ${r.quarantined.length} quarantined` : '';
  return `built ${r.pages} pages, ${r.files} files, ${mb} MB in ${s} s (${r.pagesPerSecond} pages/s)${warn}${q}`;
}
