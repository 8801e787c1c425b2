import { maskUrlPassword } from '../core/kubeconfig/redact';

/**
 * Text from clusters and files made safe to print: control characters that a terminal would obey (ESC
 * sequences, C1 controls such as CSI, carriage returns that overwrite a line, bidirectional overrides that
 * reorder it) are shown escaped (`\x1b`, `\u009b`), and a password in a URL is masked as kubectl masks it.
 * Line feeds and tabs stay. The escapes for characters JSON leaves raw (DEL, C1, bidi) are JSON escapes too,
 * so JSON output stays valid JSON.
 */
export function terminalSafe(text: string): string {
  return maskUrlPassword(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => {
      const code = char.charCodeAt(0);
      return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    }),
  );
}

/** A writer that makes everything written through it terminal-safe. */
export function terminalSafeWriter(writer: { write(text: string): unknown }): { write(text: string): unknown } {
  return { write: (text: string) => writer.write(terminalSafe(text)) };
}
