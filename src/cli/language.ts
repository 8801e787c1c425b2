/**
 * `--lang`: the language the CLI words its catalogs in. English is the catalogs' own; another language is the
 * extension's l10n bundle for it, looked up by the English sentence as vscode.l10n.t looks it up.
 */
import japanese from '../../l10n/bundle.l10n.ja.json';
import { bundleTranslator, type Catalog, localizeCatalog } from '../core/util/catalog';
import { UsageError } from './run';

export const CLI_LANGUAGES = ['en', 'ja'] as const;
export type CliLanguage = (typeof CLI_LANGUAGES)[number];

/** The `--lang` value, English when it is not given. */
export function cliLanguage(value: string | undefined): CliLanguage {
  const language = value ?? 'en';
  if (!(CLI_LANGUAGES as readonly string[]).includes(language)) throw new UsageError(`--lang must be one of ${CLI_LANGUAGES.join(', ')}`);
  return language as CliLanguage;
}

/** A catalog in the language: as it is in English, through the bundle otherwise. */
export function cliCatalog<T extends Catalog>(catalog: T, language: CliLanguage): T {
  return language === 'en' ? catalog : localizeCatalog(catalog, bundleTranslator(japanese));
}
