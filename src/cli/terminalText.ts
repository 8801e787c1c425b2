import { maskUrlPassword } from '../core/kubeconfig/redact';
import { escapeActingCharacters } from '../core/util/visibleText';

/**
 * Everything the CLI prints, made safe for a terminal: control characters that a terminal would obey (ESC
 * sequences, C1 controls such as CSI, carriage returns that overwrite a line, bidirectional overrides that
 * reorder it) are shown escaped (`\x1b`, `\u009b`), and a password in a URL is masked as kubectl masks it.
 * Line feeds and tabs stay here, as the commands' own line breaks: a value from a cluster or a file is put on
 * its line with inlineText (src/core/util/visibleText.ts), which escapes its line feeds before it gets here.
 */
export function terminalSafe(text: string): string {
  return maskUrlPassword(escapeActingCharacters(text, { keepLineBreaks: true }));
}

/** A writer that makes everything written through it terminal-safe. */
export function terminalSafeWriter(writer: { write(text: string): unknown }): { write(text: string): unknown } {
  return { write: (text: string) => writer.write(terminalSafe(text)) };
}
