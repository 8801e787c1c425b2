import type { AnatomyTarget } from '../anatomy/target';

const knownComponents = new Set([
  'kube-apiserver',
  'etcd',
  'kube-scheduler',
  'kube-controller-manager',
  'cloud-controller-manager',
  'kube-proxy',
  'coredns',
  'cni',
  'kubelet',
  'container-runtime',
]);

type Loose = Record<string, unknown> | undefined;

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * What "Reveal in Diagram" was given: a component id ('etcd', 'kubelet'), 'node:<name>', a { component, node }
 * object, or a tree element (its context menu passes the element). Anything else reveals nothing.
 */
export function toRevealTarget(argument: unknown): AnatomyTarget | undefined {
  if (typeof argument === 'string') {
    if (argument.startsWith('node:')) return { node: argument.slice('node:'.length) };
    return knownComponents.has(argument) ? { component: argument } : { node: argument };
  }
  if (typeof argument !== 'object' || argument === null) return undefined;
  const element = argument as Record<string, unknown>;
  const node = element.node as Loose;
  const pod = element.pod as Loose;
  switch (element.type) {
    case 'node':
    case 'heartbeat':
      return text(node?.name) ? { node: text(node?.name) } : undefined;
    case 'agent':
      return { component: text(element.agent), node: text(node?.name) };
    case 'pod':
    case 'addonPod': {
      const component = text(pod?.component);
      const name = text(pod?.pod);
      const namespace = text(pod?.namespace);
      // The Pod's own box where it is drawn; else its component, else its node.
      return {
        component: component === 'other' ? undefined : component,
        node: text(element.nodeName),
        pod: name && namespace ? { namespace, name } : undefined,
      };
    }
    case 'absent':
      return { component: text((element.absent as Loose)?.component) };
    case 'addon':
      return { component: text((element.addon as Loose)?.component) };
    case 'hostedControlPlane':
      return { component: 'kube-apiserver' };
    default: {
      const target = { component: text(element.component), node: text(element.node) };
      return target.component || target.node ? target : undefined;
    }
  }
}
