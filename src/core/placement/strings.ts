/**
 * Placement's sentences, once, in English: why a node does not fit (with the node as the subject, for the hover,
 * the tree and the diagram; and as the filter's evidence, for the CLI), and the manifest hover's sentences. The
 * CLI uses them as they are; the extension gets them through vscode.l10n.t (the English text is the key of
 * l10n/bundle.l10n.*.json). Node names, label values, taint keys and Pod names are cluster data: `text` lets a
 * view escape each before it joins a sentence.
 */
import { type Catalog, format } from '../util/catalog';
import { type FilterEvidence, spreadSkewOf, taintText, unrequestedText } from './filters';
import type { ConditionNote, NotJudged } from './place';

export const defaultPlacementStrings = {
  // Why a node does not fit, the node ({0}) as the subject
  nodeDoesNotPass: '{0} does not pass {1}',
  nodeCordoned: '{0} is cordoned (spec.unschedulable)',
  nodeNotNamed: '{0} is not the node spec.nodeName names ({1})',
  nodeTaint: '{0} has the taint {1}, not tolerated',
  nodeNoLabel: '{0} has no label {1} (nodeSelector {1}={2})',
  nodeOtherLabel: '{0} has {1}={2}, not {3} (nodeSelector)',
  nodeAffinityNoTerms: '{0}: the required node affinity has no terms, which matches no node',
  nodeAffinityFailing: '{0} matches none of the {1} required node affinity terms ({2})',
  nodeAffinity: '{0} matches none of the {1} required node affinity terms',
  nodeHostPort: '{0}: host port {1} is taken by {2}',
  nodeTooManyPods: '{0} already runs {1} Pods and allows {2}',
  nodeInsufficient: '{0} has {1} of {2} {3} unrequested, the Pod requests {4}',
  nodeSpreadLabelMissing: '{0} has no label {1}, which a topology spread constraint needs',
  nodeSpreadSkew:
    '{0}: {1} has {2} matching Pods; with this one it would be {3} above the least loaded domain ({4}), more than maxSkew {5}',
  nodeAffinityLabelMissing: "{0} has no label {1}, the required Pod affinity's topology key",
  nodeAffinityNoPod: '{0}: no Pod the required Pod affinity selects runs in {1}',
  nodeAntiAffinity: "{0}: {1} runs in {2}, and the Pod's required anti-affinity selects it",
  nodeExistingAntiAffinity: '{0}: {1} runs in {2}, and its required anti-affinity selects this Pod',
  // The same evidence as a filter's finding (the CLI's report, one filter per line)
  evidenceCordoned: 'the node is cordoned (spec.unschedulable), and the Pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule',
  evidenceNodeName: 'the Pod asks for node {0}',
  evidenceTaint: 'the node has the taint {0}, not tolerated',
  evidenceNoLabel: 'nodeSelector {0}={1}: the node has no label {0}',
  evidenceOtherLabel: 'nodeSelector {0}={1}: the node has {0}={2}',
  evidenceAffinityNoTerms: 'the required node affinity has no terms, which matches no node',
  evidenceAffinityTerm: 'none of the 1 required node affinity term matches',
  evidenceAffinityTermFailing: 'none of the 1 required node affinity term matches ({0})',
  evidenceAffinityTerms: 'none of the {0} required node affinity terms matches',
  evidenceAffinityTermsFailing: 'none of the {0} required node affinity terms matches ({1})',
  evidenceHostPort: 'host port {0} is taken by {1}',
  evidenceHostPortOn: 'host port {0} on {1} is taken by {2}',
  evidenceTooManyPods: '{0} Pods already run there, and the node allows {1}',
  evidenceInsufficient: '{0}: the Pod requests {1}, {2} of {3} allocatable is unrequested',
  evidenceSpreadLabelMissing: 'the node has no label {0}, which a topology spread constraint needs',
  evidenceSpreadSkew: '{0} has {1} matching Pods; with this one it would be {2} above the least loaded domain ({3}), more than maxSkew {4}',
  evidenceAffinityLabelMissing: "the node has no label {0}, the required pod affinity's topology key",
  evidenceAffinityNoPod: 'no Pod the required pod affinity selects runs in {0}',
  evidenceAntiAffinity: "{0} runs in {1}, and the Pod's required anti-affinity selects it",
  evidenceExistingAntiAffinity: '{0} runs in {1}, and its required anti-affinity selects this Pod',
  // The manifest hover
  hoverOnContext: 'On {0} now:',
  hoverOnCluster: 'On the cluster now:',
  hoverListing: "listing the cluster's Pods…",
  hoverUnavailable: 'where it fits is not known: {0}',
  hoverNoNode: 'no node is known (none is listed, or the nodes cannot be read)',
  hoverFitsOne: 'fits {0} of 1 node',
  hoverFitsOneCertain: 'fits {0} of 1 node for certain',
  hoverFits: 'fits {0} of {1} nodes',
  hoverFitsCertain: 'fits {0} of {1} nodes for certain',
  hoverListMore: '{0}, … and {1} more',
  hoverMoreRejectedOne: '… and 1 more node that does not fit',
  hoverMoreRejected: '… and {0} more nodes that do not fit',
  hoverUnknownOne: 'Not known for 1 node that passes the other filters ({0} not judged): {1}',
  hoverUnknown: 'Not known for {0} nodes that pass the other filters ({1} not judged): {2}',
  hoverBoundPodsError: 'The Pods bound to the nodes are not known ({0}): what they request and use is not judged.',
  hoverPerNode: 'Its controller pins one Pod to each node: the DaemonSet runs a Pod on each node that fits.',
  hoverNodeName: 'spec.nodeName names {0}: no scheduler places the Pod; the kubelet of {0} admits it by its own checks.',
  hoverSchedulerName: "spec.schedulerName is {0}: these are the default scheduler's filters.",
  hoverGates: 'Scheduling gates ({0}) hold the Pod: the scheduler does not consider it until they are removed.',
  hoverPreemption: 'With priority class {0} the scheduler may evict lower-priority Pods to make room.',
  hoverVolumes: 'Not judged: the volume filters ({0}).',
  hoverUnreadableRequests: 'Not judged: requests that are not quantities ({0}).',
  // The CLI's report
  stateBound: 'on {0}',
  statePending: 'Pending: the scheduler has not placed it',
  stateGated: 'Pending: held by scheduling gates, the scheduler does not consider it yet',
  stateNodeName: "its manifest names a node: no scheduler runs, that node's kubelet admits or rejects it",
  stateStatic: "a static Pod: kubelet runs it from its node's manifest folder; no scheduler placed it",
  stateOtherScheduler: "placed by another scheduler; these are the default scheduler's filters",
  stateNotCreated: 'not in the cluster: where it could go now',
  reportPod: 'Pod {0}/{1}: {2}',
  reportPodOf: 'Pod {0}/{1} (of {2}): {3}',
  reportSaid: 'The scheduler said (FailedScheduling{0}):',
  reportSaidTimes: ', {0} times',
  reportSaidLast: ', last at {0}',
  reportFitsOne: 'The filters now: fits {0} of 1 node',
  reportFits: 'The filters now: fits {0} of {1} nodes',
  reportAlso: 'also {0}: {1}',
  reportNode: 'node: {0}',
  reportMoreRejected: '… and {0} more nodes that do not fit (--all lists them)',
  reportNotKnown: '{0}: not known: {1}',
  reportMoreUnknown: '… and {0} more nodes not known',
  reportBoundError: '(the Pods bound to nodes could not be read: {0})',
  reportWouldSay: 'As the scheduler would say it now:',
  reportNotJudged: 'Not judged:',
  // Why a bound Pod is on its node: the inputs of the default scoring, never the scores
  whyHeading: 'Why on {0}?',
  whyNotReadable:
    "The scheduler's scores are its own and cannot be read from outside it. Shown are the inputs its default score plugins weigh; a node that looks worse here may have won on a plugin not modelled (image locality, a score plugin of a custom profile), or the cluster may have changed since the bind.",
  whyBoundAt: 'The Pod was bound at {0}.',
  whyReplicasTitle: 'Other replicas of {0} {1}, per node (spreading prefers the node with fewer):',
  whyNoController: 'The Pod has no controller: there are no replicas of it to spread.',
  whyReplicasNotKnown: 'The other replicas are not known: the Pods bound to the nodes could not be read.',
  whyReplicasNone: 'none',
  /** A large cluster's nodes without a replica, counted instead of listed. */
  whyReplicasNoneOn: 'none on the {0} other nodes',
  /** A large cluster's nodes by room left, beyond the first ten and this node. */
  whyMoreNodes: '… and {0} more nodes',
  /** The placement view, under a node the Pod fits: how many other replicas of its controller run there. */
  whyReplicasHere: 'other replicas here: {0}',
  /** The placement view, under a node the Pod fits: its place by room left, and the share free after the Pod. */
  whyRoomRankHere: 'room left: number {0} of {1}, {2}% free',
  whyThisNode: '{0} (this node)',
  whyRoomTitle: 'Room left after this Pod, on each node it fits (LeastAllocated prefers more free cpu and memory):',
  whyRoomAmount: '{0} {1} free of {2}',
  whyRoomShare: '{0}% of cpu and memory free',
  whyRoomRequests:
    'The Pod requests cpu {0}, memory {1}, as the score counts it: a container that requests no cpu or memory counts as 100m and 200Mi.',
  whyRoomPlace: 'By room left, this node is number {0} of {1}.',
  whyRoomPlaceLevel: 'By room left, this node is number {0} of {1}, level with {2}.',
  whyRoomNotKnown: 'The room on each node is not known: the Pods bound to the nodes could not be read.',
  whySpreadTitle: "The Pod's topology spread constraints:",
  whySpreadConstraint: '{0}, maxSkew {1}, {2}',
  whySpreadAt: '{0} in {1} with {2} matching',
  whySpreadNoLabel: '{0}, which has no such label',
  whyPreferredTitle: "The Pod's preferred (soft) affinities:",
  whyPreferredNode: 'node affinity, weight {0}: {1}',
  whyPreferredPodAffinity: 'Pod affinity, weight {0}, per {1}: {2}',
  whyPreferredPodAntiAffinity: 'Pod anti-affinity, weight {0}, per {1}: {2}',
  whySatisfiedOn: 'satisfied on: {0}',
  whyNotSatisfiedOn: 'not satisfied on: {0}',
  whyTaintsTitle: 'PreferNoSchedule taints the Pod does not tolerate (TaintToleration prefers nodes without):',
  whyTaint: '{0}: {1}',
  // What the model does not judge, and node conditions seen only through taints
  notJudgedVolumes: 'volumes ({0}): the volume filters (VolumeBinding, VolumeZone, volume limits) are not modelled',
  notJudgedRequests: 'requests that are not quantities: {0}',
  notJudgedPreemption: 'preemption: with priority class {0} the scheduler may evict lower-priority Pods to make room',
  notJudgedScores: 'scores and tie-breaks: among feasible nodes the scheduler picks by scores that cannot be recovered from outside it',
  reportNodesHidden: 'Which nodes fit cannot be judged: the Nodes are hidden from you — needs {0}.',
  reportBoundHidden: 'The Pods in all namespaces are hidden from you — needs {0}.',
  conditionNotReady: 'Ready is {0}',
  conditionNetworkUnavailable: 'NetworkUnavailable is True',
  // What would make a Pod that fits no node fit: each change checked by re-running the filters with it
  suggestHeading: 'What would make it fit (the filters re-run with each change):',
  suggestNone: 'No change of this Pod that the model can judge makes it fit.',
  suggestFitsOne: '{0} → fits 1 of {1} nodes: {2}',
  suggestFits: '{0} → fits {1} of {2} nodes: {3}',
  suggestBoth: '{0}, and {1}',
  changeTolerate: 'tolerate the taint {0} (on {1})',
  changeDropSelector: 'drop nodeSelector {0}={1} (the label {0} is on {2})',
  changeDropSelectorNowhere: 'drop nodeSelector {0}={1} (no node has the label {0})',
  changeSelectorValue: 'change nodeSelector {0}={1} to {0}={2} (on {3})',
  changeDropNodeAffinity: 'drop the required node affinity',
  changeLowerRequest: 'lower the {0} request from {1} to at most {2} (unrequested on {3})',
  changeFreeHostPort: 'free host port {0} on {1}: {2} holds it',
  changeDropAntiAffinity: 'drop the required anti-affinity term with topology key {0}',
  changeRaiseMaxSkew: 'raise maxSkew of the topology spread constraint on {0} from {1} to {2}',
  changeScheduleAnyway: 'make the topology spread constraint on {0} ScheduleAnyway',
  suggestEdit: 'edit (JSON Patch of {0}): {1}',
  suggestEditOther: 'this changes another Pod, not the manifest',
  suggestEditNone: 'no single edit of the manifest makes it: an init container or the overhead decides the request',
  cannotVolumes: 'The model cannot judge volumes ({0}): look at the claims with kubectl describe pvc, and their StorageClass.',
  cannotPreemption:
    "The model cannot judge preemption (priority class {0}): look at the Pod's events for the Pods the scheduler would evict.",
  cannotRequests: 'The model cannot judge requests that are not quantities ({0}): write them as quantities first.',
  cannotNodeName: 'The model cannot judge a Pod with spec.nodeName {0}: no scheduler places it; look at the kubelet of {0}.',
  cannotNodeNameMissing:
    'The model cannot judge a Pod with spec.nodeName {0}: no scheduler places it, and no node {0} is listed; look at kubectl get nodes.',
  cannotUnknown: 'The model cannot judge {0} on some nodes now: no change is suggested until it can.',
  // The diagram's placement view, when a question cannot be answered
  questionNoCluster: 'no cluster is connected',
  questionNoPodTemplate: '{0} has no Pod template',
} satisfies Catalog;

export type PlacementStrings = typeof defaultPlacementStrings;

/** Cluster or file text as a view shows it: as it is in plain text, escaped in Markdown. */
export type ViewText = (value: string | number) => string;

/** Why `node` does not fit, with the node as the subject; `node` is passed as the view shows it already. */
export function rejectedNodeSentence(
  node: string,
  evidence: FilterEvidence,
  strings: PlacementStrings = defaultPlacementStrings,
  text: ViewText = String,
): string {
  const s = strings;
  switch (evidence.kind) {
    case 'unschedulable':
      return format(s.nodeCordoned, node);
    case 'nodeName':
      return format(s.nodeNotNamed, node, text(evidence.wanted));
    case 'taint':
      return format(s.nodeTaint, node, text(taintText(evidence.taint)));
    case 'nodeSelector':
      return evidence.actual === null
        ? format(s.nodeNoLabel, node, text(evidence.key), text(evidence.wanted))
        : format(s.nodeOtherLabel, node, text(evidence.key), text(evidence.actual), text(evidence.wanted));
    case 'nodeAffinity':
      if (evidence.terms === 0) return format(s.nodeAffinityNoTerms, node);
      return evidence.firstFailing
        ? format(s.nodeAffinityFailing, node, evidence.terms, text(evidence.firstFailing))
        : format(s.nodeAffinity, node, evidence.terms);
    case 'hostPort':
      return format(s.nodeHostPort, node, text(`${evidence.port.port}/${evidence.port.protocol}`), text(evidence.usedBy));
    case 'tooManyPods':
      return format(s.nodeTooManyPods, node, evidence.pods, evidence.allowed);
    case 'insufficient': {
      const amounts = unrequestedText(evidence);
      return format(
        s.nodeInsufficient,
        node,
        text(amounts.free),
        text(amounts.allocatable),
        text(evidence.resource),
        text(amounts.requested),
      );
    }
    case 'spreadLabelMissing':
      return format(s.nodeSpreadLabelMissing, node, text(evidence.topologyKey));
    case 'spreadSkew':
      return format(
        s.nodeSpreadSkew,
        node,
        text(`${evidence.topologyKey}=${evidence.domain}`),
        evidence.matching,
        spreadSkewOf(evidence),
        evidence.minimum,
        evidence.maxSkew,
      );
    case 'affinity':
      return evidence.domain === null
        ? format(s.nodeAffinityLabelMissing, node, text(evidence.topologyKey))
        : format(s.nodeAffinityNoPod, node, text(`${evidence.topologyKey}=${evidence.domain}`));
    case 'antiAffinity':
      return format(s.nodeAntiAffinity, node, text(evidence.pod), text(`${evidence.topologyKey}=${evidence.domain}`));
    case 'existingAntiAffinity':
      return format(s.nodeExistingAntiAffinity, node, text(evidence.pod), text(`${evidence.topologyKey}=${evidence.domain}`));
  }
}

/** A filter's evidence as its finding about the node (the CLI's report). */
export function filterEvidenceText(evidence: FilterEvidence, strings: PlacementStrings = defaultPlacementStrings): string {
  const s = strings;
  switch (evidence.kind) {
    case 'unschedulable':
      return s.evidenceCordoned;
    case 'nodeName':
      return format(s.evidenceNodeName, evidence.wanted);
    case 'taint':
      return format(s.evidenceTaint, taintText(evidence.taint));
    case 'nodeSelector':
      return evidence.actual === null
        ? format(s.evidenceNoLabel, evidence.key, evidence.wanted)
        : format(s.evidenceOtherLabel, evidence.key, evidence.wanted, evidence.actual);
    case 'nodeAffinity': {
      if (evidence.terms === 0) return s.evidenceAffinityNoTerms;
      const one = evidence.terms === 1;
      if (evidence.firstFailing)
        return one
          ? format(s.evidenceAffinityTermFailing, evidence.firstFailing)
          : format(s.evidenceAffinityTermsFailing, evidence.terms, evidence.firstFailing);
      return one ? s.evidenceAffinityTerm : format(s.evidenceAffinityTerms, evidence.terms);
    }
    case 'hostPort': {
      const port = `${evidence.port.port}/${evidence.port.protocol}`;
      return evidence.port.hostIP !== '0.0.0.0'
        ? format(s.evidenceHostPortOn, port, evidence.port.hostIP, evidence.usedBy)
        : format(s.evidenceHostPort, port, evidence.usedBy);
    }
    case 'tooManyPods':
      return format(s.evidenceTooManyPods, evidence.pods, evidence.allowed);
    case 'insufficient': {
      const amounts = unrequestedText(evidence);
      return format(s.evidenceInsufficient, evidence.resource, amounts.requested, amounts.free, amounts.allocatable);
    }
    case 'spreadLabelMissing':
      return format(s.evidenceSpreadLabelMissing, evidence.topologyKey);
    case 'spreadSkew':
      return format(
        s.evidenceSpreadSkew,
        `${evidence.topologyKey}=${evidence.domain}`,
        evidence.matching,
        spreadSkewOf(evidence),
        evidence.minimum,
        evidence.maxSkew,
      );
    case 'affinity':
      return evidence.domain === null
        ? format(s.evidenceAffinityLabelMissing, evidence.topologyKey)
        : format(s.evidenceAffinityNoPod, `${evidence.topologyKey}=${evidence.domain}`);
    case 'antiAffinity':
      return format(s.evidenceAntiAffinity, evidence.pod, `${evidence.topologyKey}=${evidence.domain}`);
    case 'existingAntiAffinity':
      return format(s.evidenceExistingAntiAffinity, evidence.pod, `${evidence.topologyKey}=${evidence.domain}`);
  }
}

/** What the model does not judge for a Pod, in one line; claim and resource names are cluster text for `text`. */
export function notJudgedText(note: NotJudged, strings: PlacementStrings = defaultPlacementStrings, text: ViewText = String): string {
  switch (note.kind) {
    case 'volumes':
      return format(strings.notJudgedVolumes, text(note.claims.join(', ')));
    case 'unreadableRequests':
      return format(strings.notJudgedRequests, text(note.resources.join(', ')));
    case 'preemption':
      return format(strings.notJudgedPreemption, text(note.priorityClass));
    case 'scores':
      return strings.notJudgedScores;
  }
}

/** A node's conditions that the scheduler sees only through taints, in one line. */
export function conditionNotesText(
  notes: readonly ConditionNote[],
  strings: PlacementStrings = defaultPlacementStrings,
  text: ViewText = String,
): string {
  return notes
    .map((note) => (note.kind === 'notReady' ? format(strings.conditionNotReady, text(note.status)) : strings.conditionNetworkUnavailable))
    .join(', ');
}
