// The watcher's memory on /status (docs/operations.md, "/status"): now, and the lowest resident size
// since start and since the last publish. A leak shows as that low point rising publish after
// publish (bench/soak.ts). Samples: one a second (an unref'd timer), one per /status read, one per
// publish, and one after the idle collection (src/runtime/collect.ts), where the process is smallest.

/** What process.memoryUsage() answers; tests pass their own. */
export type ReadMemory = () => NodeJS.MemoryUsage;

export interface MemoryStatus {
  /** Bytes now, as process.memoryUsage() reports them. */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The lowest RSS sampled since the watcher started. */
  rssLowSinceStart: number;
  /** The lowest RSS sampled since the last publish (since start before the first). */
  rssLowSincePublish: number;
}

export class MemoryWatch {
  #lowSinceStart = Infinity;
  #lowSincePublish = Infinity;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly read: ReadMemory = () => process.memoryUsage()) {}

  /** Reads the memory now, counts it in both low points, and answers the /status object. */
  sample(): MemoryStatus {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = this.read();
    this.#lowSinceStart = Math.min(this.#lowSinceStart, rss);
    this.#lowSincePublish = Math.min(this.#lowSincePublish, rss);
    return { rss, heapUsed, heapTotal, external, arrayBuffers, rssLowSinceStart: this.#lowSinceStart, rssLowSincePublish: this.#lowSincePublish };
  }

  /** A publish ended: the low point since the last publish starts again from now. */
  published(): void {
    this.#lowSincePublish = Infinity;
    this.sample();
  }

  /** Samples every `ms` until stop(); the timer never keeps the process alive on its own. */
  start(ms = 1000): void {
    this.stop();
    this.sample();
    this.#timer = setInterval(() => this.sample(), ms);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
