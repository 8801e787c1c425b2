/**
 * NodePorts (pkg/scheduler/framework/plugins/nodeports): a host port the Pod asks for must be free on the
 * node.
 */
import type { Check } from './framework';

export const nodePorts: Check = (node, { pod, wording, bound }) => {
  if (pod.hostPorts.length === 0) return undefined;
  if (!bound) return 'unknown';
  for (const other of bound.hostPortPods(node.name)) {
    for (const used of other.hostPorts) {
      const clash = pod.hostPorts.find(
        (wanted) =>
          wanted.port === used.port &&
          wanted.protocol === used.protocol &&
          (wanted.hostIP === used.hostIP || wanted.hostIP === '0.0.0.0' || used.hostIP === '0.0.0.0'),
      );
      if (clash) return { filter: 'NodePorts', reasons: [wording.ports], evidence: [{ kind: 'hostPort', port: clash, usedBy: other.key }] };
    }
  }
  return undefined;
};
