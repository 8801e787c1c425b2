/**
 * The anatomy's sentences, once, in English: how the control plane runs, and each piece of evidence the
 * classifier records. The CLI and the Markdown copy use them as they are; the tree's tooltips and the diagram's
 * cards get them through vscode.l10n.t (the English text is the key of l10n/bundle.l10n.*.json).
 */
import { type Catalog, format } from '../util/catalog';
import type { ControlPlaneMode, Evidence } from './types';

/** The anatomy's words that the CLI's text and the diagram share. */
export const defaultAnatomyStrings = {
  heartbeatAgo: 'heartbeat {0} ago',
  heartbeatStopped: 'heartbeat stopped {0} ago',
  replacedByCilium: "replaced by Cilium's kube-proxy replacement",
} satisfies Catalog;

/** How the control plane runs: whole (the CLI, the Markdown, the tree's tooltip) and in a word or two (the tree's row, the diagram's box). */
export const defaultControlPlaneModeStrings = {
  modeStaticPods: 'static Pods run by kubelet from /etc/kubernetes/manifests (kubeadm, kind, minikube)',
  modeHosted: 'managed by the provider: no control-plane nodes or Pods in the API',
  modeEmbedded: 'embedded in one server binary (k3s/k0s): no control-plane Pods',
  modeSelfHosted: 'self-hosted: control-plane components run as DaemonSets or Deployments',
  modeUnknown: 'not recognised: control-plane nodes without control-plane Pods (system services?)',
  modeShortStaticPods: 'static Pods',
  modeShortHosted: 'managed',
  modeShortEmbedded: 'embedded',
  modeShortSelfHosted: 'self-hosted',
  modeShortUnknown: 'not recognised',
} satisfies Catalog;

export type ControlPlaneModeStrings = typeof defaultControlPlaneModeStrings;

const modeKeys: Readonly<Record<ControlPlaneMode, readonly [keyof ControlPlaneModeStrings, keyof ControlPlaneModeStrings]>> = {
  'static-pods': ['modeStaticPods', 'modeShortStaticPods'],
  hosted: ['modeHosted', 'modeShortHosted'],
  embedded: ['modeEmbedded', 'modeShortEmbedded'],
  'self-hosted': ['modeSelfHosted', 'modeShortSelfHosted'],
  unknown: ['modeUnknown', 'modeShortUnknown'],
};

/** How the control plane runs, whole. */
export function controlPlaneModeText(mode: ControlPlaneMode, strings: ControlPlaneModeStrings = defaultControlPlaneModeStrings): string {
  return strings[modeKeys[mode][0]];
}

/** How the control plane runs, in a word or two. */
export function shortControlPlaneModeText(
  mode: ControlPlaneMode,
  strings: ControlPlaneModeStrings = defaultControlPlaneModeStrings,
): string {
  return strings[modeKeys[mode][1]];
}

/** One piece of evidence as a phrase; {0}, {1} are the key and the value the classifier read (cluster data). */
export const defaultEvidenceStrings = {
  evidenceAnnotationOnPod: '{0} has annotation {1}',
  evidenceAnnotationValue: 'annotation {0}={1}',
  evidenceAnnotation: 'annotation {0}',
  evidenceLabelValue: 'label {0}={1}',
  evidenceLabel: 'label {0}',
  evidenceOwnedByOf: '{0} is owned by {1}',
  evidenceOwnedByValue: 'owned by {0} ({1})',
  evidenceOwnedBy: 'owned by {0}',
  evidenceNoLabelValue: 'no label {0} ({1})',
  evidenceNoLabel: 'no label {0}',
  evidenceNoValue: 'no {0} ({1})',
  evidenceNo: 'no {0}',
  evidenceNotReadValue: '{0} could not be read ({1})',
  evidenceNotRead: '{0} could not be read',
  evidenceCount: '{1} {0}',
  evidenceTaintValue: 'taint {0}:{1}',
  evidenceTaint: 'taint {0}',
  evidenceNamed: 'named {0}',
  evidenceNameValue: '{0}: {1}',
  evidenceName: 'name {0}',
  evidencePodValue: 'Pod {0} {1}',
  evidencePod: 'Pod {0}',
  evidenceFieldValue: '{0} is {1}',
  evidenceField: 'field {0}',
  evidenceImageValue: 'image {0}',
  evidenceImage: 'image',
  evidenceEndpointsValue: 'Endpoints {0}: {1}',
  evidenceEndpoints: 'Endpoints {0}',
  evidenceOtherValue: '{0} {1}: {2}',
  evidenceOther: '{0} {1}',
} satisfies Catalog;

export type EvidenceStrings = typeof defaultEvidenceStrings;

/**
 * One piece of evidence as a phrase a reader takes in one go: "Pod kube-apiserver-cp has annotation
 * kubernetes.io/config.mirror", "no label node-role.kubernetes.io/control-plane", "owned by DaemonSet/kube-proxy".
 */
export function evidenceSentence(evidence: Evidence, strings: EvidenceStrings = defaultEvidenceStrings): string {
  const { kind, key, value } = evidence;
  const s = strings;
  if (value === undefined || value === '') {
    switch (kind) {
      case 'annotation':
        return format(s.evidenceAnnotation, key);
      case 'label':
        return format(s.evidenceLabel, key);
      case 'owner':
        return format(s.evidenceOwnedBy, key);
      case 'absence':
        // Node roles read a label; other absences name what is missing themselves.
        return format(nodeRoleLabel(key) ? s.evidenceNoLabel : s.evidenceNo, key);
      case 'not-read':
        return format(s.evidenceNotRead, key);
      case 'count':
      case 'workload':
        return key;
      case 'taint':
        return format(s.evidenceTaint, key);
      case 'name':
        return format(s.evidenceName, key);
      case 'pod':
        return format(s.evidencePod, key);
      case 'field':
        return format(s.evidenceField, key);
      case 'image':
        return s.evidenceImage;
      case 'endpoints':
        return format(s.evidenceEndpoints, key);
      default:
        return format(s.evidenceOther, kind, key);
    }
  }
  switch (kind) {
    case 'annotation':
      // The control plane's evidence names the Pod that carries the annotation, not the annotation's value.
      return value.startsWith('on Pod ')
        ? format(s.evidenceAnnotationOnPod, value.slice(3), key)
        : format(s.evidenceAnnotationValue, key, value);
    case 'label':
      return format(s.evidenceLabelValue, key, value);
    case 'owner':
      if (value.startsWith('owns ')) return format(s.evidenceOwnedByOf, value.slice(5), key);
      if (value.startsWith('owner of ')) return format(s.evidenceOwnedByOf, value.slice(9), key);
      return format(s.evidenceOwnedByValue, key, value);
    case 'absence':
      return format(nodeRoleLabel(key) ? s.evidenceNoLabelValue : s.evidenceNoValue, key, value);
    case 'not-read':
      return format(s.evidenceNotReadValue, key, value);
    case 'count':
      return format(s.evidenceCount, key, value);
    case 'taint':
      return format(s.evidenceTaintValue, key, value);
    case 'name':
      return key === 'metadata.name' ? format(s.evidenceNamed, value) : format(s.evidenceNameValue, key, value);
    case 'pod':
      return format(s.evidencePodValue, key, value);
    case 'field':
      return format(s.evidenceFieldValue, key, value);
    case 'image':
      return format(s.evidenceImageValue, value);
    case 'endpoints':
      return format(s.evidenceEndpointsValue, key, value);
    case 'workload':
      return key;
    default:
      return format(s.evidenceOtherValue, kind, key, value);
  }
}

const nodeRoleLabel = (key: string) => /^node-role\.kubernetes\.io\//.test(key);

/**
 * The anatomy from where a limited user stands, and what RBAC hides from them: the CLI's text, the tree and the
 * diagram. {0}, {1} are filled with cluster text or counts.
 */
export const defaultStandpointStrings = {
  standpointTitle: 'From where you stand',
  standpointIntro: 'RBAC lets you read part of this cluster: this is what you can see of it, and what is hidden from you.',
  standpointApiServer: 'kube-apiserver at {0}',
  standpointVersion: 'version {0}',
  standpointVersionUnknown: 'version not read',
  standpointClusterInfo: 'kube-public/cluster-info names the server {0}',
  standpointGroups: '{0} API groups: {1} built in, {2} aggregated, {3} extensions',
  standpointGroupsHidden: 'discovery could not be read',
  standpointGroupBuiltIn: '{0}: served by kube-apiserver itself',
  standpointGroupAggregated: '{0}: an aggregated API, served by {1} through kube-apiserver',
  standpointGroupExtension: '{0}: served through kube-apiserver by a CustomResourceDefinition or an aggregated API server',
  standpointNamespace: 'namespace {0}',
  standpointNamespacePods: '{0} Pods',
  standpointNamespaceHidden: 'namespace {0}: hidden from you',
  standpointNodes: 'Nodes, as the Pods you may read show them',
  standpointNoNodes: 'none of the Pods you may read runs on a node yet',
  standpointInferredNode: '{0} (inferred)',
  standpointInferredNodeDetail:
    'Known only because Pods you may read run on it (their spec.nodeName and status.hostIP): {0}. Its labels, conditions and other Pods are hidden from you.',
  standpointPodOn: 'on {0}',
  standpointPodNotScheduled: 'not on a node yet',
  standpointActedBy: 'acted on by {0}',
  standpointActorManagedFields: '{0} ({1}, managedFields)',
  standpointActorEvent: '{0} ({1}, Event)',
  standpointControlPlaneHidden:
    'The control plane runs, but where and how is hidden from you: kube-system and the Nodes cannot be read. Its controllers and scheduler show through their work on your objects.',
  hiddenTitle: 'Hidden from you',
  hiddenRead: '{0}: hidden from you — needs {1}',
  hiddenNeeds: 'hidden from you — needs {0}',
  absentCannotBeTold: 'cannot be told: the Pods in kube-system are hidden from you — needs {0}',
  hiddenCheck: 'check: {0}',
  hiddenNotAnswered: '(the server has not said)',
  limitedStatus: 'limited: {0} of {1} reads allowed',
  limitedStatusUnknown: 'limited',
  // The views' words: the tree, the diagram's boxes and cards, the status bar's tooltip.
  hiddenFromYou: 'hidden from you',
  hiddenShort: 'hidden',
  hiddenServerSaid: 'The server said: {0}',
  needDenied: '{0}: denied',
  needNotAnswered: '{0}: not answered',
  // A needed permission: {0} the verbs ("list, watch"), {1} the resource, {2} the namespace.
  needInNamespace: '{0} {1} in {2}',
  needClusterWide: '{0} {1} (cluster-wide)',
  // What a hidden read would show: {0} the kind ("Pods"), {1} the namespace.
  whatIn: '{0} in {1}',
  whatNodes: 'Nodes',
  whatPods: 'Pods',
  whatDaemonSets: 'DaemonSets',
  whatDeployments: 'Deployments',
  whatReplicaSets: 'ReplicaSets',
  whatServices: 'Services',
  whatEvents: 'Events',
  whatLeases: 'Leases',
  whatApiServers: 'the API servers behind the kubernetes Service',
  whatServerPath: "kube-apiserver's {0}",
  standpointGroupsTitle: 'API groups',
  standpointCoreGroup: 'core',
  standpointGroupAggregatedShort: 'aggregated · {0}',
  standpointGroupExtensionShort: 'extension',
  standpointInferred: 'inferred from Pods',
  standpointOtherNodes: 'Other nodes',
  standpointSeenThroughWork: 'seen through its work on your Pods: {0}',
  standpointNotScheduledShort: 'no node yet',
  standpointControlPlaneHiddenShort: 'where and how it runs is hidden from you',
  // Beside a row's name in a 300 px sidebar: a word or two (the tooltip says it whole).
  standpointAccessShort: '{0}/{1} reads',
  standpointInferredShort: 'inferred',
  partlyHiddenShort: '{0} · partly hidden',
  standpointNodesShort: 'Nodes seen through Pods',
} satisfies Catalog;

export type StandpointStrings = typeof defaultStandpointStrings;
