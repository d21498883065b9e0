// zod issues -> problems an operator can act on: the key's path, the value's source (file, variable,
// flag), what is wrong in plain words, and a suggestion. All are reported at once.
import type { z } from 'zod';
import { closest } from './suggest.ts';
import { configJsonSchema, keyPaths, keysOf, nodeAt, typePhrase } from './schema-info.ts';

export interface ConfigProblem {
  /** `crawl.concurrency`, `about.team[2].name` */
  path: string;
  /** `config/site.json`, `PRESSROOM_CONCURRENCY`, `--concurrency` */
  source: string;
  message: string;
  suggestion?: string;
}

/** `crawl.concurrency`, `about.team[2].name`; `(root)` for the whole file. */
export function keyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : `${out === '' ? '' : '.'}${String(seg)}`;
  return out === '' ? '(root)' : out;
}

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
/** zod's own messages start like this; the schema's custom ones name what is expected. */
const GENERATED = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

export function toProblems(issues: readonly z.core.$ZodIssue[], sourceOf: (path: readonly PropertyKey[]) => string): ConfigProblem[] {
  return issues.flatMap((issue): ConfigProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const path = [...issue.path, key];
        return { path: keyPath(path), source: sourceOf(path), message: 'unknown key', suggestion: suggestKey(issue.path, key) };
      });
    }
    const node = nodeAt(issue.path);
    const input = (issue as { input?: unknown }).input;
    const base = { path: keyPath(issue.path), source: sourceOf(issue.path) };
    // Refinements phrase what they expect ("expected 301, 302, ..."); cross-key rules are whole sentences.
    if (issue.code === 'custom') return [{ ...base, message: issue.message.startsWith('expected ') ? `${issue.message}, got ${show(input)}` : issue.message }];
    if (issue.code === 'invalid_type' && input === undefined) return [{ ...base, message: 'missing (required)', suggestion: `set it to ${typePhrase(node)}` }];
    const expected = GENERATED.test(issue.message) ? typePhrase(node) : issue.message.replace(/^expected /, '');
    const problem: ConfigProblem = { ...base, message: `expected ${expected}, got ${show(input)}` };
    const suggestion = issue.code === 'invalid_value' && typeof input === 'string' ? suggestValue(input, issue.values) : defaultNote(node);
    if (suggestion) problem.suggestion = suggestion;
    return [problem];
  });
}

function suggestKey(parent: readonly PropertyKey[], key: string): string | undefined {
  const siblings = keysOf(nodeAt(parent));
  const near = closest(key, siblings);
  if (near !== undefined) return `did you mean "${near}"?`;
  // The right name in the wrong place: `concurrency` at the top instead of under crawl.
  const lower = key.toLowerCase();
  const elsewhere = keyPaths(configJsonSchema()).filter((p) => p.path.split('.').at(-1)!.toLowerCase() === lower && !p.path.includes('[]'));
  if (elsewhere.length) return `did you mean ${elsewhere.map((p) => p.path).join(' or ')}?`;
  return siblings.length ? `known keys here: ${siblings.join(', ')}` : undefined;
}

function suggestValue(input: string, values: readonly unknown[]): string | undefined {
  const near = closest(input, values.filter((v): v is string => typeof v === 'string'));
  return near === undefined ? undefined : `did you mean "${near}"?`;
}

function defaultNote(node: ReturnType<typeof nodeAt>): string | undefined {
  if (!node || !('default' in node) || typeof node.default === 'object') return undefined;
  return `the default is ${JSON.stringify(node.default)}`;
}

/** One line per problem: `crawl.concurrency (PRESSROOM_CONCURRENCY): expected ..., got "abc"; did you mean ...` */
export function problemLine(p: ConfigProblem): string {
  return `${p.path} (${p.source}): ${p.message}${p.suggestion ? `; ${p.suggestion}` : ''}`;
}
