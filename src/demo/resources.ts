/** The API resources the demo server serves, described the way discovery publishes them. */

export interface KubeObjectMeta {
  name: string;
  namespace?: string;
  generateName?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: KubeObjectMeta;
  [field: string]: unknown;
}

export interface ResourceType {
  group: string; // '' for the core group
  version: string;
  plural: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
  verbs: string[];
  /** Field selectors the real server accepts for this resource besides metadata.name/namespace. */
  fieldLabels: string[];
}

// Discovery advertises only the verbs this server implements; the others answer 405 as the real server does
// for a verb a resource lacks.
const readOnly = ['get', 'list', 'watch'];
const readWrite = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];

export const resourceTypes: readonly ResourceType[] = [
  {
    group: '',
    version: 'v1',
    plural: 'namespaces',
    singular: 'namespace',
    kind: 'Namespace',
    namespaced: false,
    shortNames: ['ns'],
    verbs: readWrite,
    fieldLabels: ['status.phase'],
  },
  {
    group: '',
    version: 'v1',
    plural: 'nodes',
    singular: 'node',
    kind: 'Node',
    namespaced: false,
    shortNames: ['no'],
    verbs: readOnly,
    fieldLabels: ['spec.unschedulable'],
  },
  {
    group: '',
    version: 'v1',
    plural: 'pods',
    singular: 'pod',
    kind: 'Pod',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    verbs: readWrite,
    fieldLabels: [
      'spec.nodeName',
      'spec.restartPolicy',
      'spec.schedulerName',
      'spec.serviceAccountName',
      'spec.hostNetwork',
      'status.phase',
      'status.podIP',
      'status.podIPs',
      'status.nominatedNodeName',
    ],
  },
  {
    group: '',
    version: 'v1',
    plural: 'endpoints',
    singular: 'endpoints',
    kind: 'Endpoints',
    namespaced: true,
    shortNames: ['ep'],
    verbs: readOnly,
    fieldLabels: [],
  },
  {
    group: '',
    version: 'v1',
    plural: 'services',
    singular: 'service',
    kind: 'Service',
    namespaced: true,
    shortNames: ['svc'],
    categories: ['all'],
    verbs: readWrite,
    fieldLabels: ['spec.clusterIP', 'spec.type'],
  },
  {
    group: '',
    version: 'v1',
    plural: 'events',
    singular: 'event',
    kind: 'Event',
    namespaced: true,
    shortNames: ['ev'],
    verbs: readOnly,
    fieldLabels: [
      'involvedObject.kind',
      'involvedObject.namespace',
      'involvedObject.name',
      'involvedObject.uid',
      'involvedObject.apiVersion',
      'involvedObject.resourceVersion',
      'involvedObject.fieldPath',
      'reason',
      'reportingComponent',
      'source',
      'type',
    ],
  },
  {
    group: '',
    version: 'v1',
    plural: 'serviceaccounts',
    singular: 'serviceaccount',
    kind: 'ServiceAccount',
    namespaced: true,
    shortNames: ['sa'],
    verbs: readOnly,
    fieldLabels: [],
  },
  {
    group: '',
    version: 'v1',
    plural: 'configmaps',
    singular: 'configmap',
    kind: 'ConfigMap',
    namespaced: true,
    shortNames: ['cm'],
    verbs: readWrite,
    fieldLabels: [],
  },
  {
    group: 'apps',
    version: 'v1',
    plural: 'daemonsets',
    singular: 'daemonset',
    kind: 'DaemonSet',
    namespaced: true,
    shortNames: ['ds'],
    categories: ['all'],
    verbs: readWrite,
    fieldLabels: [],
  },
  {
    group: 'apps',
    version: 'v1',
    plural: 'deployments',
    singular: 'deployment',
    kind: 'Deployment',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
    verbs: readWrite,
    fieldLabels: [],
  },
  {
    group: 'apps',
    version: 'v1',
    plural: 'replicasets',
    singular: 'replicaset',
    kind: 'ReplicaSet',
    namespaced: true,
    shortNames: ['rs'],
    categories: ['all'],
    verbs: readWrite,
    fieldLabels: ['status.replicas'],
  },
  {
    group: 'apps',
    version: 'v1',
    plural: 'statefulsets',
    singular: 'statefulset',
    kind: 'StatefulSet',
    namespaced: true,
    shortNames: ['sts'],
    categories: ['all'],
    verbs: readOnly,
    fieldLabels: [],
  },
  {
    group: 'batch',
    version: 'v1',
    plural: 'jobs',
    singular: 'job',
    kind: 'Job',
    namespaced: true,
    categories: ['all'],
    verbs: readOnly,
    fieldLabels: ['status.successful'],
  },
  {
    group: 'certificates.k8s.io',
    version: 'v1',
    plural: 'certificatesigningrequests',
    singular: 'certificatesigningrequest',
    kind: 'CertificateSigningRequest',
    namespaced: false,
    shortNames: ['csr'],
    verbs: readOnly,
    fieldLabels: ['spec.signerName'],
  },
  {
    group: 'discovery.k8s.io',
    version: 'v1',
    plural: 'endpointslices',
    singular: 'endpointslice',
    kind: 'EndpointSlice',
    namespaced: true,
    verbs: readOnly,
    fieldLabels: [],
  },
  {
    group: 'coordination.k8s.io',
    version: 'v1',
    plural: 'leases',
    singular: 'lease',
    kind: 'Lease',
    namespaced: true,
    verbs: readOnly,
    fieldLabels: [],
  },
];

export const groupVersions: readonly { group: string; version: string }[] = [
  ...new Map(
    resourceTypes.filter((type) => type.group !== '').map((type) => [type.group, { group: type.group, version: type.version }]),
  ).values(),
];

export function apiVersionOf(type: Pick<ResourceType, 'group' | 'version'>): string {
  return type.group ? `${type.group}/${type.version}` : type.version;
}

/** "pods" or "deployments.apps": the name RBAC messages and Status details use. */
export function qualifiedResource(type: ResourceType): string {
  return type.group ? `${type.plural}.${type.group}` : type.plural;
}

export function findResourceType(group: string, version: string, plural: string): ResourceType | undefined {
  return resourceTypes.find((type) => type.group === group && type.version === version && type.plural === plural);
}

export function resourceTypeOfKind(kind: string): ResourceType {
  const type = resourceTypes.find((candidate) => candidate.kind === kind);
  if (!type) throw new Error(`no resource type for kind ${kind}`);
  return type;
}
