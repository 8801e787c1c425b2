import type { KubeObject, ResourceType } from './resources';

/**
 * Server-side printing: the meta.k8s.io/v1 Table kubectl asks for, with the columns the real server's printers
 * define (priority 1 columns are the ones `-o wide` adds).
 */

export interface TableColumn {
  name: string;
  type: 'string' | 'integer' | 'date' | 'number' | 'boolean';
  format: string;
  description: string;
  priority: number;
}

interface Printer {
  columns: TableColumn[];
  cells(object: KubeObject, now: number): unknown[];
}

const column = (name: string, type: TableColumn['type'], description: string, priority = 0, format = ''): TableColumn => ({
  name,
  type,
  format,
  description,
  priority,
});
const nameColumn = column(
  'Name',
  'string',
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  0,
  'name',
);
const ageColumn = column(
  'Age',
  'string',
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
);

/** k8s.io/apimachinery/pkg/util/duration.HumanDuration, which the AGE columns use. */
export function humanDuration(milliseconds: number): string {
  const seconds = Math.floor(milliseconds / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) {
    const rest = seconds % 60;
    return rest === 0 ? `${minutes}m` : `${minutes}m${rest}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours}h` : `${hours}h${rest}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const rest = hours % 24;
    return rest === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${rest}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.floor(hours / 24) % 365;
    return days === 0 ? `${Math.floor(hours / 24 / 365)}y` : `${Math.floor(hours / 24 / 365)}y${days}d`;
  }
  return `${Math.floor(hours / 24 / 365)}y`;
}

function since(timestamp: unknown, now: number): string {
  if (typeof timestamp !== 'string') return '<unknown>';
  return humanDuration(now - Date.parse(timestamp));
}

type Loose = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const none = '<none>';
const orNone = (value: unknown) => (value === undefined || value === null || value === '' ? none : String(value));

function selectorText(selector: Loose | undefined): string {
  if (!selector) return none;
  const parts = Object.entries((selector.matchLabels as Record<string, string> | undefined) ?? {}).map(([key, value]) => `${key}=${value}`);
  for (const expression of (selector.matchExpressions as Loose[] | undefined) ?? []) {
    const operator = String(expression.operator).toLowerCase();
    if (operator === 'exists') parts.push(expression.key);
    else if (operator === 'doesnotexist') parts.push(`!${expression.key}`);
    else parts.push(`${expression.key} ${operator} (${(expression.values as string[]).join(',')})`);
  }
  return parts.length ? parts.join(',') : none;
}

function mapText(map: Record<string, string> | undefined): string {
  const entries = Object.entries(map ?? {});
  return entries.length ? entries.map(([key, value]) => `${key}=${value}`).join(',') : none;
}

function containersAndImages(template: Loose | undefined): [string, string] {
  const containers = ((template?.spec as Loose | undefined)?.containers as Loose[] | undefined) ?? [];
  return [containers.map((container) => container.name).join(','), containers.map((container) => container.image).join(',')];
}

function podCells(pod: KubeObject, now: number): unknown[] {
  const spec = (pod.spec ?? {}) as Loose;
  const status = (pod.status ?? {}) as Loose;
  const containers = (spec.containers as Loose[] | undefined) ?? [];
  let reason: string = status.reason ?? status.phase ?? '';
  let ready = 0;
  let restarts = 0;
  let running = false;
  const statuses = ((status.containerStatuses as Loose[] | undefined) ?? []).slice().reverse();
  for (const container of statuses) {
    restarts += Number(container.restartCount ?? 0);
    const state = (container.state ?? {}) as Loose;
    if (state.waiting?.reason) reason = state.waiting.reason;
    else if (state.terminated?.reason) reason = state.terminated.reason;
    else if (state.terminated)
      reason = state.terminated.signal ? `Signal:${state.terminated.signal}` : `ExitCode:${state.terminated.exitCode}`;
    else if (container.ready && state.running) {
      running = true;
      ready++;
    }
  }
  if (reason === 'Completed' && running) reason = 'Running';
  if (pod.metadata.deletionTimestamp) reason = status.reason === 'NodeLost' ? 'Unknown' : 'Terminating';
  const gates = (spec.readinessGates as Loose[] | undefined) ?? [];
  return [
    pod.metadata.name,
    `${ready}/${containers.length}`,
    reason,
    String(restarts),
    since(pod.metadata.creationTimestamp, now),
    orNone(status.podIP),
    orNone(spec.nodeName),
    orNone(status.nominatedNodeName),
    gates.length ? `0/${gates.length}` : none,
  ];
}

function nodeRoles(labels: Record<string, string> | undefined): string {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(labels ?? {})) {
    if (key.startsWith('node-role.kubernetes.io/')) roles.add(key.slice('node-role.kubernetes.io/'.length));
    else if (key === 'kubernetes.io/role' && value) roles.add(value);
  }
  return roles.size ? [...roles].sort().join(',') : none;
}

function nodeCells(node: KubeObject, now: number): unknown[] {
  const spec = (node.spec ?? {}) as Loose;
  const status = (node.status ?? {}) as Loose;
  const ready = ((status.conditions as Loose[] | undefined) ?? []).find((condition) => condition.type === 'Ready');
  const states = [ready ? (ready.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
  if (spec.unschedulable) states.push('SchedulingDisabled');
  const addresses = (status.addresses as Loose[] | undefined) ?? [];
  const address = (type: string) => addresses.find((entry) => entry.type === type)?.address;
  const info = (status.nodeInfo ?? {}) as Loose;
  return [
    node.metadata.name,
    states.join(','),
    nodeRoles(node.metadata.labels),
    since(node.metadata.creationTimestamp, now),
    info.kubeletVersion ?? '',
    orNone(address('InternalIP')),
    orNone(address('ExternalIP')),
    info.osImage ?? '',
    info.kernelVersion ?? '',
    info.containerRuntimeVersion ?? '',
  ];
}

function servicePorts(ports: Loose[] | undefined): string {
  if (!ports?.length) return none;
  return ports
    .map((port) => (port.nodePort ? `${port.port}:${port.nodePort}/${port.protocol}` : `${port.port}/${port.protocol}`))
    .join(',');
}

function eventSource(event: Loose): string {
  const source = (event.source ?? {}) as Loose;
  const component = source.component || event.reportingController || event.reportingComponent || '';
  const host = source.host || event.reportingInstance;
  return host && source.component ? `${component}, ${host}` : component;
}

function eventLastSeen(event: Loose, now: number): string {
  const series = event.series as Loose | undefined;
  if (series?.lastObservedTime) return since(series.lastObservedTime, now);
  if (event.lastTimestamp) return since(event.lastTimestamp, now);
  if (event.eventTime) return since(event.eventTime, now);
  return '<unknown>';
}

/** kubectl's Job status word: the last terminal condition, else suspended, terminating or running. */
function jobStatus(job: Loose): string {
  const conditions = ((job.status as Loose | undefined)?.conditions as Loose[] | undefined) ?? [];
  const holds = (type: string) => conditions.some((condition) => condition.type === type && condition.status === 'True');
  for (const type of ['Failed', 'Complete', 'SuccessCriteriaMet', 'FailureTarget', 'Suspended']) if (holds(type)) return type;
  if (job.metadata?.deletionTimestamp) return 'Terminating';
  return 'Running';
}

function jobCompletions(spec: Loose, status: Loose): string {
  const succeeded = Number(status.succeeded ?? 0);
  if (spec.completions !== undefined && spec.completions !== null) return `${succeeded}/${spec.completions}`;
  const parallelism = Number(spec.parallelism ?? 0);
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function jobDuration(status: Loose, now: number): string {
  if (typeof status.startTime !== 'string') return '';
  const end = typeof status.completionTime === 'string' ? Date.parse(status.completionTime) : now;
  return humanDuration(end - Date.parse(status.startTime));
}

/** kubectl's CSR condition column: "Approved,Issued", "Denied", "Pending". */
function csrCondition(status: Loose): string {
  const words = (((status.conditions as Loose[] | undefined) ?? []) as Loose[]).map((condition) => String(condition.type));
  if (status.certificate) words.push('Issued');
  return words.length ? words.join(',') : 'Pending';
}

const printers: Record<string, Printer> = {
  pods: {
    columns: [
      nameColumn,
      column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
      column('Status', 'string', 'The aggregate status of the containers in this pod.'),
      column(
        'Restarts',
        'string',
        'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
      ),
      ageColumn,
      column('IP', 'string', 'IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', 1),
      column(
        'Node',
        'string',
        'NodeName is a request to schedule this pod onto a specific node. If it is non-empty, the scheduler simply schedules this pod onto that node, assuming that it fits resource requirements.',
        1,
      ),
      column(
        'Nominated Node',
        'string',
        'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods.',
        1,
      ),
      column('Readiness Gates', 'string', 'If specified, all readiness gates will be evaluated for pod readiness.', 1),
    ],
    cells: podCells,
  },
  nodes: {
    columns: [
      nameColumn,
      column('Status', 'string', 'The status of the node'),
      column('Roles', 'string', 'The roles of the node'),
      ageColumn,
      column('Version', 'string', 'Kubelet Version reported by the node.'),
      column('Internal-IP', 'string', 'List of addresses reachable to the node. Queried from cloud provider, if available.', 1),
      column('External-IP', 'string', 'List of addresses reachable to the node. Queried from cloud provider, if available.', 1),
      column('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
      column('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
      column(
        'Container-Runtime',
        'string',
        'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).',
        1,
      ),
    ],
    cells: nodeCells,
  },
  namespaces: {
    columns: [nameColumn, column('Status', 'string', 'The status of the namespace'), ageColumn],
    cells: (object, now) => [
      object.metadata.name,
      (object.status as Loose | undefined)?.phase ?? '',
      since(object.metadata.creationTimestamp, now),
    ],
  },
  services: {
    columns: [
      nameColumn,
      column('Type', 'string', 'type determines how the Service is exposed.'),
      column('Cluster-IP', 'string', 'clusterIP is the IP address of the service and is usually assigned randomly by the master.'),
      column(
        'External-IP',
        'string',
        'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.',
      ),
      column('Port(s)', 'string', 'The list of ports that are exposed by this service.'),
      ageColumn,
      column('Selector', 'string', 'Route service traffic to pods with label keys and values matching this selector.', 1),
    ],
    cells: (object, now) => {
      const spec = (object.spec ?? {}) as Loose;
      const external = (spec.externalIPs as string[] | undefined)?.join(',');
      return [
        object.metadata.name,
        spec.type,
        spec.clusterIP ?? none,
        external || none,
        servicePorts(spec.ports),
        since(object.metadata.creationTimestamp, now),
        mapText(spec.selector),
      ];
    },
  },
  daemonsets: {
    columns: [
      nameColumn,
      column(
        'Desired',
        'integer',
        'The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod).',
      ),
      column('Current', 'integer', 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.'),
      column(
        'Ready',
        'integer',
        'numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.',
      ),
      column('Up-to-date', 'integer', 'The total number of nodes that are running updated daemon pod'),
      column(
        'Available',
        'integer',
        'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)',
      ),
      column('Node Selector', 'string', 'NodeSelector is a selector which must be true for the pod to fit on a node.'),
      ageColumn,
      column('Containers', 'string', 'Names of each container in the template.', 1),
      column('Images', 'string', 'Images referenced by each container in the template.', 1),
      column('Selector', 'string', 'A label query over pods that are managed by the daemon set.', 1),
    ],
    cells: (object, now) => {
      const spec = (object.spec ?? {}) as Loose;
      const status = (object.status ?? {}) as Loose;
      const [containers, images] = containersAndImages(spec.template);
      return [
        object.metadata.name,
        status.desiredNumberScheduled ?? 0,
        status.currentNumberScheduled ?? 0,
        status.numberReady ?? 0,
        status.updatedNumberScheduled ?? 0,
        status.numberAvailable ?? 0,
        mapText(spec.template?.spec?.nodeSelector),
        since(object.metadata.creationTimestamp, now),
        containers,
        images,
        selectorText(spec.selector),
      ];
    },
  },
  deployments: {
    columns: [
      nameColumn,
      column('Ready', 'string', 'Number of the pod with ready state'),
      column(
        'Up-to-date',
        'integer',
        'Total number of non-terminated pods targeted by this deployment that have the desired template spec.',
      ),
      column('Available', 'integer', 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.'),
      ageColumn,
      column('Containers', 'string', 'Names of each container in the template.', 1),
      column('Images', 'string', 'Images referenced by each container in the template.', 1),
      column(
        'Selector',
        'string',
        'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.',
        1,
      ),
    ],
    cells: (object, now) => {
      const spec = (object.spec ?? {}) as Loose;
      const status = (object.status ?? {}) as Loose;
      const [containers, images] = containersAndImages(spec.template);
      return [
        object.metadata.name,
        `${status.readyReplicas ?? 0}/${spec.replicas ?? 1}`,
        status.updatedReplicas ?? 0,
        status.availableReplicas ?? 0,
        since(object.metadata.creationTimestamp, now),
        containers,
        images,
        selectorText(spec.selector),
      ];
    },
  },
  replicasets: {
    columns: [
      nameColumn,
      column('Desired', 'integer', 'Number of desired pods.'),
      column('Current', 'integer', 'Replicas is the most recently observed number of replicas.'),
      column('Ready', 'integer', 'The number of ready replicas for this replica set.'),
      ageColumn,
      column('Containers', 'string', 'Names of each container in the template.', 1),
      column('Images', 'string', 'Images referenced by each container in the template.', 1),
      column('Selector', 'string', 'Selector is a label query over pods that should match the replica count.', 1),
    ],
    cells: (object, now) => {
      const spec = (object.spec ?? {}) as Loose;
      const status = (object.status ?? {}) as Loose;
      const [containers, images] = containersAndImages(spec.template);
      return [
        object.metadata.name,
        spec.replicas ?? 0,
        status.replicas ?? 0,
        status.readyReplicas ?? 0,
        since(object.metadata.creationTimestamp, now),
        containers,
        images,
        selectorText(spec.selector),
      ];
    },
  },
  statefulsets: {
    columns: [
      nameColumn,
      column('Ready', 'string', 'Number of the pod with ready state'),
      ageColumn,
      column('Containers', 'string', 'Names of each container in the template.', 1),
      column('Images', 'string', 'Images referenced by each container in the template.', 1),
    ],
    cells: (object, now) => {
      const spec = (object.spec ?? {}) as Loose;
      const status = (object.status ?? {}) as Loose;
      const [containers, images] = containersAndImages(spec.template);
      return [
        object.metadata.name,
        `${status.readyReplicas ?? 0}/${spec.replicas ?? 1}`,
        since(object.metadata.creationTimestamp, now),
        containers,
        images,
      ];
    },
  },
  jobs: {
    columns: [
      nameColumn,
      column('Status', 'string', 'Status of the job.'),
      column('Completions', 'string', 'The number of pods which reached phase Succeeded.'),
      column('Duration', 'string', 'Time required to complete the job.'),
      ageColumn,
      column('Containers', 'string', 'Names of each container in the template.', 1),
      column('Images', 'string', 'Images referenced by each container in the template.', 1),
      column('Selector', 'string', 'A label query over pods that should match the pod count.', 1),
    ],
    cells: (object, now) => {
      const spec = (object.spec ?? {}) as Loose;
      const status = (object.status ?? {}) as Loose;
      const [containers, images] = containersAndImages(spec.template);
      return [
        object.metadata.name,
        jobStatus(object as Loose),
        jobCompletions(spec, status),
        jobDuration(status, now),
        since(object.metadata.creationTimestamp, now),
        containers,
        images,
        selectorText(spec.selector),
      ];
    },
  },
  certificatesigningrequests: {
    columns: [
      nameColumn,
      ageColumn,
      column('SignerName', 'string', 'signerName indicates the requested signer, and is a qualified name.'),
      column('Requestor', 'string', 'Name of requestor'),
      column('RequestedDuration', 'string', 'expirationSeconds is the requested duration of validity of the issued certificate.'),
      column('Condition', 'string', 'State of the signing request'),
    ],
    cells: (object, now) => {
      const spec = (object.spec ?? {}) as Loose;
      const seconds = spec.expirationSeconds;
      return [
        object.metadata.name,
        since(object.metadata.creationTimestamp, now),
        spec.signerName ?? '',
        spec.username ?? '',
        typeof seconds === 'number' ? humanDuration(seconds * 1000) : none,
        csrCondition((object.status ?? {}) as Loose),
      ];
    },
  },
  leases: {
    columns: [nameColumn, column('Holder', 'string', 'holderIdentity contains the identity of the holder of a current lease.'), ageColumn],
    cells: (object, now) => [
      object.metadata.name,
      (object.spec as Loose | undefined)?.holderIdentity ?? '',
      since(object.metadata.creationTimestamp, now),
    ],
  },
  serviceaccounts: {
    columns: [
      nameColumn,
      column(
        'Secrets',
        'string',
        'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.',
      ),
      ageColumn,
    ],
    cells: (object, now) => [
      object.metadata.name,
      String(((object as Loose).secrets as unknown[] | undefined)?.length ?? 0),
      since(object.metadata.creationTimestamp, now),
    ],
  },
  configmaps: {
    columns: [nameColumn, column('Data', 'string', 'Data contains the configuration data.'), ageColumn],
    cells: (object, now) => [
      object.metadata.name,
      String(
        Object.keys(((object as Loose).data as object | undefined) ?? {}).length +
          Object.keys(((object as Loose).binaryData as object | undefined) ?? {}).length,
      ),
      since(object.metadata.creationTimestamp, now),
    ],
  },
  endpoints: {
    columns: [nameColumn, column('Endpoints', 'string', 'Endpoints is the list of endpoints of the service.'), ageColumn],
    cells: (object, now) => {
      const subsets = ((object as Loose).subsets as Loose[] | undefined) ?? [];
      const pairs = subsets.flatMap((subset) =>
        ((subset.addresses as Loose[] | undefined) ?? []).flatMap((address) =>
          ((subset.ports as Loose[] | undefined) ?? []).map((port) => `${address.ip}:${port.port}`),
        ),
      );
      const shown = pairs.slice(0, 3).join(',');
      return [
        object.metadata.name,
        pairs.length === 0 ? '<none>' : pairs.length > 3 ? `${shown} + ${pairs.length - 3} more...` : shown,
        since(object.metadata.creationTimestamp, now),
      ];
    },
  },
  endpointslices: {
    columns: [
      nameColumn,
      column('AddressType', 'string', 'addressType specifies the type of address carried by this EndpointSlice.'),
      column('Ports', 'string', 'ports specifies the list of network ports exposed by each endpoint in this slice.'),
      column('Endpoints', 'string', 'endpoints is a list of unique endpoints in this slice.'),
      ageColumn,
    ],
    cells: (object, now) => {
      const slice = object as Loose;
      const ports = (slice.ports as Loose[] | undefined) ?? [];
      const addresses = ((slice.endpoints as Loose[] | undefined) ?? []).flatMap((endpoint) => (endpoint.addresses as string[]) ?? []);
      const shown = addresses.slice(0, 3).join(',');
      const portText = ports.length === 0 ? '<unset>' : ports.map((port) => String(port.port ?? '')).join(',');
      return [
        object.metadata.name,
        slice.addressType,
        portText,
        addresses.length === 0 ? '<unset>' : addresses.length > 3 ? `${shown} + ${addresses.length - 3} more...` : shown,
        since(object.metadata.creationTimestamp, now),
      ];
    },
  },
  events: {
    columns: [
      column('Last Seen', 'string', 'Time when this Event was last seen'),
      column('Type', 'string', 'Type of this event (Normal, Warning), new types could be added in the future.'),
      column(
        'Reason',
        'string',
        'Reason is why the action was taken. It is human-readable. This field cannot be empty for new Events and it can have at most 128 characters.',
      ),
      column('Object', 'string', 'The object this Event is about.'),
      column('Subobject', 'string', 'The subobject of the involved object this Event is about.', 1),
      column('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', 1),
      column('Message', 'string', 'A human-readable description of the status of this operation.'),
      column('First Seen', 'string', 'The time at which the event was first recorded.', 1),
      column('Count', 'string', 'The number of times this event has occurred.', 1),
      column('Name', 'string', nameColumn.description, 1, 'name'),
    ],
    cells: (object, now) => {
      const event = object as Loose;
      const involved = (event.involvedObject ?? {}) as Loose;
      return [
        eventLastSeen(event, now),
        event.type ?? '',
        event.reason ?? '',
        `${String(involved.kind ?? '').toLowerCase()}/${involved.name ?? ''}`,
        involved.fieldPath ?? '',
        eventSource(event),
        String(event.message ?? '').trim(),
        event.firstTimestamp ? since(event.firstTimestamp, now) : event.eventTime ? since(event.eventTime, now) : '<unknown>',
        String(event.count ?? 1),
        object.metadata.name,
      ];
    },
  },
};

const fallbackPrinter: Printer = {
  columns: [nameColumn, ageColumn],
  cells: (object, now) => [object.metadata.name, since(object.metadata.creationTimestamp, now)],
};

export type IncludeObject = 'None' | 'Metadata' | 'Object';

function rowObject(object: KubeObject, include: IncludeObject): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return object;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata };
}

export interface TableOptions {
  includeObject: IncludeObject;
  resourceVersion: string;
  continueToken?: string;
  remainingItemCount?: number;
  now?: number;
}

const metadataJsonCache = new WeakMap<object, string>();

/** One row of a Table as JSON; the embedded metadata's JSON is cached per (immutable) stored object. */
export function tableRowJson(resource: ResourceType, object: KubeObject, includeObject: IncludeObject, now: number): string {
  const printer = printers[resource.plural] ?? fallbackPrinter;
  const cells = JSON.stringify(printer.cells(object, now));
  if (includeObject === 'None') return `{"cells":${cells}}`;
  if (includeObject === 'Object') return `{"cells":${cells},"object":${JSON.stringify(object)}}`;
  let metadata = metadataJsonCache.get(object.metadata);
  if (metadata === undefined) {
    metadata = JSON.stringify(object.metadata);
    metadataJsonCache.set(object.metadata, metadata);
  }
  return `{"cells":${cells},"object":{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":${metadata}}}`;
}

export function tableColumns(resource: ResourceType): TableColumn[] {
  return (printers[resource.plural] ?? fallbackPrinter).columns;
}

/** A Table of `objects`, as the real server answers `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`. */
export function toTable(resource: ResourceType, objects: readonly KubeObject[], options: TableOptions): Record<string, unknown> {
  const printer = printers[resource.plural] ?? fallbackPrinter;
  const now = options.now ?? Date.now();
  const metadata: Record<string, unknown> = { resourceVersion: options.resourceVersion };
  if (options.continueToken) metadata.continue = options.continueToken;
  if (options.remainingItemCount !== undefined) metadata.remainingItemCount = options.remainingItemCount;
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata,
    columnDefinitions: printer.columns,
    rows: objects.map((object) => {
      const row: Record<string, unknown> = { cells: printer.cells(object, now) };
      const embedded = rowObject(object, options.includeObject);
      if (embedded !== undefined) row.object = embedded;
      return row;
    }),
  };
}
