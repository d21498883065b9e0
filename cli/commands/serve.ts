// `pressroom serve`: out/ as a static host serves it, until SIGINT/SIGTERM.
import { startServe } from '../../src/serve/index.ts';

export async function runServe(_ctx: unknown, o: { out: string; port: number; host: string; apiProxy?: string; base?: string }): Promise<void> {
  const s = await startServe({ out: o.out, port: o.port, host: o.host, apiProxy: o.apiProxy, base: o.base });
  // Under a base path the printed URL is the site's home, /project/ (the origin's root answers 404).
  process.stdout.write(`${s.url}${s.base ? '/' : ''}\n`);
  if (s.apiProxy) process.stderr.write(`${s.base}/api/* and ${s.base}/uploads/* -> ${s.apiProxy}\n`);
  for (const note of s.notes) process.stderr.write(`note: ${note}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await s.close();
}
