// The render pool's thread entry (src/render/pool.ts). Worker threads do not
// inherit the loader hooks of the thread that started them when that thread is
// not run by `node --import tsx` (vitest, a programmatic build()), so each
// worker registers tsx itself before loading the TypeScript worker.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
const worker = await import('./worker.ts');
export default worker.default;
