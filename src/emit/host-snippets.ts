// Host configuration snippets (nginx, Caddy, S3 manifests) are operator configuration: they go beside
// out/ in `.pressroom/<out name>/hosts/`, never into the published tree. Files a host reads from the
// published folder (_redirects, _headers, vercel.json, .htaccess, redirect pages) stay in out/.
//
// Written whole: a temporary folder is filled before out/ is swapped and renamed into place after,
// so the folder always matches one build. A rollback leaves the latest build's (docs/deploying.md).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pressroomError } from '../errors/errors.ts';

export const HOST_SNIPPETS_DIR = 'hosts';

/** `.pressroom/<out name>/hosts` beside out/. */
export const hostSnippetsDirFor = (out: string): string => join(dirname(resolve(out)), '.pressroom', basename(resolve(out)), HOST_SNIPPETS_DIR);

export interface PreparedSnippets {
  /** Moves the prepared folder into place (after out/ is published). */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export async function prepareHostSnippets(out: string, files: readonly { path: string; contents: string }[]): Promise<PreparedSnippets> {
  const dir = hostSnippetsDirFor(out);
  const tmp = `${dir}.tmp-${process.pid}`;
  const old = `${dir}.old-${process.pid}`;
  try {
    await rm(tmp, { recursive: true, force: true });
    for (const f of files) {
      const target = join(tmp, f.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, f.contents);
    }
  } catch (e) {
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw pressroomError('PR_OUTPUT_WRITE', { file: tmp, detail: (e as Error).message }, e);
  }
  return {
    async commit() {
      try {
        await rm(old, { recursive: true, force: true });
        await rename(dir, old).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        });
        if (files.length) await rename(tmp, dir);
        await rm(old, { recursive: true, force: true });
      } catch (e) {
        throw pressroomError('PR_OUTPUT_WRITE', { file: dir, detail: (e as Error).message }, e);
      } finally {
        await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
      }
    },
    discard: () => rm(tmp, { recursive: true, force: true }),
  };
}
