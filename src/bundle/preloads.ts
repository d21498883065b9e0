// modulepreload lists from the esbuild metafile. With code splitting each page module is its own
// output; its list is that output, its static imports transitively, and the client entry's static
// imports, so the browser fetches the whole page in one round of parallel requests.
import type { Metafile } from 'esbuild';

type Outputs = Metafile['outputs'];

/** Output paths reachable from `start` through static imports, `start` first, the rest sorted. */
export function staticClosure(outputs: Outputs, start: string): string[] {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const imp of outputs[cur]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external && !seen.has(imp.path)) {
        seen.add(imp.path);
        queue.push(imp.path);
      }
    }
  }
  seen.delete(start);
  return [start, ...[...seen].sort()];
}

/** The output whose entry point is `source` (a path relative to the build's working dir). */
export function outputForSource(outputs: Outputs, source: string): string | undefined {
  for (const [out, info] of Object.entries(outputs)) {
    if (info.entryPoint === source && out.endsWith('.js')) return out;
  }
  return undefined;
}

/**
 * Each page kind's preload URLs. `toUrl` maps a metafile output path to a site URL; `shared` (the
 * entry's static imports) is what a kind without a module in the bundle gets.
 */
export function preloadTable(
  outputs: Outputs,
  entryOutput: string,
  pageSources: Record<string, string>,
  toUrl: (outputPath: string) => string,
): { table: Map<string, string[]>; shared: string[] } {
  const shared = staticClosure(outputs, entryOutput).slice(1);
  const table = new Map<string, string[]>();
  for (const [kind, source] of Object.entries(pageSources)) {
    const out = outputForSource(outputs, source);
    const page = out ? staticClosure(outputs, out) : [];
    const urls = [...page, ...shared.filter((s) => !page.includes(s))].filter((p) => p !== entryOutput);
    table.set(kind, urls.map(toUrl));
  }
  return { table, shared: shared.map(toUrl) };
}
