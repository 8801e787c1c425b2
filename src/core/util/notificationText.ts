/**
 * Text from a file or a cluster for a VS Code notification (showErrorMessage and the like), which turns
 * `[label](command:…)` into a link that runs a command and `$(name)` into an icon. Both are broken with an
 * invisible zero-width space, so the text shows as it was typed and does nothing when clicked.
 */
export function plainNotificationText(text: string): string {
  return text.replace(/\]\s*\(/g, (match) => `${match.slice(0, -1)}\u200b(`).replace(/\$\(/g, '$\u200b(');
}
