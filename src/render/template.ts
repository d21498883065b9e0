// The document template (templates/document.html) with named slots ({{lang}}, {{head}}, {{app}},
// {{data}}, {{scripts}}), split once into UTF-8 parts and slots: filling it is one Buffer.concat.
// Joining strings copied a two-byte page character by character (0.6 ms a page); encoding the parts
// and concatenating bytes costs a quarter, and bytes are what emit writes.
import { readFile } from 'node:fs/promises';
import { pressroomError } from '../errors/errors.ts';

export const SLOTS = ['lang', 'head', 'app', 'data', 'scripts'] as const;
export type Slot = (typeof SLOTS)[number];
export type SlotValues = Record<Slot, string>;

export interface DocumentTemplate {
  /** Static text and slot names, alternating: text, slot, text, ..., text. */
  readonly parts: readonly string[];
  /** The page as UTF-8 bytes. */
  fill(values: SlotValues): Buffer;
}

export function parseTemplate(text: string, source = 'template'): DocumentTemplate {
  const parts = text.split(/\{\{\s*([a-zA-Z]+)\s*\}\}/);
  const seen = new Set<string>();
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    if (!(SLOTS as readonly string[]).includes(name)) {
      throw pressroomError('PR_CONFIG_INVALID', { where: source, detail: `unknown placeholder {{${name}}} (known: ${SLOTS.join(', ')})` });
    }
    if (seen.has(name)) throw pressroomError('PR_CONFIG_INVALID', { where: source, detail: `placeholder {{${name}}} appears twice` });
    seen.add(name);
  }
  const missing = SLOTS.filter((s) => !seen.has(s));
  if (missing.length) throw pressroomError('PR_CONFIG_INVALID', { where: source, detail: `missing placeholder(s) ${missing.map((m) => `{{${m}}}`).join(', ')}` });
  const bytes = parts.map((p, i) => (i % 2 === 0 ? Buffer.from(p, 'utf8') : null));
  return {
    parts,
    fill(values) {
      const out: Buffer[] = new Array(parts.length);
      for (let i = 0; i < parts.length; i++) out[i] = bytes[i] ?? Buffer.from(values[parts[i] as Slot], 'utf8');
      return Buffer.concat(out);
    },
  };
}

export async function loadTemplate(file: string): Promise<DocumentTemplate> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw pressroomError('PR_CONFIG_READ', { file, detail: (e as Error).message }, e);
  }
  return parseTemplate(text, file);
}
