/**
 * The kubectl commands the hands-on runs at each step, as the article writes them, with the placeholders
 * (<node name>, <control-plane node name>) filled from the cluster. Every one only reads.
 */
import { CONTROL_PLANE_ROLE_LABEL } from '../anatomy/classification/controlPlane';
import type { ClusterAnatomy } from '../anatomy/types';
import type { HandsOnStepId } from './checks';
import { type KubectlCommand, type MatchOptions, parseKubectl } from './commandMatch';

import { shellWord } from '../util/shell';

export { shellWord } from '../util/shell';

/** The commands of one step, each as an argument list starting with `kubectl`. */
export function handsOnCommands(step: HandsOnStepId, anatomy: Pick<ClusterAnatomy, 'context' | 'nodes'>): string[][] {
  const context = ['--context', anatomy.context];
  const controlPlane = anatomy.nodes.find((node) => node.role === 'control-plane');
  const someNode = controlPlane ?? anatomy.nodes[0];
  const apiServerPod =
    controlPlane?.components.find((pod) => pod.component === 'kube-apiserver')?.pod ??
    (controlPlane ? `kube-apiserver-${controlPlane.name}` : undefined);
  switch (step) {
    case 'nodes':
      return [
        ['kubectl', 'get', 'nodes', ...context],
        ['kubectl', 'get', 'nodes', '-l', CONTROL_PLANE_ROLE_LABEL, ...context],
      ];
    case 'kubeSystemPods':
      return [['kubectl', 'get', 'pods', '-n', 'kube-system', '-o', 'wide', ...context]];
    case 'staticPods':
      return [
        ['kubectl', 'get', 'pods', '-n', 'kube-system', '-l', 'tier=control-plane', '-o', 'wide', ...context],
        ...(apiServerPod ? [['kubectl', 'describe', 'pod', apiServerPod, '-n', 'kube-system', ...context]] : []),
      ];
    case 'workloads':
      return [
        ['kubectl', 'get', 'daemonsets,deployments', '-n', 'kube-system', ...context],
        ['kubectl', 'get', 'services', '-n', 'kube-system', ...context],
      ];
    case 'nodeAgents':
      return someNode ? [['kubectl', 'describe', 'node', someNode.name, ...context]] : [];
    case 'leases':
      return [
        ['kubectl', 'get', 'leases', '-n', 'kube-node-lease', ...context],
        ...(someNode ? [['kubectl', 'get', 'lease', someNode.name, '-n', 'kube-node-lease', '-o', 'yaml', ...context]] : []),
      ];
  }
}

/** One command as a shell line. */
export function commandLine(args: readonly string[]): string {
  return args.map(shellWord).join(' ');
}

/**
 * The step's commands as the matcher reads them, with the objects that count in place of the one named: any
 * node for `describe node` and a node's Lease, any kube-apiserver mirror Pod on an HA control plane.
 */
export function handsOnExpectations(
  step: HandsOnStepId,
  anatomy: Pick<ClusterAnatomy, 'context' | 'nodes'>,
): (readonly [KubectlCommand, MatchOptions])[] {
  const nodeNames = anatomy.nodes.map((node) => node.name);
  const apiServers = anatomy.nodes.flatMap((node) =>
    node.components.filter((pod) => pod.component === 'kube-apiserver').map((pod) => pod.pod),
  );
  return handsOnCommands(step, anatomy).flatMap((args) => {
    const parsed = parseKubectl(args);
    if (!parsed) return [];
    const { context: _context, ...command } = parsed;
    const everyNode = command.name !== undefined && (command.resources.includes('nodes') || command.resources.includes('leases'));
    const options: MatchOptions = everyNode
      ? { names: nodeNames, nameOptional: true, context: anatomy.context }
      : command.resources.includes('pods') && command.name !== undefined
        ? { names: apiServers, context: anatomy.context }
        : { context: anatomy.context };
    return [[command, options] as const];
  });
}
