// Precompressed `.br` and `.gz` siblings for hosts that serve them as they are (nginx, Caddy) and for
// `pressroom serve`, of the files readers get (not of vercel.json, which Vercel reads itself); by default written only when nginx or Caddy is selected (output.precompress
// "auto"). Deterministic: gzip's header has no name and a zero mtime, brotli has no header.
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** What is worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|xml|txt|svg|webmanifest)$/i;
/** Below this a compressed body saves less than a packet and costs a file. */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Measured on the sample's pages: quality 5 gives 0.179 of the size at 62 MB/s (11: 0.16 at 1 MB/s). */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;
export const SIBLINGS = ['.br', '.gz'] as const;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Host configuration in out/ that a host reads itself and never serves to a reader (`_redirects` and the like have no text extension). */
const HOST_READ: ReadonlySet<string> = new Set(['vercel.json']);

export const precompressible = (rel: string, size: number): boolean => size >= PRECOMPRESS_MIN_BYTES && COMPRESSIBLE.test(rel) && !HOST_READ.has(rel);

/** Whether a build writes siblings: the setting, or for "auto" whether a selected host serves them. */
export function precompressEnabled(setting: boolean | 'auto' | undefined, hosts: readonly string[]): boolean {
  if (setting === true || setting === false) return setting;
  return hosts.includes('nginx') || hosts.includes('caddy');
}

/** Writes `file.br` and `file.gz` for `bytes` (zlib runs on the libuv thread pool, beside the render). */
export async function writeSiblings(file: string, bytes: Buffer): Promise<void> {
  const [b, g] = await Promise.all([
    br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gz(bytes, { level: GZIP_LEVEL }),
  ]);
  await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
}
