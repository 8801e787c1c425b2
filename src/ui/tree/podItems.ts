import * as vscode from 'vscode';
import { podHealth } from '../../core/anatomy/healthPolicy';
import { defaultDiagramStrings } from '../../core/diagram/strings';
import type { TreeElement } from '../../core/anatomy/treeModel';
import { componentLabel, healthColor, howItRuns, roleText, sourceLabel, Tooltip } from './treeText';

/** The row of a Pod, under its node or under the addon that owns it. */
export function renderPod(element: Extract<TreeElement, { type: 'pod' } | { type: 'addonPod' }>): vscode.TreeItem {
  const { pod } = element;
  const item = new vscode.TreeItem(element.type === 'addonPod' ? pod.pod : componentLabel(pod));
  // A healthy Pod is described by how it runs (or, under an addon, where); a troubled one by its trouble
  // first. Phase and restarts are in the tooltip and the icon's colour.
  const verdict = podHealth(pod);
  const healthy = verdict === 'ok';
  const health = pod.reason ?? (pod.ready || pod.phase === 'Succeeded' ? pod.phase : vscode.l10n.t('{0}, not ready', pod.phase));
  const where = element.type === 'addonPod' ? (element.nodeName ?? '?') : sourceLabel(pod.source);
  // Among replicas of a leader-elected component, which one acts is the deciding fact (how it runs is in the tooltip).
  const how = pod.leadership ? (pod.leadership === 'leader' ? vscode.l10n.t('leader') : vscode.l10n.t('standby')) : where;
  const restarts = pod.restarts > 0 ? ` · ${vscode.l10n.t('{0} restarts', pod.restarts)}` : '';
  item.description = healthy ? `${how}${restarts}` : `${health} · ${how}`;
  item.iconPath = new vscode.ThemeIcon(
    pod.source === 'static' ? 'file-code' : pod.source === 'daemonset' ? 'layers' : 'symbol-class',
    healthColor(verdict),
  );
  const tooltip = new Tooltip()
    .heading(pod.pod)
    .paragraph(roleText(pod.component, pod.cniName))
    .line(vscode.l10n.t(defaultDiagramStrings.cardRunsHere), howItRuns(pod, element.nodeName))
    .line(vscode.l10n.t('Phase'), pod.phase)
    .line(vscode.l10n.t('Ready'), pod.ready ? vscode.l10n.t('yes') : vscode.l10n.t('no'))
    .line(vscode.l10n.t('Restarts'), String(pod.restarts));
  if (pod.reason) tooltip.line(vscode.l10n.t('Reason'), pod.reason);
  if (pod.hostNetwork) tooltip.line('hostNetwork', 'true');
  if (pod.leadership) {
    tooltip.line(
      vscode.l10n.t('Leader election'),
      pod.leadership === 'leader'
        ? vscode.l10n.t('holds the lock (Lease kube-system/{0}): this replica acts', pod.component)
        : vscode.l10n.t('standby: another replica holds the lock (Lease kube-system/{0})', pod.component),
    );
  }
  tooltip.evidence(pod.evidence);
  item.tooltip = tooltip.markdown;
  item.contextValue = `clusterAnatomy:pod+${pod.source}+${pod.component}`;
  return item;
}
