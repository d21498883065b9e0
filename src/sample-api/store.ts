// Durable storage for the three POSTs: each record is a JSON line appended and fsync'd before the
// answer, so an acknowledged one survives a crash. One write queue, so two identical concurrent
// subscribes store one row. Without a data directory it is in memory.

import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export interface Subscription { email: string }
export interface ContactMessage { first_name: string; last_name: string; email: string; phone: string; message: string; opt_in: boolean }
export interface View { post_id: number; ip_addr: string }

type Kind = 'subscriptions' | 'contacts' | 'views';

export class Store {
  readonly subscribers = new Set<string>();
  readonly contacts: ContactMessage[] = [];
  /** post id -> distinct viewer ips */
  readonly views = new Map<number, Set<string>>();
  private queue: Promise<unknown> = Promise.resolve();
  private handles = new Map<Kind, FileHandle>();

  private constructor(private readonly dir: string | null) {}

  static async open(dir: string | null | undefined): Promise<Store> {
    const s = new Store(dir ?? null);
    if (s.dir) {
      await mkdir(s.dir, { recursive: true });
      for (const line of await readLines(join(s.dir, 'subscriptions.jsonl'))) s.subscribers.add(String((line as Subscription).email));
      for (const line of await readLines(join(s.dir, 'contacts.jsonl'))) s.contacts.push(line as ContactMessage);
      for (const line of await readLines(join(s.dir, 'views.jsonl'))) s.addView(line as View);
    }
    return s;
  }

  /** false when the (normalised) e-mail is already subscribed. */
  subscribe(email: string): Promise<boolean> {
    return this.serial(async () => {
      const key = email.toLowerCase();
      if (this.subscribers.has(key)) return false;
      await this.append('subscriptions', { email: key });
      this.subscribers.add(key);
      return true;
    });
  }

  contact(m: ContactMessage): Promise<void> {
    return this.serial(async () => {
      await this.append('contacts', m);
      this.contacts.push(m);
    });
  }

  /** Records one view per (post, ip); false when the pair was already counted. */
  view(v: View): Promise<boolean> {
    return this.serial(async () => {
      if (this.views.get(v.post_id)?.has(v.ip_addr)) return false;
      await this.append('views', v);
      this.addView(v);
      return true;
    });
  }

  viewCount(postId: number): number {
    return this.views.get(postId)?.size ?? 0;
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    for (const h of this.handles.values()) await h.close();
    this.handles.clear();
  }

  private addView(v: View): void {
    let set = this.views.get(v.post_id);
    if (!set) this.views.set(v.post_id, (set = new Set()));
    set.add(v.ip_addr);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async append(kind: Kind, record: object): Promise<void> {
    if (!this.dir) return;
    let h = this.handles.get(kind);
    if (!h) {
      h = await open(join(this.dir, `${kind}.jsonl`), 'a');
      this.handles.set(kind, h);
    }
    await h.write(`${JSON.stringify(record)}\n`);
    await h.sync(); // on disk before the response is sent
  }
}

/** Lines of a JSONL file; a torn last line (crash mid-write, never acknowledged) is skipped. */
async function readLines(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`sample API: cannot read ${file}: ${(e as Error).message}`);
  }
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      /* torn write */
    }
  }
  return out;
}
