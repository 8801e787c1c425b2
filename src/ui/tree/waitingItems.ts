/**
 * The rows of "Waiting for a node": one per group of waiting Pods (a workload's Pods that wait for the same
 * reason), worded from the core's catalog (src/core/placement/waitingText.ts) in the display language. Workload
 * names and the scheduler's messages are cluster text: rows show them as text and tooltips escape them.
 */
import * as vscode from 'vscode';
import {
  defaultWaitingStrings,
  groupRowText,
  groupSummary,
  stateAbout,
  type WaitingStrings,
  workloadLabel,
} from '../../core/placement/waitingText';
import { groupReason } from '../../core/placement/waitingGroups';
import type { WaitingElement } from '../../core/placement/waitingTree';
import { localizeCatalog } from '../../core/util/catalog';
import { healthColor, Tooltip } from './treeText';

/** src/core/placement/waitingText.ts in the display language. */
export function localizedWaitingStrings(): WaitingStrings {
  return localizeCatalog(defaultWaitingStrings, (english) => vscode.l10n.t(english));
}

const stateIcons: Record<Extract<WaitingElement, { type: 'waitingGroup' }>['group']['state']['kind'], string> = {
  gated: 'debug-pause',
  notReadyForScheduling: 'debug-pause',
  waitingForGroup: 'organization',
  nominated: 'target',
  unschedulable: 'watch',
  notTried: 'watch',
  otherScheduler: 'person',
};

export function renderWaitingItem(element: WaitingElement): vscode.TreeItem {
  if (element.type === 'waitingMore') {
    const item = new vscode.TreeItem(vscode.l10n.t('{0} more Pods', element.count.toLocaleString()));
    item.description = vscode.l10n.t('cluster-anatomy placement --pending --all lists them');
    return item;
  }
  const { group, answer } = element;
  const strings = localizedWaitingStrings();
  const label = workloadLabel(group);
  const item = new vscode.TreeItem(label);
  item.description = groupRowText(group, answer, strings);
  item.iconPath = new vscode.ThemeIcon(stateIcons[group.state.kind], healthColor('warn'));
  const tooltip = new Tooltip()
    .heading(`${group.namespace}/${group.workload.kind}/${group.workload.name}`)
    .paragraph(`${label}: ${groupSummary(group, answer, strings)}`);
  tooltip.paragraph(stateAbout(group, strings));
  if (group.said) tooltip.line(vscode.l10n.t('The scheduler said'), group.said.message);
  const reason = groupReason(group, answer);
  if (answer)
    tooltip.line(
      vscode.l10n.t('Fits now'),
      answer.feasible === 0
        ? (answer.message ?? vscode.l10n.t('no node of {0}', answer.nodes.toLocaleString()))
        : vscode.l10n.t('{0} of {1} nodes', answer.feasible.toLocaleString(), answer.nodes.toLocaleString()),
    );
  if (reason?.from === 'model')
    tooltip.paragraph(vscode.l10n.t("The reason is the placement model's: the scheduler has not written one for these Pods yet."));
  tooltip.line(vscode.l10n.t('Scheduling signature'), group.signatureId);
  tooltip.paragraph(
    vscode.l10n.t(
      'The Pods of one template share one answer, worked out once. Expand the row for the Pods; expand a Pod to see, node by node, what keeps it off.',
    ),
  );
  item.tooltip = tooltip.markdown;
  item.contextValue = 'clusterAnatomy:waitingGroup';
  return item;
}
