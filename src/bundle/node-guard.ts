// Proof that no Node-only module reached the client bundle (docs/architecture.md, "bundle"): an
// esbuild plugin refuses `node:*` and Node's built-in names, naming the importer; then the metafile is
// checked again, so a module that slipped in another way (an alias, an external) still fails.
import { builtinModules } from 'node:module';
import type { Metafile, Plugin } from 'esbuild';

const BUILTINS: ReadonlySet<string> = new Set(builtinModules.filter((m) => !m.startsWith('_')));

export interface NodeModuleHit {
  module: string;
  importer: string;
}

/** True for `node:fs`, `fs`, `fs/promises`, `path`, ... */
export function isNodeBuiltin(spec: string): boolean {
  if (spec.startsWith('node:')) return true;
  return BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0]);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Records every hit in `hits` (the caller reports the first) and returns an esbuild error to stop. */
export function nodeGuardPlugin(hits: NodeModuleHit[], relative: (p: string) => string): Plugin {
  const names = [...new Set([...BUILTINS].map((m) => m.split('/')[0]))].map(escapeRe).join('|');
  const filter = new RegExp(`^(node:.*|(${names})(/.*)?)$`);
  return {
    name: 'pressroom-node-guard',
    setup(build) {
      build.onResolve({ filter }, (args) => {
        const hit = { module: args.path, importer: args.importer ? relative(args.importer) : '(entry)' };
        hits.push(hit);
        return { errors: [{ text: `Node-only module "${hit.module}" imported by ${hit.importer}` }] };
      });
    },
  };
}

/** Metafile double check: any input or import that names a Node built-in. */
export function nodeModulesInMetafile(meta: Metafile): NodeModuleHit[] {
  const hits: NodeModuleHit[] = [];
  for (const [input, info] of Object.entries(meta.inputs)) {
    if (isNodeBuiltin(input)) hits.push({ module: input, importer: '(bundle input)' });
    for (const imp of info.imports) {
      if (isNodeBuiltin(imp.path) || (imp.external && isNodeBuiltin(imp.original ?? imp.path))) {
        hits.push({ module: imp.original ?? imp.path, importer: input });
      }
    }
  }
  return hits;
}
