// Child side of ./process.ts: start the API, report its URL over IPC, stop on
// SIGTERM or when the parent goes away.
import { startSampleApi } from './server.ts';

const options = JSON.parse(process.argv[2] ?? '{}');
try {
  const api = await startSampleApi({ ...options, port: 0 });
  const stop = () => void api.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  process.send?.({ url: api.url });
} catch (e) {
  process.send?.({ error: (e as Error).message });
  process.exit(1);
}
