/** The collections one session watches, with the resource names RBAC uses, and how their errors count. */
import type { KubeApiError } from '../../kube/kubeApi';

export const KUBE_SYSTEM = 'kube-system';

export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** The collections, with the resource names RBAC uses (ClusterSession slims each with its own function). */
export const collections = {
  nodes: { resource: 'nodes', path: '/api/v1/nodes', what: 'Nodes' },
  pods: { resource: 'pods', path: `/api/v1/namespaces/${KUBE_SYSTEM}/pods`, what: `Pods in ${KUBE_SYSTEM}` },
  daemonSets: { resource: 'daemonsets', path: `/apis/apps/v1/namespaces/${KUBE_SYSTEM}/daemonsets`, what: `DaemonSets in ${KUBE_SYSTEM}` },
  deployments: {
    resource: 'deployments',
    path: `/apis/apps/v1/namespaces/${KUBE_SYSTEM}/deployments`,
    what: `Deployments in ${KUBE_SYSTEM}`,
  },
  replicaSets: {
    resource: 'replicasets',
    path: `/apis/apps/v1/namespaces/${KUBE_SYSTEM}/replicasets`,
    what: `ReplicaSets in ${KUBE_SYSTEM}`,
  },
  services: { resource: 'services', path: `/api/v1/namespaces/${KUBE_SYSTEM}/services`, what: `Services in ${KUBE_SYSTEM}` },
  leases: {
    resource: 'leases',
    path: `/apis/coordination.k8s.io/v1/namespaces/${NODE_LEASE_NAMESPACE}/leases`,
    what: `Leases in ${NODE_LEASE_NAMESPACE}`,
  },
  // Optional: the leader-election locks of the controller manager and the scheduler, and the API servers'
  // identity Leases. Without them the anatomy does not know who leads; nothing else depends on them.
  controlPlaneLeases: {
    resource: 'leases',
    path: `/apis/coordination.k8s.io/v1/namespaces/${KUBE_SYSTEM}/leases`,
    what: `Leases in ${KUBE_SYSTEM}`,
  },
  events: { resource: 'events', path: `/api/v1/namespaces/${KUBE_SYSTEM}/events`, what: `Events in ${KUBE_SYSTEM}` },
  // Optional: the API server addresses behind the `kubernetes` Service. Served by every version, unlike
  // EndpointSlices v1; when it cannot be read the anatomy simply does without it.
  apiServers: {
    resource: 'endpoints',
    path: '/api/v1/namespaces/default/endpoints',
    what: 'the Endpoints of the kubernetes Service',
    fieldSelector: 'metadata.name=kubernetes',
  },
} as const;

export type CollectionName = keyof typeof collections;

/** Collections whose failure does not make the cluster partly unreadable. */
export const optionalCollections: ReadonlySet<CollectionName> = new Set(['apiServers', 'controlPlaneLeases']);

/** Errors after which what was listed before no longer stands: the objects are unreadable, not just stale. */
export const revokedKinds: ReadonlySet<string> = new Set(['forbidden', 'unauthorized', 'not-found']);

export const isNetworkError = (error: KubeApiError) => error.kind === 'unreachable' || error.kind === 'timeout';

/** An object by its resource (plural, as RBAC names it), namespace ('' for cluster-scoped) and name. */
export interface ObjectRef {
  readonly resource: string;
  readonly namespace: string;
  readonly name: string;
}

/** An object as a manifest names it: apiVersion and kind. */
export interface ManifestRef {
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
}
