/**
 * The rows of a kube-system Pod waiting for a node: what the scheduler said, where it fits now, and, node by
 * node, the first filter that keeps it off (the placement model over the live cluster). Under a bound Pod the
 * user asked "Why on this node?" about: where it fits now, the nodes it does not, and what the default scores
 * weigh on each node it fits (the scores themselves cannot be read).
 */
import * as vscode from 'vscode';
import type { TreeElement } from '../../core/anatomy/treeModel';
import type { PodPlacement } from '../../core/workspace/placementMonitor';
import { conditionNotesText, notJudgedText } from '../../core/placement/strings';
import type { WhyThisNode } from '../../core/placement/whyNode';
import { SUGGESTIONS_SHOWN } from '../../core/placement/suggest';
import { type WhyNodeSection, whyNodeParts } from '../../core/placement/whyNodeText';
import { localizedPlacementStrings, rejectedNodeText } from '../placementText';
import { healthColor, Tooltip } from './treeText';
import type { CannotSuggest, PlacementSuggestion } from '../../core/placement/suggest';
import { type EditOperation, jsonPatchText } from '../../core/placement/suggestEdit';
import { cannotSuggestText, changesText, suggestionText } from '../../core/placement/suggestText';
import { format } from '../../core/util/catalog';

/** Nodes listed under a Pod before the rest is summed up (the tree's limit on children). */
const NODE_ROWS = 199;

export type PlacementElement =
  | { readonly type: 'placementSaid'; readonly id: string; readonly reason: string | null; readonly message: string }
  | { readonly type: 'placementFits'; readonly id: string; readonly placement: PodPlacement }
  | { readonly type: 'placementNode'; readonly id: string; readonly verdict: PodPlacement['report']['nodes'][number] }
  | { readonly type: 'placementMore'; readonly id: string; readonly count: number }
  | { readonly type: 'placementPending'; readonly id: string; readonly error?: string }
  | { readonly type: 'placementWhy'; readonly id: string; readonly why: WhyThisNode }
  | { readonly type: 'placementWhySection'; readonly id: string; readonly section: WhyNodeSection }
  | {
      readonly type: 'placementSuggestion';
      readonly id: string;
      readonly suggestion: PlacementSuggestion;
      /** The edit of `editOf` that makes it; undefined when it is not an edit of it (a host port another Pod holds). */
      readonly edit: readonly EditOperation[] | undefined;
      readonly editOf: string | undefined;
    }
  | { readonly type: 'placementCannotSuggest'; readonly id: string; readonly note: CannotSuggest | 'none' };

export const isPlacementElement = (element: { readonly type: string }): element is PlacementElement => element.type.startsWith('placement');

/** The children of a waiting Pod, once its placement is known (or while it is being worked out). */
export function placementChildren(
  parentId: string,
  pod: Extract<TreeElement, { type: 'unscheduledPod' }>['pod'],
  placement: PodPlacement | 'loading' | { error: string },
): PlacementElement[] {
  const rows: PlacementElement[] = [];
  const said = pod.notScheduled?.message;
  if (said) rows.push({ type: 'placementSaid', id: `${parentId}/said`, reason: pod.notScheduled?.reason ?? null, message: said });
  if (placement === 'loading') return [...rows, { type: 'placementPending', id: `${parentId}/pending` }];
  if ('error' in placement) return [...rows, { type: 'placementPending', id: `${parentId}/pending`, error: placement.error }];
  rows.push({ type: 'placementFits', id: `${parentId}/fits`, placement });
  // What would make it fit, right under "Fits now: no node": the question a waiting Pod raises.
  const suggested = placement.suggestions;
  if (suggested) {
    suggested.suggestions.slice(0, SUGGESTIONS_SHOWN).forEach((suggestion, index) =>
      rows.push({
        type: 'placementSuggestion',
        id: `${parentId}/suggest/${index}`,
        suggestion,
        edit: placement.suggestedEdits?.edits[index],
        editOf: placement.suggestedEdits?.editOf,
      }),
    );
    if (suggested.suggestions.length === 0 && placement.report.feasible.length === 0)
      rows.push({ type: 'placementCannotSuggest', id: `${parentId}/suggest/none`, note: 'none' });
    suggested.cannot.forEach((note, index) =>
      rows.push({ type: 'placementCannotSuggest', id: `${parentId}/suggest/cannot/${index}`, note }),
    );
  }
  // The nodes it does not fit first (why it waits), then those it fits.
  const verdicts = [...placement.report.nodes].sort((a, b) => Number(a.feasible === true) - Number(b.feasible === true));
  for (const verdict of verdicts.slice(0, NODE_ROWS)) rows.push({ type: 'placementNode', id: `${parentId}/node/${verdict.node}`, verdict });
  if (verdicts.length > NODE_ROWS) rows.push({ type: 'placementMore', id: `${parentId}/more`, count: verdicts.length - NODE_ROWS });
  return rows;
}

/** The children of a bound Pod the user asked "Why on this node?" about. */
export function boundPlacementChildren(parentId: string, placement: PodPlacement): PlacementElement[] {
  const { report } = placement;
  const rows: PlacementElement[] = [{ type: 'placementFits', id: `${parentId}/fits`, placement }];
  // The nodes it does not fit (or cannot be judged on); those it fits are weighed below.
  const others = report.nodes.filter((verdict) => verdict.feasible !== true);
  for (const verdict of others.slice(0, NODE_ROWS)) rows.push({ type: 'placementNode', id: `${parentId}/node/${verdict.node}`, verdict });
  if (others.length > NODE_ROWS) rows.push({ type: 'placementMore', id: `${parentId}/more`, count: others.length - NODE_ROWS });
  const why = report.whyThisNode;
  if (!why) return rows;
  rows.push({ type: 'placementWhy', id: `${parentId}/why`, why });
  for (const section of whyNodeParts(why, localizedPlacementStrings()).sections)
    rows.push({ type: 'placementWhySection', id: `${parentId}/why/${section.kind}`, section });
  return rows;
}

/** A section's short name in the tree; its full title is the tooltip's heading. */
function sectionLabel(kind: WhyNodeSection['kind']): string {
  switch (kind) {
    case 'replicas':
      return vscode.l10n.t('Other replicas');
    case 'room':
      return vscode.l10n.t('Room left');
    case 'spread':
      return vscode.l10n.t('Topology spread');
    case 'preferred':
      return vscode.l10n.t('Preferred affinities');
    case 'taints':
      return vscode.l10n.t('PreferNoSchedule taints');
  }
}

const sectionIcons: Record<WhyNodeSection['kind'], string> = {
  replicas: 'copy',
  room: 'dashboard',
  spread: 'type-hierarchy-sub',
  preferred: 'heart',
  taints: 'warning',
};

export function renderUnscheduledPod(element: Extract<TreeElement, { type: 'unscheduledPod' }>): vscode.TreeItem {
  const { pod } = element;
  const item = new vscode.TreeItem(pod.pod);
  item.description = pod.notScheduled?.reason ? `${pod.phase} · ${pod.notScheduled.reason}` : pod.phase;
  item.iconPath = new vscode.ThemeIcon('watch', healthColor('warn'));
  const tooltip = new Tooltip()
    .heading(pod.pod)
    .paragraph(
      vscode.l10n.t('No node runs this Pod yet: the scheduler has not placed it. Expand it to see, node by node, what keeps it off.'),
    );
  if (pod.notScheduled?.message) tooltip.line(vscode.l10n.t('The scheduler said'), pod.notScheduled.message);
  item.tooltip = tooltip.markdown;
  item.contextValue = 'clusterAnatomy:pod+unscheduled';
  return item;
}

export function renderPlacementItem(element: PlacementElement): vscode.TreeItem {
  switch (element.type) {
    case 'placementSaid': {
      const item = new vscode.TreeItem(vscode.l10n.t('The scheduler said'));
      item.description = element.message;
      item.iconPath = new vscode.ThemeIcon('comment', healthColor('warn'));
      item.tooltip = new Tooltip()
        .heading(vscode.l10n.t('The scheduler said'))
        .paragraph(element.message)
        .line(vscode.l10n.t('Reason'), element.reason ?? '').markdown;
      return item;
    }
    case 'placementFits': {
      const { report } = element.placement;
      const total = report.nodes.length;
      const item = new vscode.TreeItem(vscode.l10n.t('Fits now'));
      item.description =
        report.feasible.length === 0
          ? vscode.l10n.t('no node of {0}', total)
          : vscode.l10n.t(
              '{0} of {1} nodes: {2}',
              report.feasible.length,
              total,
              report.feasible.slice(0, 3).join(', ') + (report.feasible.length > 3 ? ', …' : ''),
            );
      item.iconPath = new vscode.ThemeIcon(
        report.feasible.length > 0 ? 'pass' : 'error',
        healthColor(report.feasible.length > 0 ? 'ok' : 'error'),
      );
      const tooltip = new Tooltip().heading(vscode.l10n.t("Where it fits now, by the scheduler's filters"));
      if (report.message) tooltip.line(vscode.l10n.t('As the scheduler would say it now'), report.message);
      if (element.placement.boundPodsError)
        tooltip.line(
          vscode.l10n.t('Not known'),
          vscode.l10n.t('the Pods on each node could not be read: {0}', element.placement.boundPodsError),
        );
      // Under a bound Pod the scores are spoken of once, on the row that says why this node.
      for (const note of report.notJudged)
        if (!(report.whyThisNode && note.kind === 'scores'))
          tooltip.line(vscode.l10n.t('Not judged'), notJudgedText(note, localizedPlacementStrings()));
      item.tooltip = tooltip.markdown;
      return item;
    }
    case 'placementNode': {
      const { verdict } = element;
      const item = new vscode.TreeItem(verdict.node);
      const first = verdict.failures[0];
      if (verdict.feasible === true) {
        item.description = vscode.l10n.t('fits');
        item.iconPath = new vscode.ThemeIcon('pass', healthColor('ok'));
      } else if (first) {
        item.description = `${first.filter}: ${first.evidence.map((evidence) => rejectedNodeText(verdict.node, evidence)).join('; ')}`;
        item.iconPath = new vscode.ThemeIcon('circle-slash', healthColor('error'));
      } else {
        item.description = vscode.l10n.t('not known: {0}', verdict.unknown.join(', '));
        item.iconPath = new vscode.ThemeIcon('question', healthColor('unknown'));
      }
      const tooltip = new Tooltip().heading(verdict.node);
      for (const failure of verdict.failures)
        tooltip.line(
          failure.filter,
          `${failure.evidence.map((evidence) => rejectedNodeText(verdict.node, evidence)).join('; ')} (${failure.reasons.join(', ')})`,
        );
      if (verdict.conditionNotes.length > 0)
        tooltip.line(vscode.l10n.t('Node'), conditionNotesText(verdict.conditionNotes, localizedPlacementStrings()));
      item.tooltip = tooltip.markdown;
      return item;
    }
    case 'placementMore': {
      const item = new vscode.TreeItem(vscode.l10n.t('{0} more nodes', element.count.toLocaleString()));
      item.description = vscode.l10n.t('cluster-anatomy placement --all lists them');
      return item;
    }
    case 'placementWhy': {
      const parts = whyNodeParts(element.why, localizedPlacementStrings());
      const item = new vscode.TreeItem(parts.heading);
      item.description = parts.notReadable;
      item.iconPath = new vscode.ThemeIcon('info');
      item.tooltip = new Tooltip().heading(parts.heading).paragraph(parts.notReadable).markdown;
      return item;
    }
    case 'placementWhySection': {
      const { section } = element;
      const item = new vscode.TreeItem(sectionLabel(section.kind));
      item.description = section.summary ?? (section.rows.length > 0 ? section.rows.join(' · ') : section.title);
      item.iconPath = new vscode.ThemeIcon(sectionIcons[section.kind]);
      const tooltip = new Tooltip().heading(section.title);
      for (const row of section.rows) tooltip.bullet(row);
      item.tooltip = tooltip.markdown;
      return item;
    }
    case 'placementSuggestion': {
      const strings = localizedPlacementStrings();
      const { suggestion } = element;
      const item = new vscode.TreeItem(changesText(suggestion.changes, strings));
      item.description = vscode.l10n.t(
        '{0} of {1} nodes: {2}',
        suggestion.fits.length,
        suggestion.total,
        suggestion.fits.slice(0, 3).join(', ') + (suggestion.fits.length > 3 ? ', …' : ''),
      );
      item.iconPath = new vscode.ThemeIcon('lightbulb', healthColor('ok'));
      const tooltip = new Tooltip().heading(strings.suggestHeading).paragraph(suggestionText(suggestion, strings));
      if (element.edit && element.editOf) tooltip.paragraph(format(strings.suggestEdit, element.editOf, jsonPatchText(element.edit)));
      else
        tooltip.paragraph(
          suggestion.changes.some((change) => change.kind === 'freeHostPort') ? strings.suggestEditOther : strings.suggestEditNone,
        );
      item.tooltip = tooltip.markdown;
      return item;
    }
    case 'placementCannotSuggest': {
      const strings = localizedPlacementStrings();
      const text = element.note === 'none' ? strings.suggestNone : cannotSuggestText(element.note, strings);
      const item = new vscode.TreeItem(vscode.l10n.t('What would make it fit'));
      item.description = text;
      item.iconPath = new vscode.ThemeIcon('info');
      item.tooltip = new Tooltip().heading(vscode.l10n.t('What would make it fit')).paragraph(text).markdown;
      return item;
    }
    case 'placementPending': {
      const item = new vscode.TreeItem(
        element.error ? vscode.l10n.t('Where it fits: not known') : vscode.l10n.t('Working out where it fits…'),
      );
      if (element.error) item.description = element.error;
      item.iconPath = new vscode.ThemeIcon(element.error ? 'warning' : 'loading~spin');
      return item;
    }
  }
}
