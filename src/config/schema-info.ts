// The configuration's JSON Schema (from zod) and what the loader and docs read from it: the node at a
// key path, an object's keys, a plain-English phrase for a type ("an integer from 1 to 256"). One
// source for error messages, config/site.schema.json and docs/configuration.md.
import { once } from '../runtime/once.ts';
import { z } from 'zod';
import { configSchema } from './schema.ts';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  [k: string]: unknown;
};

/** The JSON Schema of a configuration file (input side). Made once: a pure function of the code. */
export const configJsonSchema: () => JsonSchema = once(() => ({
  ...(z.toJSONSchema(configSchema, {
    io: 'input',
    target: 'draft-2020-12',
    // zod names its startsWith check as a format no validator knows; the pattern beside it says the same.
    override: (ctx) => {
      if (ctx.jsonSchema.format === 'starts_with') delete ctx.jsonSchema.format;
    },
  }) as JsonSchema),
  title: 'Pressroom site configuration',
}));

/** The schema of the key at `path` (object keys and array indexes), or undefined. */
export function nodeAt(path: readonly PropertyKey[], root: JsonSchema = configJsonSchema()): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const seg of path) {
    if (!node) return undefined;
    node = step(node, seg);
  }
  return node;
}

function step(node: JsonSchema, seg: PropertyKey): JsonSchema | undefined {
  if (node.anyOf) {
    for (const alt of node.anyOf) {
      const next = step(alt, seg);
      if (next) return next;
    }
    return undefined;
  }
  if (typeof seg === 'number') return node.items;
  return node.properties?.[String(seg)];
}

/** The keys an object node allows. */
export function keysOf(node: JsonSchema | undefined): string[] {
  if (!node) return [];
  if (node.anyOf) return node.anyOf.flatMap(keysOf);
  return Object.keys(node.properties ?? {});
}

/** Every key path of the schema, parents before children; arrays of objects as `list[].key`. */
export function keyPaths(node: JsonSchema = configJsonSchema(), prefix = ''): { path: string; node: JsonSchema }[] {
  const out: { path: string; node: JsonSchema }[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push({ path, node: child }, ...childPaths(child, path));
  }
  return out;
}

/** The key paths below a node: an object's keys, or the keys of a list's objects as `path[].key`. */
export function childPaths(node: JsonSchema, path: string): { path: string; node: JsonSchema }[] {
  const obj = objectOf(node);
  if (obj) return keyPaths(obj, path);
  const items = node.type === 'array' && node.items ? objectOf(node.items) : undefined;
  return items ? keyPaths(items, `${path}[]`) : [];
}

const objectOf = (n: JsonSchema): JsonSchema | undefined => (n.type === 'object' && n.properties ? n : n.anyOf?.find((a) => a.type === 'object' && a.properties) ?? variantsOf(n));

/**
 * A list of objects told apart by `type` (deploy targets, purges: a oneOf) as one object for the
 * docs: every variant's keys, `type` as the enum of their values; a key's first variant describes it.
 */
function variantsOf(n: JsonSchema): JsonSchema | undefined {
  const variants = (n.oneOf as JsonSchema[] | undefined)?.filter((v) => v.type === 'object' && v.properties);
  if (!variants?.length) return undefined;
  const properties: Record<string, JsonSchema> = {};
  for (const v of variants) for (const [k, p] of Object.entries(v.properties!)) properties[k] ??= p;
  const types = variants.map((v) => v.properties!.type?.const).filter((t) => t !== undefined);
  if (types.length) properties.type = { type: 'string', enum: types, description: 'What kind it is; the other keys depend on it.' };
  return { type: 'object', properties };
}

const show = (v: unknown) => JSON.stringify(v);

/** "an integer from 1 to 256", "an http(s) URL or null", "one of \"netlify\", \"s3\"" */
export function typePhrase(node: JsonSchema | undefined): string {
  if (!node) return 'a valid value';
  if (node.anyOf) return node.anyOf.map(typePhrase).join(' or ');
  if (node.oneOf) return variantsOf(node) ? 'an object' : 'a valid value';
  if ('const' in node) return show(node.const);
  if (Array.isArray(node.type)) return node.type.map((type) => typePhrase({ ...node, type })).join(' or ');
  if (node.enum) return node.enum.length === 1 ? show(node.enum[0]) : `one of ${node.enum.map(show).join(', ')}`;
  switch (node.type) {
    case 'null':
      return 'null';
    case 'boolean':
      return 'true or false';
    case 'integer':
    case 'number':
      return `${node.type === 'integer' ? 'an integer' : 'a number'}${range(node)}`;
    case 'string':
      if (node.format === 'uri') return 'an http(s) URL';
      if (node.format === 'email') return 'an e-mail address';
      if (node.pattern === '^\\/.*' || node.pattern === '^/.*') return 'a path starting with /';
      return node.minLength ? 'a non-empty string' : 'a string';
    case 'array':
      return `a list${node.items ? ` of ${plural(typePhrase(node.items))}` : ''}`;
    case 'object':
      return 'an object';
    default:
      return 'a valid value';
  }
}

function range(node: JsonSchema): string {
  // zod writes the safe-integer bounds on every integer; they are no real limit.
  const min = node.minimum === -Number.MAX_SAFE_INTEGER ? undefined : node.minimum;
  const max = node.maximum === Number.MAX_SAFE_INTEGER ? undefined : node.maximum;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** "an integer from 1 to 256" -> "integers from 1 to 256" (enough for the phrases above). */
function plural(phrase: string): string {
  if (phrase.startsWith('one of ')) return `values (${phrase})`;
  const bare = phrase.replace(/^(an?|the) /, '');
  const [head, ...rest] = bare.split(' ');
  const s = (w: string) => (w.endsWith('s') ? `${w}es` : `${w}s`);
  if (head === 'http(s)' || head === 'e-mail' || head === 'non-empty') return [head, s(rest[0]), ...rest.slice(1)].join(' ');
  if (head === 'list') return `lists ${rest.join(' ')}`.trim();
  if (head === 'true') return 'booleans';
  return [s(head), ...rest].join(' ');
}
