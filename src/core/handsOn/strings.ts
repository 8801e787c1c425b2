/**
 * The hands-on's sentences, once, in English: the steps, what each finding saw, and the experiments. The CLI
 * uses them as they are; the hands-on view gets them through vscode.l10n.t (the English text is the key of
 * l10n/bundle.l10n.*.json). Names, versions and counts are filled in by findingText (src/core/handsOn/render.ts).
 */
import type { Catalog } from '../util/catalog';

export const defaultHandsOnStrings = {
  // The steps
  stepNodes: 'The nodes, and which one is the control plane',
  stepKubeSystemPods: "kube-system's Pods and where they run",
  stepStaticPods: 'Telling the static Pods apart',
  stepWorkloads: 'The components run by a DaemonSet or a Deployment',
  stepNodeAgents: 'The components that are not Pods',
  stepLeases: "kubelet's heartbeat: the Leases",
  // Lists and subjects
  listMore: '{0}, and {1} more',
  networkPlugin: 'The network plugin',
  theNetworkPlugin: 'the network plugin',
  // Why a component has no Pod here (the cluster's shape)
  shapeHosted: "the provider runs the control plane outside the cluster's nodes, so there is no Pod for it",
  shapeEmbeddedIn: "it is built into the cluster's own server and agent processes, not run as a Pod ({0})",
  shapeEmbedded: "it is built into the cluster's own server and agent processes, not run as a Pod",
  shapeExternalEtcd: 'kube-apiserver uses an etcd cluster outside Kubernetes, so there is no etcd Pod',
  shapeReplacedByCni: '{0} does its work, so there is none',
  shapeDisabled: 'it was turned off when the cluster was set up',
  shapeNoStaticPods: 'the control plane runs from DaemonSets or Deployments here, not from static Pods',
  // The findings
  unreadable: 'Cannot be checked: the objects it reads cannot be listed with these credentials.',
  unreadableHidden: 'Cannot be checked: {0} hidden from you — needs {1}.',
  couldNotCheckSteps: '{0} of {1} steps hold; {2} could not be checked (RBAC hides what they read).',
  nodesReady: '{0} nodes, all Ready: {1}.',
  noNodes: 'No nodes.',
  nodesNotReady: '{0} nodes; not Ready: {1}.',
  controlPlaneLabel: 'The label node-role.kubernetes.io/control-plane marks the control-plane node: {0}.',
  controlPlaneOlderLabel:
    'The control-plane node {0} carries the older label {1} instead, so -l node-role.kubernetes.io/control-plane selects nothing on this cluster.',
  controlPlaneHosted: "No node is a control-plane node: the provider runs the control plane outside the cluster's nodes.",
  controlPlaneNoLabel: 'No node carries the label node-role.kubernetes.io/control-plane.',
  staticPodsOnNodes: '{0}: {1}, on the control-plane nodes, named after each node.',
  staticPodOnNode: '{0}: {1}, on the control-plane node, named after the node.',
  staticPodExplained: '{0}: no Pod, as expected here: {1}.',
  staticPodMissing: '{0}: no Pod in kube-system.',
  staticPodNotOnControlPlane: '{0}: {1} runs on a node that is not a control-plane node.',
  staticPodNameWithoutNode: "{0}: {1} does not end with its node's name.",
  severalOnNodes: '{0}: more than one Pod on {1}.',
  perNodeDaemon: '{0}: one Pod on each node ({1}).',
  perNodeExplained: '{0}: no Pods, as expected here: {1}.',
  perNodeMissing: '{0}: no DaemonSet Pods in kube-system.',
  perNodeMissingOnNodes: '{0}: no Pod on {1}.',
  noAgentPods: 'No Pod for kubelet or the container runtime: they report through each Node instead ({0}).',
  agentPods: 'Pods named like a node agent: {0}.',
  tierSelects: '-l tier=control-plane selects exactly the {0} static Pods: {1}.',
  tierExplained: 'No static Pods to select: {0}.',
  podLabelsUnknown: "The Pods' labels are not known yet.",
  noStaticPods: 'No static Pods in kube-system.',
  tierSelectsOthers: '-l tier=control-plane also selects Pods that are not static: {0}.',
  tierMissesStatic: 'Static Pods without the label tier=control-plane: {0}.',
  mirrorMarks: '{0}: annotation kubernetes.io/config.mirror, labels {1}, Node: {2}.',
  mirrorLabelsUnknown: '{0}: its labels are not known yet.',
  mirrorMarksMissing: '{0}: missing {1}.',
  daemonSetReady: 'DaemonSet {0}: {1} ready, one per node.',
  daemonSetExplained: '{0}: no DaemonSet, as expected here: {1}.',
  daemonSetMissing: '{0}: no DaemonSet in kube-system.',
  daemonSetNotReady: 'DaemonSet {0}: {1} ready, on {2} nodes.',
  coreDnsOn: 'Deployment {0}: {1} ready, on {2}.',
  coreDns: 'Deployment {0}: {1} ready.',
  coreDnsMissing: 'No coredns Deployment in kube-system.',
  dnsServiceAt: 'Service {0} ({1}): the name is kube-dns, the server behind it is CoreDNS.',
  dnsService: 'Service {0}: the name is kube-dns, the server behind it is CoreDNS.',
  dnsServiceMissing: 'No Service kube-dns in kube-system.',
  runtimeVersion: 'Container Runtime Version: {0}.',
  runtimeVersionMissing: 'No Container Runtime Version on {0}.',
  kubeletVersion: 'Kubelet Version: {0}.',
  kubeletVersionMissing: 'No Kubelet Version on {0}.',
  leasePerNode: '{0} Leases in kube-node-lease, one per node.',
  leaseMissing: 'No Lease for {0}.',
  renewTimeAdvances: 'spec.renewTime advanced on every node ({0}).',
  renewTimeWaiting: 'Waiting for the next renewal on {0} (kubelet renews about every 10 s).',
  renewTimeExpired: "Not renewed within the Lease's duration: {0}. Its kubelet has stopped sending heartbeats.",
  noLeases: 'No Leases to watch.',
  // The CLI's summary
  checksOn: 'Hands-on checks on {0}',
  allStepsHold: 'All {0} steps hold on this cluster.',
  someStepsHold: '{0} of {1} steps hold.',
  // The experiments
  experimentDeleteMirrorPod: 'Delete a mirror Pod',
  experimentDeleteCoreDnsPod: 'Delete a CoreDNS Pod',
  experimentScaleCoreDns: 'Scale CoreDNS up by one',
  experimentStopHeartbeat: "Stop a node's heartbeat",
  predictDeleteMirrorPod:
    'This deletes the mirror Pod {0}. kubelet on {1} keeps the static Pod running and publishes its mirror Pod again: the same name, a new object (a new uid).',
  predictDeleteCoreDnsPod:
    "This deletes the Pod {0} on {1}. The ReplicaSet controller creates a new Pod in its place, kube-scheduler binds it to a node, and that node's kubelet starts it.",
  predictScaleCoreDns:
    'This scales the Deployment {0} from {1} to {2} replicas. The ReplicaSet controller creates one more Pod and kube-scheduler picks its node; the result says which, and why.',
  predictStopHeartbeat:
    "This stops the kubelet of {0} from renewing its Lease (the demo's kubelet only). After the grace period the node lifecycle controller marks the node Unknown and taints it; after 5 minutes it evicts its Pods, unless the heartbeat comes back.",
  unavailableNoStaticPods: 'This cluster has no static Pods to delete a mirror of.',
  unavailableNoCoreDns: 'This cluster has no CoreDNS Deployment in kube-system.',
  unavailableNoWorker: 'This cluster has no Ready worker node.',
  unavailableDemoOnly: 'Only the demo cluster can stop a kubelet: on a real cluster it would mean stopping a machine.',
  resultNotYet: 'Not seen yet: {0} has not done what was said. The tree and the diagram keep showing the cluster live.',
  resultMirrorPod: 'Seen after {0} s: {1} is back, a new object (uid {2} → {3}). The static Pod never stopped.',
  resultPodOn: '{0} on {1}',
  resultCoreDnsPod: 'Seen after {0} s: the ReplicaSet controller created {1}, and kube-scheduler placed it.',
  resultScaleCoreDns: 'Seen after {0} s: {1} replicas ready; the new one is {2}.',
  resultStopHeartbeat: 'Seen after {0} s: {1} is {2}. Its Pods will be evicted after 5 minutes unless the heartbeat comes back.',
} satisfies Catalog;

export type HandsOnStrings = typeof defaultHandsOnStrings;
