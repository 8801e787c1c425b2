/**
 * Text from a file or a cluster as Markdown that renders literally: the characters that open markup
 * (emphasis, code, links, HTML and entities, table cells, strikethrough, `$(icon)`) are backslash-escaped,
 * a leading block marker (#, list bullets and numbers, =) too, and line breaks are folded, so a value can
 * neither format nor start a new block. Names stay readable (`kube-apiserver`, not `kube\-apiserver`).
 * `autolinks: false` also breaks what GFM turns into links by itself (`scheme:`, `www.`, `user@host`), for text
 * that VS Code renders (hovers, tooltips): a URL in cluster data stays text.
 */
export function escapeMarkdown(text: string, options: { readonly autolinks?: boolean } = {}): string {
  const specials = options.autolinks === false ? /[\\`*_[\]<>|&~$:@]/g : /[\\`*_[\]<>|&~$]/g;
  const escaped = text.replace(/\r?\n|\r/g, ' ').replace(specials, '\\$&');
  return (options.autolinks === false ? escaped.replace(/\b(www)\./gi, '$1\\.') : escaped).replace(
    /^(\s*)([#+=-]|\d+[.)])/,
    (_match, space: string, marker: string) => `${space}${marker.slice(0, -1)}\\${marker.slice(-1)}`,
  );
}
