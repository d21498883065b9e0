// The document template (templates/document.html) with named placeholders
// ({{lang}}, {{head}}, {{app}}, {{data}}, {{scripts}}). It is split once into
// static parts and slots, so filling it per route is one array join: no regex
// over the page, no re-reading the file (architecture, "Where the time goes").
import { readFile } from 'node:fs/promises';
import { pressroomError } from '../core/errors.ts';

export const SLOTS = ['lang', 'head', 'app', 'data', 'scripts'] as const;
export type Slot = (typeof SLOTS)[number];
export type SlotValues = Record<Slot, string>;

export interface DocumentTemplate {
  /** Static text and slot names, alternating: text, slot, text, ..., text. */
  readonly parts: readonly string[];
  fill(values: SlotValues): string;
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
  return {
    parts,
    fill(values) {
      const out = parts.slice();
      for (let i = 1; i < out.length; i += 2) out[i] = values[out[i] as Slot];
      return out.join('');
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
