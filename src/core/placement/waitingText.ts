/**
 * The sentences of "Waiting for a node": a group's row ("web: 500 replicas, all for the same reason: Insufficient
 * cpu on 4,990 nodes"), and what each state the server reports means, with the Kubernetes version it comes with.
 * English once; the extension translates through vscode.l10n.t, the CLI through the same bundle (`--lang`).
 * Workload names and the server's messages are cluster text: the views show them as text, never markup.
 */
import { type Catalog, format } from '../util/catalog';
import type { GroupReason, WaitingAnswer, WaitingGroup, WaitingState, WaitingView } from './waitingGroups';
import { groupReason } from './waitingGroups';

export const defaultWaitingStrings = {
  replicasOne: '1 replica',
  replicas: '{0} replicas',
  podsOne: '1 Pod',
  pods: '{0} Pods',
  sameReasonServer: '{0}, all for the same reason: {1} on {2} nodes',
  mostReasonServer: '{0}; {1} of them for: {2} on {3} nodes',
  reasonModel: '{0}, by the model: {1} on {2} nodes',
  fitsSomewhere: '{0}, not tried yet; fits {1} of {2} nodes now',
  notTried: '{0}, not tried by the scheduler yet',
  gated: '{0}, held by scheduling gates: {1}',
  notReadyForScheduling: '{0}, not ready for scheduling: {1}',
  notReadyForSchedulingNoMessage: '{0}, not ready for scheduling',
  waitingForGroup: '{0}, waiting for their group {1}: {2} of {3} members exist, {4} missing',
  nominated: '{0}, {1} with a nominated node',
  otherScheduler: '{0}, for the scheduler {1} (not the default scheduler)',
  perNode: '{0}, each pinned to its own node: {1}',
  perNodeNoReason: '{0}, each pinned to its own node',
  // The tree's row: the reason first, so a row cut at the sidebar's edge still shows it
  rowReason: '{0} on {1} nodes',
  rowReasonMost: '{0} on {1} nodes (most)',
  rowGated: 'scheduling gates: {0}',
  rowNotReady: 'not ready for scheduling',
  rowGroup: '{0} of {1} group members missing',
  rowNominated: '{0}, {1} nominated',
  rowNotTried: 'not tried yet',
  rowFits: 'fits {0} of {1} nodes now',
  rowOtherScheduler: 'scheduler {0}',
  rowPerNode: 'each for its own node',
  rowWithCount: '{0} · {1}',
  // What each state means, and from which Kubernetes version the server reports it
  aboutGated:
    'spec.schedulingGates holds the Pods: kube-apiserver writes PodScheduled=False with reason SchedulingGated, and the scheduler does not consider them until every gate is removed (alpha in Kubernetes 1.26, beta in 1.27, GA in 1.30).',
  aboutNotReadyForScheduling:
    "A PreEnqueue plugin keeps the Pods out of the scheduling queue: kube-scheduler writes PodScheduled=False with reason NotReadyForScheduling and the plugin's message (beta in Kubernetes 1.35, SchedulerPreEnqueuePodStatus).",
  aboutWaitingForGroup:
    'Gang scheduling: spec.workloadRef names a pod group of a Workload (scheduling.k8s.io/v1alpha1), and the scheduler holds every member until minCount of them exist; by design it writes no condition meanwhile (alpha in Kubernetes 1.35, GenericWorkload and GangScheduling).',
  aboutNominated:
    'status.nominatedNodeName: the scheduler preempted lower-priority Pods on that node and waits for them to leave; from Kubernetes 1.35 (beta, NominatedNodeNameForExpectation) it is also set when binding starts.',
  aboutUnschedulable:
    'kube-scheduler tried every node and wrote PodScheduled=False with reason Unschedulable and its FailedScheduling message.',
  aboutNotTried: 'No PodScheduled condition yet: the scheduler has not tried these Pods.',
  aboutOtherScheduler: 'spec.schedulerName names another scheduler: the default scheduler never looks at these Pods.',
  aboutPerNode:
    "A DaemonSet pins each Pod to its node (matchFields metadata.name): one answer would not hold for the others; expand a Pod for its node's answer.",
  // The CLI's report
  heading: 'Waiting for a node: {0} Pods in {1} groups',
  headingNone: 'Waiting for a node: no Pending Pod',
  namespacesAll: 'Read in every namespace.',
  namespacesSome: 'Read in {0} only.',
  hiddenRead: 'Not read: {0} ({1}).',
  modelAnswer: 'the model: {0}',
  modelFits: 'the model: fits {0} of {1} nodes now',
  podNominated: '{0}: nominated to {1}',
  morePods: '… and {0} more Pods',
  serverSaid: 'the scheduler said: {0}',
} satisfies Catalog;

export type WaitingStrings = { readonly [K in keyof typeof defaultWaitingStrings]: string };

const number = (value: number) => value.toLocaleString('en-US');

/** "500 replicas" for a workload of replicas, "3 Pods" for Jobs, DaemonSets and bare Pods. */
export function podCountText(group: WaitingGroup, strings: WaitingStrings = defaultWaitingStrings): string {
  const count = group.pods.length;
  const replicas = group.workload.kind === 'Deployment' || group.workload.kind === 'StatefulSet' || group.workload.kind === 'ReplicaSet';
  if (replicas) return count === 1 ? strings.replicasOne : format(strings.replicas, number(count));
  return count === 1 ? strings.podsOne : format(strings.pods, number(count));
}

function reasonSentence(
  group: WaitingGroup,
  count: string,
  reason: GroupReason | undefined,
  answer: WaitingAnswer | undefined,
  strings: WaitingStrings,
): string {
  if (reason?.from === 'server') {
    if (group.sameReason) return format(strings.sameReasonServer, count, reason.reason, number(reason.nodes));
    return format(strings.mostReasonServer, count, number(group.said?.pods ?? 0), reason.reason, number(reason.nodes));
  }
  if (reason) return format(strings.reasonModel, count, reason.reason, number(reason.nodes));
  if (answer && answer.feasible > 0) return format(strings.fitsSomewhere, count, number(answer.feasible), number(answer.nodes));
  return format(strings.notTried, count);
}

/** The group's row after its workload's name: how many Pods, and why they wait. */
export function groupSummary(
  group: WaitingGroup,
  answer: WaitingAnswer | undefined,
  strings: WaitingStrings = defaultWaitingStrings,
): string {
  const count = podCountText(group, strings);
  const { state } = group;
  switch (state.kind) {
    case 'gated':
      return format(strings.gated, count, state.gates.join(', ') || 'SchedulingGated');
    case 'notReadyForScheduling':
      return state.message
        ? format(strings.notReadyForScheduling, count, state.message)
        : format(strings.notReadyForSchedulingNoMessage, count);
    case 'waitingForGroup':
      return format(
        strings.waitingForGroup,
        count,
        `${state.workload}/${state.podGroup}${state.replicaKey ? `/${state.replicaKey}` : ''}`,
        number(state.members),
        number(state.minCount),
        number(Math.max(0, state.minCount - state.members)),
      );
    case 'otherScheduler':
      return format(strings.otherScheduler, count, state.scheduler);
    case 'nominated': {
      const nominated = group.pods.filter((pod) => pod.nominatedNodeName).length;
      return format(strings.nominated, reasonSentence(group, count, groupReason(group, answer), answer, strings), number(nominated));
    }
    default: {
      if (group.perNode) {
        const reason = groupReason(group, undefined);
        return reason ? format(strings.perNode, count, reason.reason) : format(strings.perNodeNoReason, count);
      }
      return reasonSentence(group, count, groupReason(group, answer), answer, strings);
    }
  }
}

/** The tree row's description: why first (a row cut at the sidebar's edge still shows it), then how many. */
export function groupRowText(
  group: WaitingGroup,
  answer: WaitingAnswer | undefined,
  strings: WaitingStrings = defaultWaitingStrings,
): string {
  const count = podCountText(group, strings);
  const { state } = group;
  const reason = groupReason(group, group.perNode ? undefined : answer);
  const reasonText = reason
    ? format(group.sameReason || reason.from === 'model' ? strings.rowReason : strings.rowReasonMost, reason.reason, number(reason.nodes))
    : undefined;
  let why: string;
  switch (state.kind) {
    case 'gated':
      why = format(strings.rowGated, state.gates.join(', ') || 'SchedulingGated');
      break;
    case 'notReadyForScheduling':
      why = state.message ? `${strings.rowNotReady}: ${state.message}` : strings.rowNotReady;
      break;
    case 'waitingForGroup':
      why = format(strings.rowGroup, number(Math.max(0, state.minCount - state.members)), number(state.minCount));
      break;
    case 'otherScheduler':
      why = format(strings.rowOtherScheduler, state.scheduler);
      break;
    case 'nominated':
      why = format(
        strings.rowNominated,
        reasonText ?? strings.rowNotTried,
        number(group.pods.filter((pod) => pod.nominatedNodeName).length),
      );
      break;
    default:
      why =
        reasonText ??
        (group.perNode
          ? strings.rowPerNode
          : answer && answer.feasible > 0
            ? format(strings.rowFits, number(answer.feasible), number(answer.nodes))
            : strings.rowNotTried);
  }
  return format(strings.rowWithCount, why, count);
}

/** What the group's state means, and the Kubernetes version the server reports it from. */
export function stateAbout(group: WaitingGroup, strings: WaitingStrings = defaultWaitingStrings): string {
  if (group.perNode && (group.state.kind === 'unschedulable' || group.state.kind === 'notTried')) return strings.aboutPerNode;
  return aboutState(group.state, strings);
}

export function aboutState(state: WaitingState, strings: WaitingStrings = defaultWaitingStrings): string {
  switch (state.kind) {
    case 'gated':
      return strings.aboutGated;
    case 'notReadyForScheduling':
      return strings.aboutNotReadyForScheduling;
    case 'waitingForGroup':
      return strings.aboutWaitingForGroup;
    case 'nominated':
      return strings.aboutNominated;
    case 'unschedulable':
      return strings.aboutUnschedulable;
    case 'notTried':
      return strings.aboutNotTried;
    case 'otherScheduler':
      return strings.aboutOtherScheduler;
  }
}

/** "web" for a Deployment, "StatefulSet db", "Pod debug": the label of a group's row. */
export function workloadLabel(group: WaitingGroup): string {
  return group.workload.kind === 'Deployment' ? group.workload.name : `${group.workload.kind} ${group.workload.name}`;
}

/** The CLI's report: a line per group, the Pods under it, what could not be read. */
export function renderWaitingText(
  view: WaitingView,
  options: { readonly limit: number; readonly context?: string },
  strings: WaitingStrings = defaultWaitingStrings,
): string {
  const lines: string[] = [];
  lines.push(view.pods === 0 ? strings.headingNone : format(strings.heading, number(view.pods), number(view.groups.length)));
  lines.push(view.namespaces === 'all' ? strings.namespacesAll : format(strings.namespacesSome, view.namespaces.join(', ')));
  for (const hidden of view.hidden) lines.push(format(strings.hiddenRead, hidden.what, hidden.needs.map((need) => need.text).join(', ')));
  for (const group of view.groups) {
    const answer = view.answers.get(group.signature);
    lines.push('');
    lines.push(`${group.namespace}/${workloadLabel(group)}: ${groupSummary(group, answer, strings)}`);
    lines.push(`  ${stateAbout(group, strings)}`);
    if (group.said) lines.push(`  ${format(strings.serverSaid, group.said.message)}`);
    if (answer)
      lines.push(
        `  ${answer.message ? format(strings.modelAnswer, answer.message) : format(strings.modelFits, number(answer.feasible), number(answer.nodes))}`,
      );
    const shown = group.pods.slice(0, options.limit);
    for (const pod of shown)
      lines.push(`    ${pod.nominatedNodeName ? format(strings.podNominated, pod.name, pod.nominatedNodeName) : pod.name}`);
    if (group.pods.length > shown.length) lines.push(`    ${format(strings.morePods, number(group.pods.length - shown.length))}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The view as `placement --pending --json` prints it: groups with their answer, Pods by name. */
export function waitingJson(view: WaitingView, context: string): unknown {
  return {
    context,
    pods: view.pods,
    namespaces: view.namespaces,
    hidden: view.hidden,
    groups: view.groups.map((group) => {
      const answer = view.answers.get(group.signature);
      const reason = groupReason(group, answer);
      return {
        namespace: group.namespace,
        workload: group.workload,
        signature: group.signatureId,
        state: group.state,
        count: group.pods.length,
        summary: `${workloadLabel(group)}: ${groupSummary(group, answer)}`,
        about: stateAbout(group),
        schedulerSaid: group.said,
        sameReason: group.sameReason,
        ...(reason && { reason }),
        ...(answer && { model: answer }),
        pods: group.pods,
      };
    }),
  };
}
