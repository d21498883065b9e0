// `pressroom api --mutable`: the editing endpoints under /__sample/ (docs/sample-api.md, "Editing the
// sample API"). Each route parses its path and body and calls the mutation of the same name
// (mutate.ts), so HTTP and code are refused alike. Only loopback peers without an Origin header may
// edit, with no CORS preflight, so a web page in the developer's browser (even DNS-rebound to
// 127.0.0.1) cannot edit the corpus.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv4 } from 'node:net';
import type { Corpus } from './corpus.ts';
import { checkFields, MutationError } from './fields.ts';
import { mutations, type Mutations } from './mutate.ts';
import { BodyTooLarge, jsonBody, readBody, send } from './respond.ts';
import type { Webhook } from './webhook.ts';

export type EditMethod = 'POST' | 'PATCH' | 'DELETE';
/** Calls one mutation; answers its status (201 for an addition) and the new record's key, if any. */
export type EditHandler = (m: Mutations, params: string[], body: unknown) => { status: 200 | 201; key?: Record<string, unknown> };

/** Bodies carry whole articles, so the cap is well above the form POSTs' 16 KB. */
export const EDIT_BODY_MAX = 1_048_576;

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (a dual-stack listener reports those). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/%.*$/, ''); // an IPv6 zone id names an interface, not a host
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return isIPv4(v4) && v4.startsWith('127.');
}

/** A numeric id from the path; anything else names no record (404, like an unknown id). */
function idParam(raw: string, what: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new MutationError(404, `no ${what} ${JSON.stringify(raw)}`);
  return Number(raw);
}

const noFields = (what: string, body: unknown) => checkFields(what, body, {});
const done = (key?: Record<string, unknown>) => ({ status: 200 as const, key });
const created = (key: Record<string, unknown>) => ({ status: 201 as const, key });

// `b as never`: a body is handed over unchecked on purpose; the mutation checks it (fields.ts).
export const EDITS: [EditMethod, string, EditHandler][] = [
  ['POST', '/__sample/posts', (m, _, b) => created({ id: m.addPost(b as never) })],
  ['PATCH', '/__sample/posts/:id', (m, [id], b) => (m.editPost(idParam(id, 'post with id'), b as never), done({ id: Number(id) }))],
  ['DELETE', '/__sample/posts/:id', (m, [id], b) => (noFields(`deleting post ${id}`, b), m.deletePost(idParam(id, 'post with id')), done({ id: Number(id) }))],
  ['POST', '/__sample/posts/:id/unpublish', (m, [id], b) => (noFields(`unpublishing post ${id}`, b), m.unpublishPost(idParam(id, 'post with id')), done({ id: Number(id) }))],
  ['POST', '/__sample/ads', (m, _, b) => created({ banner_id: m.addAd(b as never) })],
  ['PATCH', '/__sample/ads/:id', (m, [id], b) => (m.editAd(idParam(id, 'ad with banner_id'), b as never), done({ banner_id: Number(id) }))],
  ['DELETE', '/__sample/ads/:id', (m, [id], b) => (noFields(`deleting ad ${id}`, b), m.removeAd(idParam(id, 'ad with banner_id')), done({ banner_id: Number(id) }))],
  ['POST', '/__sample/events', (m, _, b) => created({ event_slug: m.addEvent(b as never) })],
  ['PATCH', '/__sample/events/:slug', (m, [slug], b) => (m.editEvent(slug, b as never), done({ event_slug: slug }))],
  ['DELETE', '/__sample/events/:slug', (m, [slug], b) => (noFields(`deleting event ${slug}`, b), m.removeEvent(slug), done({ event_slug: slug }))],
  ['POST', '/__sample/subcats', (m, _, b) => created({ subcat_slug: m.addSubcat(b as never) })],
  ['PATCH', '/__sample/subcats/:slug', (m, [slug], b) => (m.editSubcat(slug, b as never), done({ subcat_slug: slug }))],
  ['DELETE', '/__sample/subcats/:slug', (m, [slug], b) => (noFields(`deleting sub-category ${slug}`, b), m.removeSubcat(slug), done({ subcat_slug: slug }))],
];

interface Change {
  refs: string[];
  /** ISO time the change was applied, by the real clock */
  appliedAt: string;
}

export interface Editing {
  /** the programmatic mutations (SampleApi.mutate); each notifies the webhook */
  mutate: Mutations;
  /** answers one request to an editing route */
  handle(req: IncomingMessage, res: ServerResponse, handler: EditHandler, params: string[]): Promise<void>;
}

/** The mutations of `corpus`, wired to `reindex` and the webhook, and the editing routes' HTTP side. */
export function editing(corpus: Corpus, reindex: (refs: readonly string[]) => void, webhook: Webhook | null): Editing {
  // Set while an HTTP edit runs (mutations are synchronous): its notification
  // waits for the answer, and the answer reports the REFs and the time.
  let answered: Promise<unknown> | undefined;
  let last: Change | undefined;
  const taken = (): Change | undefined => {
    const change = last;
    last = undefined;
    return change;
  };
  const mutate = mutations(corpus, (refs) => {
    reindex(refs);
    // The real clock, for measuring mutation-to-published latency; it goes into the answer only, never the corpus.
    last = { refs, appliedAt: new Date().toISOString() };
    webhook?.notify(refs, answered);
  });

  const reply = (req: IncomingMessage, res: ServerResponse, status: number, value: unknown) => {
    const body = jsonBody(status, value);
    return send(req, res, status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, body.bytes);
  };
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, error: string, field?: string) => reply(req, res, status, { success: false, error, ...(field ? { field } : {}) });

  async function handle(req: IncomingMessage, res: ServerResponse, handler: EditHandler, params: string[]): Promise<void> {
    const peer = req.socket.remoteAddress;
    if (!isLoopback(peer)) return refuse(req, res, 403, `editing is allowed from loopback clients only (127.0.0.0/8, ::1); this request came from ${peer ?? 'an unknown address'}`);
    if (req.headers.origin !== undefined) return refuse(req, res, 403, `editing is refused to browser requests (Origin: ${req.headers.origin}): the editing endpoints have no CORS; use curl or code`);
    let body: unknown;
    try {
      const text = await readBody(req, EDIT_BODY_MAX);
      body = text.trim() === '' ? {} : JSON.parse(text);
    } catch (e) {
      if (e instanceof BodyTooLarge) return refuse(req, res, 413, `the body is larger than ${EDIT_BODY_MAX} bytes`);
      return refuse(req, res, 400, `the body is not valid JSON: ${(e as Error).message}`);
    }
    answered = new Promise((resolve) => res.once('close', resolve));
    taken();
    let result: ReturnType<EditHandler>;
    try {
      result = handler(mutate, params, body);
    } catch (e) {
      if (e instanceof MutationError) return refuse(req, res, e.status, e.message, e.field);
      throw e;
    } finally {
      answered = undefined;
    }
    const change = taken();
    if (!change) throw new Error(`sample API: ${req.method} ${req.url} changed nothing`);
    return reply(req, res, result.status, { success: true, ...result.key, ref: change.refs[0], refs: change.refs, appliedAt: change.appliedAt });
  }

  return { mutate, handle };
}
