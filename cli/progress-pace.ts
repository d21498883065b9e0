// When plain progress lines are printed (the text lines of a build without a
// terminal, and --log-format json): at each tenth of a stage's total, once more
// when a growing total grows, and every TICK_MS of wall time while a stage is
// under way. Tenths alone fell silent for seconds: the crawl's total grows as
// each round finds more, so once the first round's 25 of 25 were printed the
// next tenth of 646 came only after 621 more requests.
import type { BuildEvent, StageName } from '../src/pipeline/types.ts';

export type ProgressEvent = Extract<BuildEvent, { type: 'progress' }>;

/** The wall clock and the interval timer, injected so that tests tick by hand. */
export interface Ticker {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const realTicker: Ticker = {
  now: () => performance.now(),
  setInterval(fn, ms) {
    // unref: a reporter never keeps the process alive.
    const h = setInterval(fn, ms);
    h.unref();
    return h;
  },
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};

export const TICK_MS = 2000;

/** A line to print: the stage's progress (`tick`: printed by the interval, with the time the stage has run). */
export type PacedLine = { stage: StageName; progress?: ProgressEvent; tick?: { elapsedMs: number } };

export interface Pacer {
  onEvent(e: BuildEvent): void;
  stop(): void;
}

interface Running {
  startedAt: number;
  last?: ProgressEvent;
  printedTenth: number;
  printedTotal?: number;
}

export function progressPacer(print: (line: PacedLine) => void, opts: { ticker?: Ticker; intervalMs?: number } = {}): Pacer {
  const ticker = opts.ticker ?? realTicker;
  // In start order: a tick speaks for the stage started last (render runs inside emit).
  const running = new Map<StageName, Running>();
  let handle: unknown = null;
  const tick = () => {
    const stage = [...running.keys()].at(-1);
    if (stage === undefined) return;
    const r = running.get(stage)!;
    print({ stage, progress: r.last, tick: { elapsedMs: ticker.now() - r.startedAt } });
  };
  const stopTicking = () => {
    if (handle !== null) ticker.clearInterval(handle);
    handle = null;
  };
  return {
    onEvent(e) {
      if (e.type === 'stage-start') {
        running.delete(e.stage);
        running.set(e.stage, { startedAt: ticker.now(), printedTenth: 0, printedTotal: e.total });
        handle ??= ticker.setInterval(tick, opts.intervalMs ?? TICK_MS);
      } else if (e.type === 'stage-end') {
        running.delete(e.stage);
        if (running.size === 0) stopTicking();
      } else if (e.type === 'progress' && e.total > 0) {
        let r = running.get(e.stage);
        if (!r) running.set(e.stage, (r = { startedAt: ticker.now(), printedTenth: 0 }));
        r.last = e;
        const tenth = Math.floor((e.done / e.total) * 10);
        // A new total (a crawl round found more) is printed at once; then its tenths.
        if (e.total !== r.printedTotal || tenth > r.printedTenth) {
          r.printedTotal = e.total;
          r.printedTenth = tenth;
          print({ stage: e.stage, progress: e });
        }
      }
    },
    stop: stopTicking,
  };
}
