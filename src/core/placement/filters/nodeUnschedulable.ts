/**
 * NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable): a cordoned node takes only Pods that
 * tolerate its taint.
 */
import type { Taint } from '../objects';
import type { Check } from './framework';
import { tolerates } from './shared';

const unschedulableTaint: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

export const nodeUnschedulable: Check = (node, { pod, wording }) => {
  if (!node.unschedulable || pod.tolerations.some((toleration) => tolerates(toleration, unschedulableTaint))) return undefined;
  return { filter: 'NodeUnschedulable', reasons: [wording.unschedulable], evidence: [{ kind: 'unschedulable' }] };
};
