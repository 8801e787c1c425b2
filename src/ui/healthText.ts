/** The health report's problems, comparisons and notes in the user's language: the core's catalog through vscode.l10n.t. */
import * as vscode from 'vscode';
import { type HealthProblem, healthProblemText } from '../core/health/render';
import { defaultHealthStrings, type HealthStrings } from '../core/health/strings';
import { type SkewComparison, skewComparisonText } from '../core/health/versionSkew';
import { localizeCatalog, translateKnown } from '../core/util/catalog';

/** src/core/health/strings.ts in the display language: the English text is the key in l10n/bundle.l10n.*.json. */
export function localizedHealthStrings(): HealthStrings {
  return localizeCatalog(defaultHealthStrings, (english) => vscode.l10n.t(english));
}

export function skewComparisonLabel(comparison: SkewComparison): string {
  return skewComparisonText(comparison, localizedHealthStrings());
}

export function healthProblemLabel(problem: HealthProblem): string {
  return healthProblemText(problem, localizedHealthStrings(), (endpoint) => `/${endpoint}`);
}

/** A note of the report (why a lock is missing, what the API does not show) in the display language; other text as it is. */
export function healthNoteLabel(note: string): string {
  return translateKnown(note, defaultHealthStrings, localizedHealthStrings());
}
