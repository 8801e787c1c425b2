/**
 * The tutorial's hands-on, checked on the learner's own cluster. Each step is one section of the hands-on (what
 * it runs with kubectl), each finding one thing that section says to look for, with what was seen. A finding
 * that cannot hold on this kind of cluster (no static Pods on a hosted control plane) is explained, not failed.
 */
import type { AbsentComponent, ClusterAnatomy, ComponentId, ComponentPod, Evidence, HiddenRead, NodeAnatomy } from '../anatomy/types';
import { evidenceSentence, type EvidenceStrings } from '../anatomy/strings';
import type { AnatomyTarget } from '../anatomy/target';
import { CONTROL_PLANE_ROLE_LABEL, LEGACY_MASTER_ROLE_LABEL } from '../anatomy/classification/controlPlane';
import { MIRROR_ANNOTATION } from '../anatomy/classification/pods';
import type { LeaseProgress } from './leaseProgress';

export const HANDS_ON_STEPS = ['nodes', 'kubeSystemPods', 'staticPods', 'workloads', 'nodeAgents', 'leases'] as const;
export type HandsOnStepId = (typeof HANDS_ON_STEPS)[number];

/** holds: seen as the article says; explained: cannot hold on this kind of cluster, and why; waiting: not yet seen. */
export type FindingOutcome = 'holds' | 'fails' | 'waiting' | 'explained' | 'unknown';

export type FindingCode =
  | 'nodesReady'
  | 'controlPlaneLabel'
  | 'staticPod'
  | 'perNodeDaemon'
  | 'noAgentPods'
  | 'tierSelects'
  | 'mirrorMarks'
  | 'daemonSet'
  | 'coreDns'
  | 'dnsService'
  | 'runtimeVersion'
  | 'kubeletVersion'
  | 'leasePerNode'
  | 'renewTimeAdvances';

/**
 * One thing looked for, as structured data: each view words it in its own language. `reason` says why it fails,
 * is explained or is unknown; `names` are the nodes or Pods it is about; `detail` a value seen (a version, an
 * IP, a ratio such as "2/2").
 */
export interface Finding {
  readonly code: FindingCode;
  readonly outcome: FindingOutcome;
  /** The component or object the finding is about (kube-proxy, kindnet, coredns …). */
  readonly subject?: string;
  readonly reason?: FindingReason;
  readonly names?: readonly string[];
  /** How many names were left out of `names` (a finding names at most MAX_NAMES: a cluster may have thousands). */
  readonly more?: number;
  readonly detail?: string;
  readonly count?: number;
  /** For a finding that could not be checked because RBAC hides what it reads: the read and the permissions it needs. */
  readonly hidden?: HiddenRead;
}

export type FindingReason =
  // explained: the cluster's shape
  | 'hosted-control-plane'
  | 'embedded'
  | 'external-etcd'
  | 'replaced-by-cni'
  | 'disabled'
  | 'older-label'
  | 'no-static-pods'
  // fails
  | 'missing'
  | 'not-ready'
  | 'not-on-control-plane'
  | 'name-without-node'
  | 'missing-on-nodes'
  | 'several-on-nodes'
  | 'agent-pods'
  | 'selects-others'
  | 'misses-static'
  | 'marks-missing'
  | 'expired'
  // unknown
  | 'unreadable'
  | 'labels-unknown';

export type StepOutcome = 'done' | 'fails' | 'waiting' | 'unknown';

export interface HandsOnStep {
  readonly id: HandsOnStepId;
  readonly outcome: StepOutcome;
  readonly findings: readonly Finding[];
  /** What the step's kubectl commands show, for the tree and the diagram to point at. */
  readonly targets: readonly AnatomyTarget[];
}

export interface HandsOnReport {
  readonly context: string;
  readonly checkedAt: string;
  readonly steps: readonly HandsOnStep[];
  /** True when every step is done (each finding holds or is explained). */
  readonly allDone: boolean;
}

/** What the checks read besides the anatomy: labels are not part of it (they are what `-l` selects on). */
export interface HandsOnInput {
  readonly anatomy: ClusterAnatomy;
  /** A kube-system Pod's labels, as last watched; undefined when the Pod is not known. */
  readonly podLabels: (namespace: string, name: string) => Readonly<Record<string, string>> | undefined;
  readonly leases: LeaseProgress;
}

export const STATIC_COMPONENTS = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'] as const;
/** Reasons an absent component gives that are this cluster's shape, not a fault. */
const SHAPE_REASONS: ReadonlySet<string> = new Set(['hosted-control-plane', 'embedded', 'external-etcd', 'replaced-by-cni', 'disabled']);

export function checkHandsOn(input: HandsOnInput, now = Date.now()): HandsOnReport {
  const { anatomy } = input;
  const steps: HandsOnStep[] = [
    nodesStep(anatomy),
    kubeSystemPodsStep(anatomy),
    staticPodsStep(input),
    workloadsStep(anatomy),
    nodeAgentsStep(anatomy),
    leasesStep(input),
  ];
  return {
    context: anatomy.context,
    checkedAt: new Date(now).toISOString(),
    steps,
    allDone: steps.every((step) => step.outcome === 'done'),
  };
}

/** Names a finding shows; the rest are counted in `more`. */
export const MAX_NAMES = 10;
/** Objects a step points the views at; at 5,000 nodes the diagram draws groups, not every box. */
const MAX_TARGETS = 10_000;

function capped(finding: Finding): Finding {
  const names = finding.names;
  return names && names.length > MAX_NAMES ? { ...finding, names: names.slice(0, MAX_NAMES), more: names.length - MAX_NAMES } : finding;
}

function step(id: HandsOnStepId, findings: Finding[], targets: AnatomyTarget[]): HandsOnStep {
  const has = (outcome: FindingOutcome) => findings.some((finding) => finding.outcome === outcome);
  const outcome: StepOutcome = has('fails') ? 'fails' : has('waiting') ? 'waiting' : has('unknown') ? 'unknown' : 'done';
  return { id, outcome, findings: findings.map(capped), targets: targets.slice(0, MAX_TARGETS) };
}

function unreadable(anatomy: ClusterAnatomy, resource: string): boolean {
  return anatomy.unreadable.some((entry) => entry.resource === resource);
}

/** A finding that cannot be checked: the first of the resources that cannot be read, and what RBAC hides of it. */
function notReadable(anatomy: ClusterAnatomy, code: FindingCode, resources: readonly string[]): Finding | undefined {
  const resource = resources.find((candidate) => unreadable(anatomy, candidate));
  if (resource === undefined) return undefined;
  const hidden = anatomy.hidden?.find((read) => read.resource === resource && read.id !== 'controlPlaneLeases');
  return { code, outcome: 'unknown', reason: 'unreadable', ...(hidden && { hidden }) };
}

function allPods(anatomy: ClusterAnatomy): { pod: ComponentPod; node: NodeAnatomy | undefined }[] {
  const placed = anatomy.nodes.flatMap((node) => node.components.map((pod) => ({ pod, node })));
  return [...placed, ...(anatomy.unscheduled ?? []).map((pod) => ({ pod, node: undefined }))];
}

function absentShape(anatomy: ClusterAnatomy, component: ComponentId): AbsentComponent | undefined {
  return anatomy.absent.find((absent) => absent.component === component && SHAPE_REASONS.has(absent.reasonCode));
}

/** A finding explained by the cluster's shape: the absent component's reason, and what does its work instead. */
function explainedBy(shape: AbsentComponent): Pick<Finding, 'outcome' | 'reason' | 'detail'> {
  return { outcome: 'explained', reason: shape.reasonCode as FindingReason, ...(shape.implementation && { detail: shape.implementation }) };
}

/** Nothing found: unknown when the resource could not be listed, a failure when it was listed and is not there. */
function notFound(anatomy: ClusterAnatomy, resource: string): Pick<Finding, 'outcome' | 'reason' | 'hidden'> {
  if (!unreadable(anatomy, resource)) return { outcome: 'fails', reason: 'missing' };
  const { outcome, reason, hidden } = notReadable(anatomy, 'nodesReady', [resource])!;
  return { outcome, reason, ...(hidden && { hidden }) };
}

// ---- kubectl get nodes ----

function nodesStep(anatomy: ClusterAnatomy): HandsOnStep {
  const names = anatomy.nodes.map((node) => node.name);
  const findings: Finding[] = [];
  const hiddenNodes = notReadable(anatomy, 'nodesReady', ['nodes']);
  if (hiddenNodes) {
    findings.push(hiddenNodes);
  } else {
    const notReady = anatomy.nodes.filter((node) => node.ready !== 'True').map((node) => node.name);
    findings.push(
      names.length > 0 && notReady.length === 0
        ? { code: 'nodesReady', outcome: 'holds', names, count: names.length }
        : {
            code: 'nodesReady',
            outcome: 'fails',
            reason: names.length === 0 ? 'missing' : 'not-ready',
            names: notReady,
            count: names.length,
          },
    );
  }
  findings.push(controlPlaneLabelFinding(anatomy));
  return step(
    'nodes',
    findings,
    anatomy.nodes.map((node) => ({ node: node.name })),
  );
}

function controlPlaneLabelFinding(anatomy: ClusterAnatomy): Finding {
  const labelled = anatomy.nodes
    .filter((node) => node.roleEvidence.some((evidence) => evidence.kind === 'label' && evidence.key === CONTROL_PLANE_ROLE_LABEL))
    .map((node) => node.name);
  if (labelled.length > 0) return { code: 'controlPlaneLabel', outcome: 'holds', names: labelled, count: labelled.length };
  const older = anatomy.nodes
    .filter((node) => node.roleEvidence.some((evidence) => evidence.key === LEGACY_MASTER_ROLE_LABEL))
    .map((node) => node.name);
  if (older.length > 0)
    return { code: 'controlPlaneLabel', outcome: 'explained', reason: 'older-label', names: older, detail: LEGACY_MASTER_ROLE_LABEL };
  if (anatomy.controlPlane.mode === 'hosted') return { code: 'controlPlaneLabel', outcome: 'explained', reason: 'hosted-control-plane' };
  return { code: 'controlPlaneLabel', ...notFound(anatomy, 'nodes') };
}

// ---- kubectl get pods -n kube-system -o wide ----

function kubeSystemPodsStep(anatomy: ClusterAnatomy): HandsOnStep {
  // Where each Pod runs needs the Nodes as well as the Pods.
  const hidden = notReadable(anatomy, 'staticPod', ['pods', 'nodes']);
  if (hidden) return step('kubeSystemPods', [hidden], []);
  const pods = allPods(anatomy);
  const findings: Finding[] = STATIC_COMPONENTS.map((component) => staticPodFinding(anatomy, component, pods));
  const proxy = perNodeDaemonFinding(anatomy, 'kube-proxy', pods);
  const cni = perNodeDaemonFinding(anatomy, 'cni', pods);
  findings.push(proxy, cni, noAgentPodsFinding(anatomy, pods));
  // The static Pods by name; the per-node Pods by component, which marks every box of them (one per node).
  const targets: AnatomyTarget[] = [
    ...pods
      .filter(({ pod }) => pod.source === 'static')
      .map(({ pod, node }) => ({
        pod: { namespace: pod.namespace, name: pod.pod },
        ...(node && { node: node.name }),
        component: pod.component,
      })),
    { component: 'kube-proxy' },
    { component: 'cni' },
  ];
  return step('kubeSystemPods', findings, targets);
}

function staticPodFinding(
  anatomy: ClusterAnatomy,
  component: ComponentId,
  pods: { pod: ComponentPod; node: NodeAnatomy | undefined }[],
): Finding {
  const mine = pods.filter(({ pod }) => pod.component === component);
  const shape = absentShape(anatomy, component);
  if (mine.length === 0 && shape) return { code: 'staticPod', subject: component, ...explainedBy(shape) };
  if (mine.length === 0) return { code: 'staticPod', outcome: 'fails', subject: component, reason: 'missing' };
  const notStatic = mine.filter(({ pod }) => pod.source !== 'static');
  if (notStatic.length === mine.length && anatomy.controlPlane.mode !== 'static-pods') {
    // A self-hosted control plane runs its components from DaemonSets or Deployments: no static Pod to find.
    return { code: 'staticPod', outcome: 'explained', subject: component, reason: 'no-static-pods', names: mine.map(({ pod }) => pod.pod) };
  }
  const offControlPlane = mine.filter(({ node }) => node?.role !== 'control-plane').map(({ pod }) => pod.pod);
  if (offControlPlane.length > 0)
    return { code: 'staticPod', outcome: 'fails', subject: component, reason: 'not-on-control-plane', names: offControlPlane };
  const unsuffixed = mine.filter(({ pod, node }) => pod.pod !== `${component}-${node!.name}`).map(({ pod }) => pod.pod);
  if (unsuffixed.length > 0)
    return { code: 'staticPod', outcome: 'fails', subject: component, reason: 'name-without-node', names: unsuffixed };
  // One on each control-plane node (one in the article's cluster, one per member of an HA control plane).
  const perNode = new Map<string, number>();
  for (const { node } of mine) perNode.set(node!.name, (perNode.get(node!.name) ?? 0) + 1);
  const several = [...perNode].filter(([, count]) => count > 1).map(([name]) => name);
  if (several.length > 0) return { code: 'staticPod', outcome: 'fails', subject: component, reason: 'several-on-nodes', names: several };
  return { code: 'staticPod', outcome: 'holds', subject: component, names: mine.map(({ pod }) => pod.pod), count: mine.length };
}

function perNodeDaemonFinding(
  anatomy: ClusterAnatomy,
  component: 'kube-proxy' | 'cni',
  pods: { pod: ComponentPod; node: NodeAnatomy | undefined }[],
): Finding {
  const mine = pods.filter(({ pod }) => pod.component === component && pod.source === 'daemonset');
  const subject = component === 'cni' ? (mine[0]?.pod.owner?.replace(/^DaemonSet\//, '') ?? 'cni') : component;
  const shape = absentShape(anatomy, component);
  if (mine.length === 0 && shape) return { code: 'perNodeDaemon', subject, ...explainedBy(shape) };
  if (mine.length === 0) return { code: 'perNodeDaemon', outcome: 'fails', subject, reason: 'missing' };
  const counts = new Map(anatomy.nodes.map((node) => [node.name, 0]));
  for (const { node } of mine) if (node) counts.set(node.name, (counts.get(node.name) ?? 0) + 1);
  const missingOn = [...counts].filter(([, count]) => count === 0).map(([name]) => name);
  if (missingOn.length > 0) return { code: 'perNodeDaemon', outcome: 'fails', subject, reason: 'missing-on-nodes', names: missingOn };
  const several = [...counts].filter(([, count]) => count > 1).map(([name]) => name);
  if (several.length > 0) return { code: 'perNodeDaemon', outcome: 'fails', subject, reason: 'several-on-nodes', names: several };
  return { code: 'perNodeDaemon', outcome: 'holds', subject, count: mine.length, names: mine.map(({ pod }) => pod.pod) };
}

/** kubelet starts Pods, so it cannot be one; nor can the runtime under it. Both report through the Node instead. */
const AGENT_POD_NAME = /^(kubelet|containerd|cri-o|crio|dockerd)(-|$)/;

function noAgentPodsFinding(anatomy: ClusterAnatomy, pods: { pod: ComponentPod }[]): Finding {
  const agents = pods.filter(({ pod }) => AGENT_POD_NAME.test(pod.pod)).map(({ pod }) => pod.pod);
  if (agents.length > 0) return { code: 'noAgentPods', outcome: 'fails', reason: 'agent-pods', names: agents };
  const reporting = anatomy.nodes.filter((node) => node.kubeletVersion && node.containerRuntime);
  return {
    code: 'noAgentPods',
    outcome: 'holds',
    count: reporting.length,
    detail: distinct(reporting.map((node) => `${node.kubeletVersion}, ${node.containerRuntime}`)).join('; '),
  };
}

// ---- kubectl get pods -n kube-system -l tier=control-plane; kubectl describe pod kube-apiserver-<node> ----

function staticPodsStep(input: HandsOnInput): HandsOnStep {
  const { anatomy } = input;
  const pods = allPods(anatomy);
  const staticPods = pods.filter(({ pod }) => pod.source === 'static');
  const targets = staticPods.map(({ pod, node }) => ({
    pod: { namespace: pod.namespace, name: pod.pod },
    ...(node && { node: node.name }),
    component: pod.component,
  }));
  const hidden = notReadable(anatomy, 'tierSelects', ['pods', 'nodes']);
  if (hidden) return step('staticPods', [hidden], []);
  if (staticPods.length === 0) {
    const shape = absentShape(anatomy, 'kube-apiserver');
    const explained: Finding = shape
      ? { code: 'tierSelects', ...explainedBy(shape) }
      : anatomy.controlPlane.mode === 'self-hosted'
        ? { code: 'tierSelects', outcome: 'explained', reason: 'no-static-pods' }
        : { code: 'tierSelects', outcome: 'fails', reason: 'missing' };
    return step('staticPods', [explained], targets);
  }
  return step('staticPods', [tierSelectsFinding(input, pods, staticPods), mirrorMarksFinding(input, staticPods)], targets);
}

function tierSelectsFinding(input: HandsOnInput, pods: { pod: ComponentPod }[], staticPods: { pod: ComponentPod }[]): Finding {
  const labelsOf = ({ pod }: { pod: ComponentPod }) => input.podLabels(pod.namespace, pod.pod);
  if (pods.some((entry) => labelsOf(entry) === undefined)) return { code: 'tierSelects', outcome: 'unknown', reason: 'labels-unknown' };
  const selected = pods.filter((entry) => labelsOf(entry)!.tier === 'control-plane');
  const others = selected.filter(({ pod }) => pod.source !== 'static').map(({ pod }) => pod.pod);
  if (others.length > 0) return { code: 'tierSelects', outcome: 'fails', reason: 'selects-others', names: others };
  const missed = staticPods.filter((entry) => labelsOf(entry)!.tier !== 'control-plane').map(({ pod }) => pod.pod);
  if (missed.length > 0) return { code: 'tierSelects', outcome: 'fails', reason: 'misses-static', names: missed };
  return { code: 'tierSelects', outcome: 'holds', count: selected.length, names: selected.map(({ pod }) => pod.pod) };
}

/** The marks of a mirror Pod that a failing mirrorMarks finding names (in English, each an evidence phrase). */
const MIRROR_MARKS = {
  annotation: { kind: 'annotation', key: MIRROR_ANNOTATION },
  component: { kind: 'label', key: 'component' },
  tier: { kind: 'label', key: 'tier=control-plane' },
} as const satisfies Record<string, Evidence>;

/** A mark a mirrorMarks finding names, in the evidence strings' language; another name as it is. */
export function mirrorMarkText(name: string, strings: EvidenceStrings): string {
  const mark = Object.values(MIRROR_MARKS).find((candidate) => evidenceSentence(candidate) === name);
  return mark ? evidenceSentence(mark, strings) : name;
}

/** What `kubectl describe pod kube-apiserver-<node>` shows: the mirror annotation, component= and tier= labels, the node. */
function mirrorMarksFinding(input: HandsOnInput, staticPods: { pod: ComponentPod; node: NodeAnatomy | undefined }[]): Finding {
  const entry = staticPods.find(({ pod }) => pod.component === 'kube-apiserver') ?? staticPods[0]!;
  const { pod, node } = entry;
  const labels = input.podLabels(pod.namespace, pod.pod);
  const annotation = pod.evidence.find((evidence) => evidence.kind === 'annotation' && evidence.key === MIRROR_ANNOTATION);
  if (!labels) return { code: 'mirrorMarks', outcome: 'unknown', subject: pod.pod, reason: 'labels-unknown' };
  const missing = [
    ...(annotation ? [] : [MIRROR_MARKS.annotation]),
    ...(labels.component ? [] : [MIRROR_MARKS.component]),
    ...(labels.tier === 'control-plane' ? [] : [MIRROR_MARKS.tier]),
  ].map((mark) => evidenceSentence(mark));
  if (missing.length > 0) return { code: 'mirrorMarks', outcome: 'fails', subject: pod.pod, reason: 'marks-missing', names: missing };
  return {
    code: 'mirrorMarks',
    outcome: 'holds',
    subject: pod.pod,
    names: [`component=${labels.component}`, 'tier=control-plane'],
    detail: node?.name ?? '',
  };
}

// ---- kubectl get daemonsets,deployments -n kube-system; kubectl get services -n kube-system ----

function workloadsStep(anatomy: ClusterAnatomy): HandsOnStep {
  const findings: Finding[] = [];
  const targets: AnatomyTarget[] = [];
  for (const component of ['kube-proxy', 'cni'] as const) {
    const daemonSet = anatomy.addons.find((addon) => addon.kind === 'DaemonSet' && addon.component === component);
    const shape = absentShape(anatomy, component);
    const nodesHidden = daemonSet ? notReadable(anatomy, 'daemonSet', ['nodes']) : undefined;
    if (daemonSet && nodesHidden) {
      // One per node cannot be told without the Nodes: ready or not, the count of nodes is hidden.
      findings.push({ ...nodesHidden, subject: daemonSet.name });
    } else if (daemonSet) {
      targets.push({ component });
      const ratio = `${daemonSet.readyCount ?? '?'}/${daemonSet.desired ?? '?'}`;
      const everyNode = daemonSet.desired === anatomy.nodes.length;
      findings.push(
        daemonSet.ready && everyNode
          ? { code: 'daemonSet', outcome: 'holds', subject: daemonSet.name, detail: ratio, count: anatomy.nodes.length }
          : {
              code: 'daemonSet',
              outcome: 'fails',
              subject: daemonSet.name,
              reason: 'not-ready',
              detail: ratio,
              count: anatomy.nodes.length,
            },
      );
    } else if (shape) {
      findings.push({ code: 'daemonSet', subject: component, ...explainedBy(shape) });
    } else {
      findings.push({ code: 'daemonSet', subject: component, ...notFound(anatomy, 'daemonsets') });
    }
  }
  const coredns = anatomy.addons.find((addon) => addon.kind === 'Deployment' && addon.component === 'coredns');
  if (coredns) {
    targets.push({ component: 'coredns' });
    const ratio = `${coredns.readyCount ?? '?'}/${coredns.desired ?? '?'}`;
    findings.push({
      code: 'coreDns',
      outcome: coredns.ready ? 'holds' : 'fails',
      subject: coredns.name,
      detail: ratio,
      names: coredns.nodes,
      ...(!coredns.ready && { reason: 'not-ready' as const }),
    });
  } else {
    findings.push({ code: 'coreDns', subject: 'coredns', ...notFound(anatomy, 'deployments') });
  }
  const service = anatomy.addons.find((addon) => addon.kind === 'Service' && addon.name === 'kube-dns');
  if (service) findings.push({ code: 'dnsService', outcome: 'holds', subject: service.name, detail: service.clusterIP ?? '' });
  else findings.push({ code: 'dnsService', subject: 'kube-dns', ...notFound(anatomy, 'services') });
  return step('workloads', findings, targets);
}

// ---- kubectl describe node <node> ----

function nodeAgentsStep(anatomy: ClusterAnatomy): HandsOnStep {
  const versionFinding = (code: 'runtimeVersion' | 'kubeletVersion', read: (node: NodeAnatomy) => string | null): Finding => {
    if (anatomy.nodes.length === 0) return { code, ...notFound(anatomy, 'nodes') };
    const without = anatomy.nodes.filter((node) => !read(node)).map((node) => node.name);
    if (without.length > 0) return { code, outcome: 'fails', reason: 'missing-on-nodes', names: without };
    return { code, outcome: 'holds', detail: distinct(anatomy.nodes.map((node) => read(node)!)).join(', '), count: anatomy.nodes.length };
  };
  const findings = [
    versionFinding('runtimeVersion', (node) => node.containerRuntime),
    versionFinding('kubeletVersion', (node) => node.kubeletVersion),
  ];
  const targets = [{ component: 'kubelet' }, { component: 'container-runtime' }];
  return step('nodeAgents', findings, targets);
}

// ---- kubectl get leases -n kube-node-lease; kubectl get lease <node> -o yaml, twice ----

function leasesStep(input: HandsOnInput): HandsOnStep {
  const { anatomy, leases } = input;
  const targets = anatomy.nodes.map((node) => ({ node: node.name }));
  const hidden = notReadable(anatomy, 'leasePerNode', ['leases', 'nodes']);
  if (hidden) return step('leases', [hidden], targets);
  const findings: Finding[] = [];
  const without = anatomy.nodes.filter((node) => !node.lease).map((node) => node.name);
  findings.push(
    anatomy.nodes.length > 0 && without.length === 0
      ? { code: 'leasePerNode', outcome: 'holds', count: anatomy.nodes.length, names: anatomy.nodes.map((node) => node.name) }
      : { code: 'leasePerNode', outcome: 'fails', reason: anatomy.nodes.length === 0 ? 'missing' : 'missing-on-nodes', names: without },
  );
  const withLease = anatomy.nodes.filter((node) => node.lease);
  // One pass: each node has advanced, stopped before it was seen to advance, or is still awaited.
  const advanced: string[] = [];
  const expired: string[] = [];
  const pending: string[] = [];
  for (const { name } of withLease) (leases.advanced(name) ? advanced : leases.expired(name) ? expired : pending).push(name);
  if (expired.length > 0) findings.push({ code: 'renewTimeAdvances', outcome: 'fails', reason: 'expired', names: expired });
  else if (withLease.length === 0) findings.push({ code: 'renewTimeAdvances', outcome: 'fails', reason: 'missing' });
  else if (pending.length > 0) findings.push({ code: 'renewTimeAdvances', outcome: 'waiting', names: pending, count: advanced.length });
  else {
    const first = withLease[0]!.name;
    findings.push({
      code: 'renewTimeAdvances',
      outcome: 'holds',
      names: advanced,
      count: advanced.length,
      detail: leases.span(first) ?? '',
    });
  }
  return step('leases', findings, targets);
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}
