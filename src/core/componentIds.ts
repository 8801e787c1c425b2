/**
 * The names of the cluster's components and node agents: the lowest layer of the core's vocabulary, shared by
 * the anatomy model and the field knowledge, neither of which depends on the other.
 */

/** Components the product knows by name. `cni` is the network plugin (its name is in `cniName`). */
export type ComponentId =
  | 'kube-apiserver'
  | 'etcd'
  | 'kube-scheduler'
  | 'kube-controller-manager'
  | 'cloud-controller-manager'
  | 'kube-proxy'
  | 'coredns'
  | 'cni'
  | 'other';

/** Node agents that are system daemons, not Pods; they appear in diagrams and hovers. */
export type NodeAgentId = 'kubelet' | 'container-runtime';
