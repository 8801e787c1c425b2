/** REST paths of objects, by kind. The views open the ones they show; hovers look up a manifest's object. */
interface KindInfo {
  readonly kind: string;
  readonly plural: string;
  /** The group/version the product reads it from when no apiVersion is given. */
  readonly apiVersion: string;
  readonly namespaced: boolean;
}

const kinds: readonly KindInfo[] = [
  { kind: 'Pod', plural: 'pods', apiVersion: 'v1', namespaced: true },
  { kind: 'Service', plural: 'services', apiVersion: 'v1', namespaced: true },
  { kind: 'Event', plural: 'events', apiVersion: 'v1', namespaced: true },
  { kind: 'Endpoints', plural: 'endpoints', apiVersion: 'v1', namespaced: true },
  { kind: 'Node', plural: 'nodes', apiVersion: 'v1', namespaced: false },
  { kind: 'Namespace', plural: 'namespaces', apiVersion: 'v1', namespaced: false },
  { kind: 'ConfigMap', plural: 'configmaps', apiVersion: 'v1', namespaced: true },
  { kind: 'ServiceAccount', plural: 'serviceaccounts', apiVersion: 'v1', namespaced: true },
  { kind: 'PersistentVolumeClaim', plural: 'persistentvolumeclaims', apiVersion: 'v1', namespaced: true },
  { kind: 'PersistentVolume', plural: 'persistentvolumes', apiVersion: 'v1', namespaced: false },
  { kind: 'ResourceQuota', plural: 'resourcequotas', apiVersion: 'v1', namespaced: true },
  { kind: 'LimitRange', plural: 'limitranges', apiVersion: 'v1', namespaced: true },
  { kind: 'Deployment', plural: 'deployments', apiVersion: 'apps/v1', namespaced: true },
  { kind: 'DaemonSet', plural: 'daemonsets', apiVersion: 'apps/v1', namespaced: true },
  { kind: 'ReplicaSet', plural: 'replicasets', apiVersion: 'apps/v1', namespaced: true },
  { kind: 'StatefulSet', plural: 'statefulsets', apiVersion: 'apps/v1', namespaced: true },
  { kind: 'Job', plural: 'jobs', apiVersion: 'batch/v1', namespaced: true },
  { kind: 'CronJob', plural: 'cronjobs', apiVersion: 'batch/v1', namespaced: true },
  { kind: 'Lease', plural: 'leases', apiVersion: 'coordination.k8s.io/v1', namespaced: true },
  { kind: 'EndpointSlice', plural: 'endpointslices', apiVersion: 'discovery.k8s.io/v1', namespaced: true },
  { kind: 'Ingress', plural: 'ingresses', apiVersion: 'networking.k8s.io/v1', namespaced: true },
  { kind: 'NetworkPolicy', plural: 'networkpolicies', apiVersion: 'networking.k8s.io/v1', namespaced: true },
  { kind: 'StorageClass', plural: 'storageclasses', apiVersion: 'storage.k8s.io/v1', namespaced: false },
  { kind: 'HorizontalPodAutoscaler', plural: 'horizontalpodautoscalers', apiVersion: 'autoscaling/v2', namespaced: true },
  { kind: 'PodDisruptionBudget', plural: 'poddisruptionbudgets', apiVersion: 'policy/v1', namespaced: true },
  { kind: 'PriorityClass', plural: 'priorityclasses', apiVersion: 'scheduling.k8s.io/v1', namespaced: false },
  { kind: 'RuntimeClass', plural: 'runtimeclasses', apiVersion: 'node.k8s.io/v1', namespaced: false },
];

const byPlural = new Map(kinds.map((info) => [info.plural, info]));
const byKind = new Map(kinds.map((info) => [info.kind, info]));

/** `v1`, `apps/v1`, `autoscaling/v2beta2`: a DNS-subdomain group (optional) and a version. */
const apiVersionPattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\/)?v\d+(?:(?:alpha|beta)\d+)?$/;

/** A name the API could accept as a path segment: `.` and `..` would walk up the URL. */
function isSegment(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..';
}

function pathOf(info: KindInfo, apiVersion: string, namespace: string, name: string): string {
  const prefix = apiVersion === 'v1' ? '/api/v1' : `/apis/${apiVersion}`;
  const ns = info.namespaced ? `/namespaces/${encodeURIComponent(namespace || 'default')}` : '';
  return `${prefix}${ns}/${info.plural}/${encodeURIComponent(name)}`;
}

/** The path of an object the views show, by RBAC resource name (`pods`, `nodes`, …). */
export function objectPath(resource: string, namespace: string, name: string): string | undefined {
  const info = byPlural.get(resource);
  return info && isSegment(name) && (namespace === '' || isSegment(namespace)) ? pathOf(info, info.apiVersion, namespace, name) : undefined;
}

/**
 * The path of a manifest's object, for the kinds the product knows. Secrets are never read: a hover must not
 * pull credentials into the editor.
 */
export function manifestObjectPath(apiVersion: string, kind: string, namespace: string | undefined, name: string): string | undefined {
  const info = byKind.get(kind);
  if (!info || !isSegment(name) || (namespace !== undefined && !isSegment(namespace)) || !apiVersionPattern.test(apiVersion))
    return undefined;
  return pathOf(info, apiVersion, namespace ?? 'default', name);
}

/** The group/version of a built-in kind the product knows by name (`apps/v1` for Deployment), else undefined. */
export function defaultApiVersionOf(kind: string): string | undefined {
  return byKind.get(kind)?.apiVersion;
}

export function resourceOfKind(kind: string): string | undefined {
  return byKind.get(kind)?.plural;
}

export function kindOfResource(resource: string): string | undefined {
  return byPlural.get(resource)?.kind;
}
