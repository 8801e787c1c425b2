/**
 * Text from clusters and files shown as what it is: characters that would act instead of show (terminal
 * controls, line breaks that start a new line of output, bidirectional overrides that reorder a line,
 * zero-width characters that hide in a name) are written as escapes (`\n`, `\x1b`, `\u202e`), which are JSON
 * escapes too where JSON leaves the character raw, so JSON output stays valid JSON.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ACTING = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex -- the same, line feeds and tabs aside
const ACTING_BUT_LINE_FEED_AND_TAB = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** Longest value shown on one line before it is cut. */
export const MAX_INLINE_LENGTH = 300;

function escapeCharacter(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  const code = char.charCodeAt(0);
  return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Every acting character escaped; with `keepLineBreaks`, line feeds and tabs stay (a whole report whose lines
 * are its own).
 */
export function escapeActingCharacters(text: string, options: { readonly keepLineBreaks?: boolean } = {}): string {
  return text.replace(options.keepLineBreaks ? ACTING_BUT_LINE_FEED_AND_TAB : ACTING, escapeCharacter);
}

/** `text` cut in the middle to `maxLength` characters, both ends kept, the cut marked with `…`. */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const head = Math.ceil((maxLength - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (maxLength - 1 - head))}`;
}

/**
 * A value from a cluster or a file on one line of output: every acting character escaped (a line feed shows as
 * `\n`, so the value cannot start a line of its own), and a long value cut.
 */
export function inlineText(value: string, maxLength = MAX_INLINE_LENGTH): string {
  return cutText(escapeActingCharacters(value), maxLength);
}

/**
 * The lines of a text report joined, each kept to one line of output whatever its values hold: the report's
 * own line breaks are the ones between the lines, so a line feed inside one came from a value and shows as `\n`.
 */
export function textLines(lines: readonly string[]): string {
  return `${lines.map((line) => escapeActingCharacters(line)).join('\n')}\n`;
}
