/**
 * Text from outside (mail, server replies, error messages that quote them) made storable:
 * PostgreSQL refuses U+0000 in `text` and in `jsonb` ("invalid byte sequence", "unsupported
 * Unicode escape sequence"), and `jsonb` refuses the `\udXXX` escape of a lone surrogate
 * that JSON.stringify writes for one. A NUL is dropped; a lone surrogate becomes U+FFFD.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` without NULs and lone surrogates; cut to at most `max` UTF-16 units (never inside a pair). */
export function pgText(s: string, max = Number.POSITIVE_INFINITY): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what PostgreSQL refuses.
  let out = s.replace(/\u0000/g, '');
  if (out.length > max) out = out.slice(0, max);
  return out.replace(LONE_SURROGATE, '\uFFFD');
}

/** pgText for a value that may be absent. */
export const pgTextOrNull = (s: string | null | undefined, max?: number): string | null =>
  s === null || s === undefined ? null : pgText(s, max);

/** The message of anything thrown, storable (see pgText). */
export const pgErrorText = (err: unknown, max = 2000): string => pgText(err instanceof Error ? err.message : String(err), max);
