/**
 * NodeName (pkg/scheduler/framework/plugins/nodename): a Pod that names its node fits only there.
 */
import type { Check } from './framework';

export const nodeName: Check = (node, { pod, wording }) => {
  if (!pod.nodeName || pod.nodeName === node.name) return undefined;
  return { filter: 'NodeName', reasons: [wording.nodeName], evidence: [{ kind: 'nodeName', wanted: pod.nodeName }] };
};
