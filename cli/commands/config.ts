// `pressroom config`: the effective configuration (file < PRESSROOM_* <
// flags, with defaults filled in) and where each value comes from.
import { resolveConfig, sourceLabel } from '../../src/config/load.ts';

export interface ConfigFlags {
  config?: string;
  json?: boolean;
  [flag: string]: unknown;
}

export interface ConfigLine {
  path: string;
  value: unknown;
  source: string;
}

/** Leaves of the configuration: scalars, empty containers and lists of scalars are one line each. */
export function configLines(value: unknown, sourceOf: (path: PropertyKey[]) => string, path: PropertyKey[] = []): ConfigLine[] {
  const name = path.reduce<string>((s, seg) => (typeof seg === 'number' ? `${s}[${seg}]` : s ? `${s}.${String(seg)}` : String(seg)), '');
  const leaf = (): ConfigLine[] => [{ path: name, value, source: sourceOf(path) }];
  if (Array.isArray(value)) return value.length && value.some((v) => typeof v === 'object' && v !== null) ? value.flatMap((v, i) => configLines(v, sourceOf, [...path, i])) : leaf();
  if (typeof value === 'object' && value !== null && Object.keys(value).length) return Object.entries(value).flatMap(([k, v]) => configLines(v, sourceOf, [...path, k]));
  return leaf();
}

export async function runConfig(_ctx: unknown, o: ConfigFlags): Promise<void> {
  const r = resolveConfig({ file: o.config, flags: o });
  const lines = configLines(r.config, (p) => sourceLabel(r.sourceOf(p)));
  if (o.json) {
    process.stdout.write(`${JSON.stringify({ ok: true, file: r.file, config: r.config, sources: Object.fromEntries(lines.map((l) => [l.path, l.source])) }, null, 2)}\n`);
    return;
  }
  process.stdout.write(`# ${r.file} < PRESSROOM_* environment < flags; "default" marks a value nobody set\n`);
  const width = Math.min(48, Math.max(...lines.map((l) => l.path.length)));
  for (const l of lines) process.stdout.write(`${l.path.padEnd(width)} = ${JSON.stringify(l.value)}  (${l.source})\n`);
}
