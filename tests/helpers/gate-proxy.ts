// An HTTP relay in front of the sample API that can hold requests until the test lets them go.
// A test that must act while a build is under way (a signal during a build) closes the gate,
// waits for the build's first request to arrive at it, acts, then opens it: the build is in
// flight by construction, whatever the machine's speed, instead of by the luck of a poll.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GateProxy {
  url: string;
  /** From now on, requests wait at the gate. */
  close(): void;
  /** Resolves when a request is waiting at the closed gate. */
  held(): Promise<void>;
  /** Lets every waiting and later request through. */
  open(): void;
  stop(): Promise<void>;
}

export async function startGateProxy(target: string): Promise<GateProxy> {
  const upstream = new URL(target);
  let closed = false;
  let waiting: (() => void)[] = [];
  let onHeld: (() => void) | null = null;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
  const server = createServer((req, res) => {
    if (!closed) return forward(req, res);
    waiting.push(() => forward(req, res));
    onHeld?.();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => void (closed = true),
    held: () => (waiting.length > 0 ? Promise.resolve() : new Promise<void>((ok) => (onHeld = () => ((onHeld = null), ok())))),
    open() {
      closed = false;
      const go = waiting;
      waiting = [];
      for (const f of go) f();
    },
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
