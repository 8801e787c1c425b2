/** The hands-on's steps, findings and experiments in the user's language: the core's catalog through vscode.l10n.t. */
import * as vscode from 'vscode';
import { defaultEvidenceStrings } from '../../core/anatomy/strings';
import type { Finding, HandsOnStepId } from '../../core/handsOn/checks';
import type { ExperimentId, ExperimentPlan, ExperimentResult, ExperimentUnavailable } from '../../core/handsOn/experiments';
import * as render from '../../core/handsOn/render';
import { defaultHandsOnStrings, type HandsOnStrings } from '../../core/handsOn/strings';
import { localizeCatalog } from '../../core/util/catalog';

const translate = (english: string) => vscode.l10n.t(english);

/** src/core/handsOn/strings.ts in the display language: the English text is the key in l10n/bundle.l10n.*.json. */
export function localizedHandsOnStrings(): HandsOnStrings {
  return localizeCatalog(defaultHandsOnStrings, translate);
}

export function stepTitle(id: HandsOnStepId): string {
  return render.stepTitle(id, localizedHandsOnStrings());
}

export function findingText(finding: Finding): string {
  return render.findingText(finding, localizedHandsOnStrings(), localizeCatalog(defaultEvidenceStrings, translate));
}

export function experimentTitle(id: ExperimentId): string {
  return render.experimentTitle(id, localizedHandsOnStrings());
}

/** What will happen, said before anything is done. */
export function experimentPrediction(plan: ExperimentPlan): string {
  return render.experimentPrediction(plan, localizedHandsOnStrings());
}

export function experimentUnavailableText(reason: ExperimentUnavailable['unavailable']): string {
  return render.experimentUnavailableText(reason, localizedHandsOnStrings());
}

/** What was seen afterwards. */
export function experimentResultText(result: ExperimentResult): string {
  return render.experimentResultText(result, localizedHandsOnStrings());
}
