/** REST paths of the objects the views open, by RBAC resource name. */
const groups: Readonly<Record<string, { prefix: string; namespaced: boolean; kind: string }>> = {
  pods: { prefix: '/api/v1', namespaced: true, kind: 'Pod' },
  services: { prefix: '/api/v1', namespaced: true, kind: 'Service' },
  events: { prefix: '/api/v1', namespaced: true, kind: 'Event' },
  nodes: { prefix: '/api/v1', namespaced: false, kind: 'Node' },
  deployments: { prefix: '/apis/apps/v1', namespaced: true, kind: 'Deployment' },
  daemonsets: { prefix: '/apis/apps/v1', namespaced: true, kind: 'DaemonSet' },
  replicasets: { prefix: '/apis/apps/v1', namespaced: true, kind: 'ReplicaSet' },
  statefulsets: { prefix: '/apis/apps/v1', namespaced: true, kind: 'StatefulSet' },
  leases: { prefix: '/apis/coordination.k8s.io/v1', namespaced: true, kind: 'Lease' },
};

export function objectPath(resource: string, namespace: string, name: string): string | undefined {
  const group = groups[resource];
  if (!group || !name) return undefined;
  const ns = group.namespaced ? `/namespaces/${encodeURIComponent(namespace || 'default')}` : '';
  return `${group.prefix}${ns}/${resource}/${encodeURIComponent(name)}`;
}

export function resourceOfKind(kind: string): string | undefined {
  return Object.entries(groups).find(([, group]) => group.kind === kind)?.[0];
}

export function kindOfResource(resource: string): string | undefined {
  return groups[resource]?.kind;
}
