import { cutText, escapeActingCharacters } from './visibleText';

/** Longest text a notification or a dialog shows from a cluster or a file before it is cut. */
const MAX_NOTIFICATION_TEXT = 1_000;

/**
 * Text from a file or a cluster for a VS Code notification or dialog (showErrorMessage and the like), made
 * plain: line breaks, bidirectional overrides and zero-width characters, which could make a context's name read
 * as another's, show as escapes (`\n`, `\u202e`); a long text is cut. VS Code turns `[label](command:…)` into a
 * link that runs a command and `$(name)` into an icon: both are broken with an invisible zero-width space, so the
 * text shows as it was typed and does nothing when clicked. Plain text passed again stays as it is.
 */
export function plainNotificationText(text: string, maxLength = MAX_NOTIFICATION_TEXT): string {
  // The one zero-width space kept is the one this function puts before `(`: the text may have been made plain before.
  const escaped = escapeActingCharacters(text.replace(/\u200b\(/g, '('))
    .replace(/\]\s*\(/g, (match) => `${match.slice(0, -1)}\u200b(`)
    .replace(/\$\(/g, '$\u200b(');
  return cutText(escaped, maxLength);
}
