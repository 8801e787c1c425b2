/**
 * "Waiting for a node" in the tree, as data: a row per group of waiting Pods (workload, signature, state), the
 * reads RBAC refused, and under each group its Pods as the tree's waiting-Pod rows (which work out their own
 * placement when opened). No sentences here: the adapter words them from waitingText.ts.
 */
import type { TreeElement } from '../anatomy/treeModel';
import { MAX_CHILDREN } from '../anatomy/treeModel';
import type { ClusterAnatomy, PodSource, UnscheduledPod } from '../anatomy/types';
import type { WaitingAnswer, WaitingGroup, WaitingView } from './waitingGroups';

export type WaitingElement =
  | { readonly type: 'waitingGroup'; readonly id: string; readonly group: WaitingGroup; readonly answer: WaitingAnswer | undefined }
  /** The Pods of a group past the tree's limit on children. */
  | { readonly type: 'waitingMore'; readonly id: string; readonly count: number };

export const isWaitingElement = (element: { readonly type: string }): element is WaitingElement =>
  element.type === 'waitingGroup' || element.type === 'waitingMore';

/** The section's count: every waiting Pod read, or kube-system's when nothing else was read yet. */
export function waitingCount(anatomy: ClusterAnatomy, view: WaitingView | undefined): number {
  return view ? view.pods : (anatomy.unscheduled?.length ?? 0);
}

/** The section's children: the reads that were refused, then a row per group, the largest first. */
export function waitingSectionChildren(sectionId: string, view: WaitingView): (TreeElement | WaitingElement)[] {
  const hidden: TreeElement[] = view.hidden.map((read) => ({ type: 'hiddenRead', id: `${sectionId}/hidden/${read.id}`, hidden: read }));
  const groups = view.groups.slice(0, MAX_CHILDREN - hidden.length).map((group): WaitingElement => ({
    type: 'waitingGroup',
    id: `${sectionId}/group/${group.key}`,
    group,
    answer: view.answers.get(group.signature),
  }));
  return [...hidden, ...groups];
}

const sourceOfKind: Readonly<Record<string, PodSource>> = {
  Deployment: 'deployment',
  ReplicaSet: 'replicaset',
  StatefulSet: 'statefulset',
  DaemonSet: 'daemonset',
  Job: 'job',
};

/**
 * A group's Pods as the tree's waiting-Pod rows: kube-system's as the anatomy classified them, the others with
 * what the read says (their workload, the scheduler's condition).
 */
export function waitingGroupChildren(
  anatomy: ClusterAnatomy | undefined,
  element: Extract<WaitingElement, { type: 'waitingGroup' }>,
): (TreeElement | WaitingElement)[] {
  const { group } = element;
  const known = new Map((anatomy?.unscheduled ?? []).map((pod) => [`${pod.namespace}/${pod.pod}`, pod]));
  const room = group.pods.length > MAX_CHILDREN ? MAX_CHILDREN - 1 : MAX_CHILDREN;
  const rows: (TreeElement | WaitingElement)[] = group.pods.slice(0, room).map((pod) => {
    const classified = known.get(`${pod.namespace}/${pod.name}`);
    const unscheduled: UnscheduledPod = classified ?? {
      component: 'other',
      pod: pod.name,
      namespace: pod.namespace,
      source: sourceOfKind[group.workload.kind] ?? 'bare',
      owner: group.workload.kind === 'Pod' ? null : `${group.workload.kind}/${group.workload.name}`,
      phase: 'Pending',
      ready: false,
      restarts: 0,
      reason: null,
      hostNetwork: false,
      evidence: [],
      notScheduled: pod.said,
    };
    return { type: 'unscheduledPod', id: `${element.id}/pod/${pod.name}`, pod: unscheduled };
  });
  if (group.pods.length > room) rows.push({ type: 'waitingMore', id: `${element.id}/more`, count: group.pods.length - room });
  return rows;
}
