// Static page helpers: a tel: link from a display number, {token} substitution in operator copy.
import type { ReactNode } from 'react';

export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/** Split `text` on {name} tokens; known tokens become their node, unknown ones stay as written. */
export function fillTokens(text: string, tokens: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{(\w+)\}/).map((part, i) => (i % 2 === 1 ? (part in tokens ? <span key={i}>{tokens[part]}</span> : `{${part}}`) : part));
}
