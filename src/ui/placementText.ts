/**
 * The manifest hover's placement part in the user's language, as hover Markdown. Node names, label values, taint
 * keys, Pod names and error messages are cluster data: each is escaped before it joins a sentence, so it renders
 * as text and never as markup or a link.
 */
import * as vscode from 'vscode';
import { type FilterEvidence, spreadSkewOf, taintText, unrequestedText } from '../core/placement/filters';
import type { PlacementHover, PlacementHoverAnswer, RejectedNode } from '../core/placement/hoverAnswer';
import { escapeMarkdown } from '../core/util/markdown';

/** Cluster or file text as literal Markdown. */
const text = (value: string | number) => escapeMarkdown(String(value), { autolinks: false });

const list = (names: readonly string[], more: number): string => {
  const shown = names.map(text).join(', ');
  return more > 0 ? vscode.l10n.t('{0}, … and {1} more', shown, more) : shown;
};

/** Why a node does not fit, with the node as the subject; one wording per kind of evidence (hover Markdown). */
export function rejectedNodeLabel({ node: rawNode, filter, evidence }: RejectedNode): string {
  const node = text(rawNode);
  if (!evidence) return vscode.l10n.t('{0} does not pass {1}', node, text(filter));
  return evidenceLabel(node, evidence, text);
}

/** The same sentence as plain text, for tree rows and the diagram (which draw text, never markup). */
export function rejectedNodeText(node: string, evidence: FilterEvidence): string {
  return evidenceLabel(node, evidence, String);
}

function evidenceLabel(node: string, evidence: FilterEvidence, text: (value: string | number) => string): string {
  switch (evidence.kind) {
    case 'unschedulable':
      return vscode.l10n.t('{0} is cordoned (spec.unschedulable)', node);
    case 'nodeName':
      return vscode.l10n.t('{0} is not the node spec.nodeName names ({1})', node, text(evidence.wanted));
    case 'taint':
      return vscode.l10n.t('{0} has the taint {1}, not tolerated', node, text(taintText(evidence.taint)));
    case 'nodeSelector':
      return evidence.actual === null
        ? vscode.l10n.t('{0} has no label {1} (nodeSelector {1}={2})', node, text(evidence.key), text(evidence.wanted))
        : vscode.l10n.t('{0} has {1}={2}, not {3} (nodeSelector)', node, text(evidence.key), text(evidence.actual), text(evidence.wanted));
    case 'nodeAffinity':
      if (evidence.terms === 0) return vscode.l10n.t('{0}: the required node affinity has no terms, which matches no node', node);
      return evidence.firstFailing
        ? vscode.l10n.t('{0} matches none of the {1} required node affinity terms ({2})', node, evidence.terms, text(evidence.firstFailing))
        : vscode.l10n.t('{0} matches none of the {1} required node affinity terms', node, evidence.terms);
    case 'hostPort':
      return vscode.l10n.t('{0}: host port {1} is taken by {2}', node, text(`${evidence.port.port}/${evidence.port.protocol}`), text(evidence.usedBy));
    case 'tooManyPods':
      return vscode.l10n.t('{0} already runs {1} Pods and allows {2}', node, evidence.pods, evidence.allowed);
    case 'insufficient': {
      const amounts = unrequestedText(evidence);
      return vscode.l10n.t('{0} has {1} of {2} {3} unrequested, the Pod requests {4}', node, text(amounts.free), text(amounts.allocatable), text(evidence.resource), text(amounts.requested));
    }
    case 'spreadLabelMissing':
      return vscode.l10n.t('{0} has no label {1}, which a topology spread constraint needs', node, text(evidence.topologyKey));
    case 'spreadSkew':
      return vscode.l10n.t(
        '{0}: {1} has {2} matching Pods; with this one it would be {3} above the least loaded domain ({4}), more than maxSkew {5}',
        node,
        text(`${evidence.topologyKey}=${evidence.domain}`),
        evidence.matching,
        spreadSkewOf(evidence),
        evidence.minimum,
        evidence.maxSkew,
      );
    case 'affinity':
      return evidence.domain === null
        ? vscode.l10n.t("{0} has no label {1}, the required Pod affinity's topology key", node, text(evidence.topologyKey))
        : vscode.l10n.t('{0}: no Pod the required Pod affinity selects runs in {1}', node, text(`${evidence.topologyKey}=${evidence.domain}`));
    case 'antiAffinity':
      return vscode.l10n.t("{0}: {1} runs in {2}, and the Pod's required anti-affinity selects it", node, text(evidence.pod), text(`${evidence.topologyKey}=${evidence.domain}`));
    case 'existingAntiAffinity':
      return vscode.l10n.t('{0}: {1} runs in {2}, and its required anti-affinity selects this Pod', node, text(evidence.pod), text(`${evidence.topologyKey}=${evidence.domain}`));
  }
}

function fitsLabel(hover: PlacementHoverAnswer): string {
  const certain = hover.unknown.length > 0;
  if (hover.total === 1) return certain ? vscode.l10n.t('fits {0} of 1 node for certain', hover.fits) : vscode.l10n.t('fits {0} of 1 node', hover.fits);
  return certain ? vscode.l10n.t('fits {0} of {1} nodes for certain', hover.fits, hover.total) : vscode.l10n.t('fits {0} of {1} nodes', hover.fits, hover.total);
}

/** The placement part of a manifest hover, as Markdown paragraphs (the caller adds the separator above). */
export function placementHoverMarkdown(hover: PlacementHover): string {
  const on = `**${hover.context !== undefined ? vscode.l10n.t('On {0} now:', text(hover.context)) : vscode.l10n.t('On the cluster now:')}**`;
  if (hover.kind === 'listing') return `${on} ${vscode.l10n.t("listing the cluster's Pods…")}`;
  if (hover.kind === 'unavailable') return `${on} ${vscode.l10n.t('where it fits is not known: {0}', text(hover.reason))}`;
  const paragraphs: string[] = [];
  if (hover.total === 0) {
    paragraphs.push(`${on} ${vscode.l10n.t('no node is known (none is listed, or the nodes cannot be read)')}`);
  } else {
    paragraphs.push(`${on} ${fitsLabel(hover)}${hover.fits > 0 ? `: ${list(hover.fitting, hover.fits - hover.fitting.length)}` : ''}`);
    const rejected = hover.rejected.map((node) => `- ${rejectedNodeLabel(node)}`);
    if (hover.moreRejected > 0) {
      rejected.push(`- ${hover.moreRejected === 1 ? vscode.l10n.t('… and 1 more node that does not fit') : vscode.l10n.t('… and {0} more nodes that do not fit', hover.moreRejected)}`);
    }
    if (rejected.length > 0) paragraphs.push(rejected.join('\n'));
  }
  if (hover.unknown.length > 0) {
    const count = hover.unknown.length + hover.moreUnknown;
    const filters = text(hover.unknownFilters.join(', '));
    const names = list(hover.unknown, hover.moreUnknown);
    paragraphs.push(count === 1
      ? vscode.l10n.t('Not known for 1 node that passes the other filters ({0} not judged): {1}', filters, names)
      : vscode.l10n.t('Not known for {0} nodes that pass the other filters ({1} not judged): {2}', count, filters, names));
  }
  if (hover.boundPodsError !== undefined) paragraphs.push(vscode.l10n.t('The Pods bound to the nodes are not known ({0}): what they request and use is not judged.', text(hover.boundPodsError)));
  const notes: string[] = [];
  if (hover.perNode) notes.push(vscode.l10n.t('Its controller pins one Pod to each node: the DaemonSet runs a Pod on each node that fits.'));
  if (hover.nodeName !== undefined) notes.push(vscode.l10n.t('spec.nodeName names {0}: no scheduler places the Pod; the kubelet of {0} admits it by its own checks.', text(hover.nodeName)));
  if (hover.schedulerName !== undefined) notes.push(vscode.l10n.t("spec.schedulerName is {0}: these are the default scheduler's filters.", text(hover.schedulerName)));
  if (hover.gates.length > 0) notes.push(vscode.l10n.t('Scheduling gates ({0}) hold the Pod: the scheduler does not consider it until they are removed.', text(hover.gates.join(', '))));
  if (hover.preemptionClass !== undefined) notes.push(vscode.l10n.t('With priority class {0} the scheduler may evict lower-priority Pods to make room.', text(hover.preemptionClass)));
  if (hover.volumes.length > 0) notes.push(vscode.l10n.t('Not judged: the volume filters ({0}).', text(hover.volumes.join(', '))));
  if (hover.unreadableRequests.length > 0) notes.push(vscode.l10n.t('Not judged: requests that are not quantities ({0}).', text(hover.unreadableRequests.join(', '))));
  paragraphs.push(...notes.map((note) => `*${note}*`));
  return paragraphs.join('\n\n');
}
