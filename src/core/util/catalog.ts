/**
 * Catalogs: each feature keeps its sentences once, in English, keyed, with {0}, {1}, … placeholders as
 * vscode.l10n.t has them. The English text is the key of l10n/bundle.l10n.*.json: the extension translates a
 * catalog with vscode.l10n.t, the CLI with the same bundle (`--lang`), and the renderers fill the result.
 */

export type Catalog = Readonly<Record<string, string>>;

/** `template` with {0}, {1}, … filled; a placeholder without a value stays as written. */
export function format(template: string, ...values: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) =>
    values[Number(index)] === undefined ? whole : String(values[Number(index)]),
  );
}

/** The catalog with each sentence passed through `translate` (which gets the English, placeholders unfilled). */
export function localizeCatalog<T extends Catalog>(catalog: T, translate: (english: string) => string): T {
  const strings: Record<string, string> = {};
  for (const [key, english] of Object.entries(catalog)) strings[key] = translate(english);
  return strings as T;
}

/** A translation by an l10n bundle: the bundle's sentence where it has one, the English otherwise. */
export function bundleTranslator(bundle: Readonly<Record<string, unknown>>): (english: string) => string {
  return (english) => {
    const translated = bundle[english];
    return typeof translated === 'string' ? translated : english;
  };
}

/**
 * `text` in the language of `localized` when it is one of the English catalog's sentences without placeholders
 * (a note a report carries in English), and as it is otherwise (cluster text, an error message).
 */
export function translateKnown<T extends Catalog>(text: string, english: T, localized: T): string {
  const key = Object.keys(english).find((candidate) => english[candidate] === text);
  return key === undefined ? text : (localized[key] ?? text);
}
