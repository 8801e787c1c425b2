/** The hands-on's steps and findings in English (the CLI and the JSON contract's readers); the extension localizes them. */
import type { Finding, HandsOnReport, HandsOnStepId, StepOutcome } from './checks';
import { commandLine, handsOnCommands } from './commands';
import type { ClusterAnatomy } from '../anatomy/types';
import { textLines } from '../util/visibleText';

export const STEP_TITLES: Record<HandsOnStepId, string> = {
  nodes: 'The nodes, and which one is the control plane',
  kubeSystemPods: "kube-system's Pods and where they run",
  staticPods: 'Telling the static Pods apart',
  workloads: 'The components run by a DaemonSet or a Deployment',
  nodeAgents: 'The components that are not Pods',
  leases: "kubelet's heartbeat: the Leases",
};

const list = (names: readonly string[] | undefined, more?: number) => `${(names ?? []).join(', ')}${more ? `, and ${more} more` : ''}`;
const component = (finding: Finding) => (finding.subject === 'cni' ? 'The network plugin' : finding.subject ?? '');

/** Why a component has no Pod here, in words (the anatomy's absent reasons that are a cluster's shape). */
function shapeText(finding: Finding): string {
  switch (finding.reason) {
    case 'hosted-control-plane':
      return 'the provider runs the control plane outside the cluster\'s nodes, so there is no Pod for it';
    case 'embedded':
      return `it is built into the cluster's own server and agent processes, not run as a Pod${finding.detail ? ` (${finding.detail})` : ''}`;
    case 'external-etcd':
      return 'kube-apiserver uses an etcd cluster outside Kubernetes, so there is no etcd Pod';
    case 'replaced-by-cni':
      return `${finding.detail ?? 'the network plugin'} does its work, so there is none`;
    case 'disabled':
      return 'it was turned off when the cluster was set up';
    case 'no-static-pods':
      return 'the control plane runs from DaemonSets or Deployments here, not from static Pods';
    default:
      return '';
  }
}

export function findingText(finding: Finding): string {
  const { outcome, reason } = finding;
  if (reason === 'unreadable') return 'Cannot be checked: the objects it reads cannot be listed with these credentials.';
  switch (finding.code) {
    case 'nodesReady':
      if (outcome === 'holds') return `${finding.count} nodes, all Ready: ${list(finding.names, finding.more)}.`;
      return reason === 'missing' ? 'No nodes.' : `${finding.count} nodes; not Ready: ${list(finding.names, finding.more)}.`;
    case 'controlPlaneLabel':
      if (outcome === 'holds') return `The label node-role.kubernetes.io/control-plane marks the control-plane node: ${list(finding.names, finding.more)}.`;
      if (reason === 'older-label') return `The control-plane node ${list(finding.names, finding.more)} carries the older label ${finding.detail} instead, so -l node-role.kubernetes.io/control-plane selects nothing on this cluster.`;
      if (reason === 'hosted-control-plane') return 'No node is a control-plane node: the provider runs the control plane outside the cluster\'s nodes.';
      return 'No node carries the label node-role.kubernetes.io/control-plane.';
    case 'staticPod':
      if (outcome === 'holds') return `${finding.subject}: ${list(finding.names, finding.more)}, on the control-plane node${(finding.count ?? 0) > 1 ? 's' : ''}, named after ${(finding.count ?? 0) > 1 ? 'each' : 'the'} node.`;
      if (outcome === 'explained') return `${finding.subject}: no Pod, as expected here: ${shapeText(finding)}.`;
      if (reason === 'missing') return `${finding.subject}: no Pod in kube-system.`;
      if (reason === 'not-on-control-plane') return `${finding.subject}: ${list(finding.names, finding.more)} runs on a node that is not a control-plane node.`;
      if (reason === 'name-without-node') return `${finding.subject}: ${list(finding.names, finding.more)} does not end with its node's name.`;
      return `${finding.subject}: more than one Pod on ${list(finding.names, finding.more)}.`;
    case 'perNodeDaemon':
      if (outcome === 'holds') return `${finding.subject}: one Pod on each node (${finding.count}).`;
      if (outcome === 'explained') return `${component(finding)}: no Pods, as expected here: ${shapeText(finding)}.`;
      if (reason === 'missing') return `${component(finding)}: no DaemonSet Pods in kube-system.`;
      if (reason === 'missing-on-nodes') return `${finding.subject}: no Pod on ${list(finding.names, finding.more)}.`;
      return `${finding.subject}: more than one Pod on ${list(finding.names, finding.more)}.`;
    case 'noAgentPods':
      if (outcome === 'holds') return `No Pod for kubelet or the container runtime: they report through each Node instead (${finding.detail}).`;
      return `Pods named like a node agent: ${list(finding.names, finding.more)}.`;
    case 'tierSelects':
      if (outcome === 'holds') return `-l tier=control-plane selects exactly the ${finding.count} static Pods: ${list(finding.names, finding.more)}.`;
      if (outcome === 'explained') return `No static Pods to select: ${shapeText(finding)}.`;
      if (reason === 'labels-unknown') return 'The Pods\' labels are not known yet.';
      if (reason === 'missing') return 'No static Pods in kube-system.';
      if (reason === 'selects-others') return `-l tier=control-plane also selects Pods that are not static: ${list(finding.names, finding.more)}.`;
      return `Static Pods without the label tier=control-plane: ${list(finding.names, finding.more)}.`;
    case 'mirrorMarks':
      if (outcome === 'holds') return `${finding.subject}: annotation kubernetes.io/config.mirror, labels ${list(finding.names, finding.more)}, Node: ${finding.detail}.`;
      if (reason === 'labels-unknown') return `${finding.subject}: its labels are not known yet.`;
      return `${finding.subject}: missing ${list(finding.names, finding.more)}.`;
    case 'daemonSet':
      if (outcome === 'holds') return `DaemonSet ${finding.subject}: ${finding.detail} ready, one per node.`;
      if (outcome === 'explained') return `${finding.subject === 'cni' ? 'The network plugin' : finding.subject}: no DaemonSet, as expected here: ${shapeText(finding)}.`;
      if (reason === 'missing') return `${finding.subject === 'cni' ? 'The network plugin' : finding.subject}: no DaemonSet in kube-system.`;
      return `DaemonSet ${finding.subject}: ${finding.detail} ready, on ${finding.count} nodes.`;
    case 'coreDns':
      if (outcome === 'holds') return `Deployment ${finding.subject}: ${finding.detail} ready${finding.names?.length ? `, on ${list(finding.names, finding.more)}` : ''}.`;
      if (reason === 'missing') return 'No coredns Deployment in kube-system.';
      return `Deployment ${finding.subject}: ${finding.detail} ready.`;
    case 'dnsService':
      if (outcome === 'holds') return `Service ${finding.subject}${finding.detail ? ` (${finding.detail})` : ''}: the name is kube-dns, the server behind it is CoreDNS.`;
      return 'No Service kube-dns in kube-system.';
    case 'runtimeVersion':
      if (outcome === 'holds') return `Container Runtime Version: ${finding.detail}.`;
      return reason === 'missing' ? 'No nodes.' : `No Container Runtime Version on ${list(finding.names, finding.more)}.`;
    case 'kubeletVersion':
      if (outcome === 'holds') return `Kubelet Version: ${finding.detail}.`;
      return reason === 'missing' ? 'No nodes.' : `No Kubelet Version on ${list(finding.names, finding.more)}.`;
    case 'leasePerNode':
      if (outcome === 'holds') return `${finding.count} Leases in kube-node-lease, one per node.`;
      return reason === 'missing' ? 'No nodes.' : `No Lease for ${list(finding.names, finding.more)}.`;
    case 'renewTimeAdvances':
      if (outcome === 'holds') return `spec.renewTime advanced on every node (${finding.detail}).`;
      if (outcome === 'waiting') return `Waiting for the next renewal on ${list(finding.names, finding.more)} (kubelet renews about every 10 s).`;
      if (reason === 'expired') return `Not renewed within the Lease's duration: ${list(finding.names, finding.more)}. Its kubelet has stopped sending heartbeats.`;
      return 'No Leases to watch.';
  }
}

const MARKS: Record<Finding['outcome'], string> = { holds: '✓', explained: '–', waiting: '…', fails: '✗', unknown: '?' };
const STEP_MARKS: Record<StepOutcome, string> = { done: '✓', fails: '✗', waiting: '…', unknown: '?' };

/** The report as the CLI prints it: each step with its kubectl commands and what was seen. */
export function renderHandsOnText(report: HandsOnReport, anatomy: Pick<ClusterAnatomy, 'context' | 'nodes'>): string {
  const lines = [`Hands-on checks on ${report.context}`, ''];
  report.steps.forEach((step, index) => {
    lines.push(`${STEP_MARKS[step.outcome]} ${index + 1}. ${STEP_TITLES[step.id]}`);
    for (const args of handsOnCommands(step.id, anatomy)) lines.push(`     $ ${commandLine(args)}`);
    for (const finding of step.findings) lines.push(`   ${MARKS[finding.outcome]} ${findingText(finding)}`);
    lines.push('');
  });
  const done = report.steps.filter((step) => step.outcome === 'done').length;
  lines.push(report.allDone ? `All ${report.steps.length} steps hold on this cluster.` : `${done} of ${report.steps.length} steps hold.`);
  return textLines(lines);
}
