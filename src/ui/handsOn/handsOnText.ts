/** The hands-on's steps, findings and experiments in the user's language (the core words them in English for the CLI). */
import * as vscode from 'vscode';
import type { Finding, HandsOnStepId } from '../../core/handsOn/checks';
import type { ExperimentId, ExperimentPlan, ExperimentResult, ExperimentUnavailable } from '../../core/handsOn/experiments';

export function stepTitle(id: HandsOnStepId): string {
  switch (id) {
    case 'nodes':
      return vscode.l10n.t('The nodes, and which one is the control plane');
    case 'kubeSystemPods':
      return vscode.l10n.t("kube-system's Pods and where they run");
    case 'staticPods':
      return vscode.l10n.t('Telling the static Pods apart');
    case 'workloads':
      return vscode.l10n.t('The components run by a DaemonSet or a Deployment');
    case 'nodeAgents':
      return vscode.l10n.t('The components that are not Pods');
    case 'leases':
      return vscode.l10n.t("kubelet's heartbeat: the Leases");
  }
}

const list = (names: readonly string[] | undefined, more?: number) => (more ? vscode.l10n.t('{0}, and {1} more', (names ?? []).join(', '), more) : (names ?? []).join(', '));

function networkPlugin(finding: Finding): string {
  return finding.subject === 'cni' ? vscode.l10n.t('The network plugin') : (finding.subject ?? '');
}

/** Why a component has no Pod on this kind of cluster. */
function shapeText(finding: Finding): string {
  switch (finding.reason) {
    case 'hosted-control-plane':
      return vscode.l10n.t("the provider runs the control plane outside the cluster's nodes, so there is no Pod for it");
    case 'embedded':
      return finding.detail
        ? vscode.l10n.t("it is built into the cluster's own server and agent processes, not run as a Pod ({0})", finding.detail)
        : vscode.l10n.t("it is built into the cluster's own server and agent processes, not run as a Pod");
    case 'external-etcd':
      return vscode.l10n.t('kube-apiserver uses an etcd cluster outside Kubernetes, so there is no etcd Pod');
    case 'replaced-by-cni':
      return vscode.l10n.t('{0} does its work, so there is none', finding.detail ?? vscode.l10n.t('the network plugin'));
    case 'disabled':
      return vscode.l10n.t('it was turned off when the cluster was set up');
    case 'no-static-pods':
      return vscode.l10n.t('the control plane runs from DaemonSets or Deployments here, not from static Pods');
    default:
      return '';
  }
}

export function findingText(finding: Finding): string {
  const { outcome, reason } = finding;
  if (reason === 'unreadable') return vscode.l10n.t('Cannot be checked: the objects it reads cannot be listed with these credentials.');
  switch (finding.code) {
    case 'nodesReady':
      if (outcome === 'holds') return vscode.l10n.t('{0} nodes, all Ready: {1}.', finding.count ?? 0, list(finding.names, finding.more));
      return reason === 'missing' ? vscode.l10n.t('No nodes.') : vscode.l10n.t('{0} nodes; not Ready: {1}.', finding.count ?? 0, list(finding.names, finding.more));
    case 'controlPlaneLabel':
      if (outcome === 'holds') return vscode.l10n.t('The label node-role.kubernetes.io/control-plane marks the control-plane node: {0}.', list(finding.names, finding.more));
      if (reason === 'older-label') return vscode.l10n.t('The control-plane node {0} carries the older label {1} instead, so -l node-role.kubernetes.io/control-plane selects nothing on this cluster.', list(finding.names, finding.more), finding.detail ?? '');
      if (reason === 'hosted-control-plane') return vscode.l10n.t("No node is a control-plane node: the provider runs the control plane outside the cluster's nodes.");
      return vscode.l10n.t('No node carries the label node-role.kubernetes.io/control-plane.');
    case 'staticPod':
      if (outcome === 'holds') {
        return (finding.count ?? 0) > 1
          ? vscode.l10n.t('{0}: {1}, on the control-plane nodes, named after each node.', finding.subject ?? '', list(finding.names, finding.more))
          : vscode.l10n.t('{0}: {1}, on the control-plane node, named after the node.', finding.subject ?? '', list(finding.names, finding.more));
      }
      if (outcome === 'explained') return vscode.l10n.t('{0}: no Pod, as expected here: {1}.', finding.subject ?? '', shapeText(finding));
      if (reason === 'missing') return vscode.l10n.t('{0}: no Pod in kube-system.', finding.subject ?? '');
      if (reason === 'not-on-control-plane') return vscode.l10n.t('{0}: {1} runs on a node that is not a control-plane node.', finding.subject ?? '', list(finding.names, finding.more));
      if (reason === 'name-without-node') return vscode.l10n.t("{0}: {1} does not end with its node's name.", finding.subject ?? '', list(finding.names, finding.more));
      return vscode.l10n.t('{0}: more than one Pod on {1}.', finding.subject ?? '', list(finding.names, finding.more));
    case 'perNodeDaemon':
      if (outcome === 'holds') return vscode.l10n.t('{0}: one Pod on each node ({1}).', finding.subject ?? '', finding.count ?? 0);
      if (outcome === 'explained') return vscode.l10n.t('{0}: no Pods, as expected here: {1}.', networkPlugin(finding), shapeText(finding));
      if (reason === 'missing') return vscode.l10n.t('{0}: no DaemonSet Pods in kube-system.', networkPlugin(finding));
      if (reason === 'missing-on-nodes') return vscode.l10n.t('{0}: no Pod on {1}.', finding.subject ?? '', list(finding.names, finding.more));
      return vscode.l10n.t('{0}: more than one Pod on {1}.', finding.subject ?? '', list(finding.names, finding.more));
    case 'noAgentPods':
      if (outcome === 'holds') return vscode.l10n.t('No Pod for kubelet or the container runtime: they report through each Node instead ({0}).', finding.detail ?? '');
      return vscode.l10n.t('Pods named like a node agent: {0}.', list(finding.names, finding.more));
    case 'tierSelects':
      if (outcome === 'holds') return vscode.l10n.t('-l tier=control-plane selects exactly the {0} static Pods: {1}.', finding.count ?? 0, list(finding.names, finding.more));
      if (outcome === 'explained') return vscode.l10n.t('No static Pods to select: {0}.', shapeText(finding));
      if (reason === 'labels-unknown') return vscode.l10n.t("The Pods' labels are not known yet.");
      if (reason === 'missing') return vscode.l10n.t('No static Pods in kube-system.');
      if (reason === 'selects-others') return vscode.l10n.t('-l tier=control-plane also selects Pods that are not static: {0}.', list(finding.names, finding.more));
      return vscode.l10n.t('Static Pods without the label tier=control-plane: {0}.', list(finding.names, finding.more));
    case 'mirrorMarks':
      if (outcome === 'holds') return vscode.l10n.t('{0}: annotation kubernetes.io/config.mirror, labels {1}, Node: {2}.', finding.subject ?? '', list(finding.names, finding.more), finding.detail ?? '');
      if (reason === 'labels-unknown') return vscode.l10n.t('{0}: its labels are not known yet.', finding.subject ?? '');
      return vscode.l10n.t('{0}: missing {1}.', finding.subject ?? '', list(finding.names, finding.more));
    case 'daemonSet':
      if (outcome === 'holds') return vscode.l10n.t('DaemonSet {0}: {1} ready, one per node.', finding.subject ?? '', finding.detail ?? '');
      if (outcome === 'explained') return vscode.l10n.t('{0}: no DaemonSet, as expected here: {1}.', networkPlugin(finding), shapeText(finding));
      if (reason === 'missing') return vscode.l10n.t('{0}: no DaemonSet in kube-system.', networkPlugin(finding));
      return vscode.l10n.t('DaemonSet {0}: {1} ready, on {2} nodes.', finding.subject ?? '', finding.detail ?? '', finding.count ?? 0);
    case 'coreDns':
      if (outcome === 'holds') {
        return finding.names?.length
          ? vscode.l10n.t('Deployment {0}: {1} ready, on {2}.', finding.subject ?? '', finding.detail ?? '', list(finding.names, finding.more))
          : vscode.l10n.t('Deployment {0}: {1} ready.', finding.subject ?? '', finding.detail ?? '');
      }
      if (reason === 'missing') return vscode.l10n.t('No coredns Deployment in kube-system.');
      return vscode.l10n.t('Deployment {0}: {1} ready.', finding.subject ?? '', finding.detail ?? '');
    case 'dnsService':
      if (outcome === 'holds') return vscode.l10n.t('Service {0} ({1}): the name is kube-dns, the server behind it is CoreDNS.', finding.subject ?? '', finding.detail ?? '');
      return vscode.l10n.t('No Service kube-dns in kube-system.');
    case 'runtimeVersion':
      if (outcome === 'holds') return vscode.l10n.t('Container Runtime Version: {0}.', finding.detail ?? '');
      return reason === 'missing' ? vscode.l10n.t('No nodes.') : vscode.l10n.t('No Container Runtime Version on {0}.', list(finding.names, finding.more));
    case 'kubeletVersion':
      if (outcome === 'holds') return vscode.l10n.t('Kubelet Version: {0}.', finding.detail ?? '');
      return reason === 'missing' ? vscode.l10n.t('No nodes.') : vscode.l10n.t('No Kubelet Version on {0}.', list(finding.names, finding.more));
    case 'leasePerNode':
      if (outcome === 'holds') return vscode.l10n.t('{0} Leases in kube-node-lease, one per node.', finding.count ?? 0);
      return reason === 'missing' ? vscode.l10n.t('No nodes.') : vscode.l10n.t('No Lease for {0}.', list(finding.names, finding.more));
    case 'renewTimeAdvances':
      if (outcome === 'holds') return vscode.l10n.t('spec.renewTime advanced on every node ({0}).', finding.detail ?? '');
      if (outcome === 'waiting') return vscode.l10n.t('Waiting for the next renewal on {0} (kubelet renews about every 10 s).', list(finding.names, finding.more));
      if (reason === 'expired') return vscode.l10n.t("Not renewed within the Lease's duration: {0}. Its kubelet has stopped sending heartbeats.", list(finding.names, finding.more));
      return vscode.l10n.t('No Leases to watch.');
  }
}

export function experimentTitle(id: ExperimentId): string {
  switch (id) {
    case 'deleteMirrorPod':
      return vscode.l10n.t('Delete a mirror Pod');
    case 'deleteCoreDnsPod':
      return vscode.l10n.t('Delete a CoreDNS Pod');
    case 'scaleCoreDns':
      return vscode.l10n.t('Scale CoreDNS up by one');
    case 'stopHeartbeat':
      return vscode.l10n.t("Stop a node's heartbeat");
  }
}

/** What will happen, said before anything is done. */
export function experimentPrediction(plan: ExperimentPlan): string {
  switch (plan.id) {
    case 'deleteMirrorPod':
      return vscode.l10n.t('This deletes the mirror Pod {0}. kubelet on {1} keeps the static Pod running and publishes its mirror Pod again: the same name, a new object (a new uid).', plan.subject, plan.node ?? '');
    case 'deleteCoreDnsPod':
      return vscode.l10n.t('This deletes the Pod {0} on {1}. The ReplicaSet controller creates a new Pod in its place, kube-scheduler binds it to a node, and that node\'s kubelet starts it.', plan.subject, plan.node ?? '');
    case 'scaleCoreDns':
      return vscode.l10n.t('This scales the Deployment {0} from {1} to {2} replicas. The ReplicaSet controller creates one more Pod and kube-scheduler picks its node; the result says which, and why.', plan.subject, plan.replicas?.from ?? 0, plan.replicas?.to ?? 0);
    case 'stopHeartbeat':
      return vscode.l10n.t("This stops the kubelet of {0} from renewing its Lease (the demo's kubelet only). After the grace period the node lifecycle controller marks the node Unknown and taints it; after 5 minutes it evicts its Pods, unless the heartbeat comes back.", plan.subject);
  }
}

export function experimentUnavailableText(reason: ExperimentUnavailable['unavailable']): string {
  switch (reason) {
    case 'no-static-pods':
      return vscode.l10n.t('This cluster has no static Pods to delete a mirror of.');
    case 'no-coredns':
      return vscode.l10n.t('This cluster has no CoreDNS Deployment in kube-system.');
    case 'no-worker':
      return vscode.l10n.t('This cluster has no Ready worker node.');
    case 'demo-only':
      return vscode.l10n.t('Only the demo cluster can stop a kubelet: on a real cluster it would mean stopping a machine.');
  }
}

/** What was seen afterwards. */
export function experimentResultText(result: ExperimentResult): string {
  const { plan, seen } = result;
  if (result.outcome === 'not-yet') return vscode.l10n.t('Not seen yet: {0} has not done what was said. The tree and the diagram keep showing the cluster live.', experimentTitle(plan.id));
  const seconds = result.seconds ?? 0;
  switch (plan.id) {
    case 'deleteMirrorPod':
      return vscode.l10n.t('Seen after {0} s: {1} is back, a new object (uid {2} → {3}). The static Pod never stopped.', seconds, plan.subject, seen?.uid?.before ?? '', seen?.uid?.after ?? '');
    case 'deleteCoreDnsPod':
    case 'scaleCoreDns': {
      const pods = (seen?.pods ?? []).map((pod) => vscode.l10n.t('{0} on {1}', pod.name, pod.node)).join(', ');
      return plan.id === 'deleteCoreDnsPod'
        ? vscode.l10n.t('Seen after {0} s: the ReplicaSet controller created {1}, and kube-scheduler placed it.', seconds, pods)
        : vscode.l10n.t('Seen after {0} s: {1} replicas ready; the new one is {2}.', seconds, plan.replicas?.to ?? 0, pods);
    }
    case 'stopHeartbeat':
      return vscode.l10n.t('Seen after {0} s: {1} is {2}. Its Pods will be evicted after 5 minutes unless the heartbeat comes back.', seconds, plan.subject, seen?.ready ?? '');
  }
}
