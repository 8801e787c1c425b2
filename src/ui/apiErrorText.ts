/** A failed request, or a sentence the core made of one, in the UI's language (the core words it in English). */
import * as vscode from 'vscode';
import { type ApiErrorStrings, defaultApiErrorStrings, localizeApiErrorText } from '../core/kube/apiErrorText';
import { localizeCatalog } from '../core/util/catalog';
import { errorMessage } from '../core/util/errors';

let localized: ApiErrorStrings | undefined;

function apiErrorStrings(): ApiErrorStrings {
  localized ??= localizeCatalog(defaultApiErrorStrings, (english) => vscode.l10n.t(english));
  return localized;
}

/** A message that reached the UI as text (a report's error, a status's message), translated where it is one of the core's sentences. */
export function localErrorText(text: string): string {
  return localizeApiErrorText(text, apiErrorStrings());
}

/** What went wrong, for a person: plain words for a refusal, in the UI's language. */
export function localErrorMessage(error: unknown): string {
  return localErrorText(errorMessage(error));
}
