/**
 * TaintToleration (pkg/scheduler/framework/plugins/tainttoleration): every NoSchedule and NoExecute taint must
 * be tolerated.
 */
import type { Check } from './framework';
import { untolerated } from './shared';

export const taintToleration: Check = (node, { pod, wording }) => {
  const taint = untolerated(pod, node.taints, ['NoSchedule', 'NoExecute']);
  return taint ? { filter: 'TaintToleration', reasons: [wording.taint(taint)], evidence: [{ kind: 'taint', taint }] } : undefined;
};
