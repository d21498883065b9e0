// Tests compare warnings as the text line shows them, `CODE: message`.
import { warning, type Warn, type Warning } from '../../src/errors/warnings.ts';

export const warningLine = (w: Warning) => `${w.code}: ${w.message}`;

/** A Warn that records each warning in `list` as `CODE: message`. */
export const warnInto = (list: string[]): Warn => (code, params, route) => void list.push(warningLine(warning(code, params, route)));
