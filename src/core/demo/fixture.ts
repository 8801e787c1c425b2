import { createHash } from 'node:crypto';
import { managedEntry } from './managedFields';
import type { KubeObject, OwnerReference } from './resources';
import { resourceTypeOfKind } from './resources';
import type { ObjectStore } from './store';

/**
 * The article's kind cluster (`kind create cluster --name multi-node --config kind-multi-node.yaml`): one
 * control-plane node and two workers running Kubernetes v1.37.0 on containerd, with the objects kubeadm, kind
 * and the controllers write. `generate` grows it to N nodes for benchmarks.
 */

export const kubernetesVersion = 'v1.37.0';
export const clusterName = 'multi-node';
export const containerRuntimeVersion = 'containerd://2.1.4';
export const kindnetImage = 'docker.io/kindest/kindnetd:v20250512-df8de77b';
export const corednsImage = 'registry.k8s.io/coredns/coredns:v1.12.1';
export const localPathImage = 'docker.io/kindest/local-path-provisioner:v20250214-acbabc1a';
export const etcdImage = 'registry.k8s.io/etcd:3.6.4-0';

export interface FixtureOptions {
  /** Total node count (1 control plane + workers); 3 is the article's cluster. */
  nodes?: number;
  /** Extra workload Pods per worker node, in Deployments of namespace `default`. */
  podsPerNode?: number;
  /** When the cluster was created, so AGE columns look like a cluster made a few minutes ago. */
  createdAt?: number;
}

export interface NodeInfo {
  name: string;
  ip: string;
  podCidr: string;
  controlPlane: boolean;
}

/** Deterministic pseudo-random source, so the same cluster gets the same Pod suffixes and hashes. */
export class SuffixSource {
  private state: number;
  constructor(seed = 0x6b696e64) {
    this.state = seed;
  }
  next(): number {
    // mulberry32
    this.state = (this.state + 0x6d2b79f5) | 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }
  /** The alphabet Kubernetes uses for generated names (no vowels, no look-alike digits). */
  suffix(length = 5): string {
    const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
    let text = '';
    for (let index = 0; index < length; index++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }
  /** A generated name not taken yet: like the API server's generateName, retried on a collision. */
  uniqueName(prefix: string, taken: (name: string) => boolean): string {
    let name = `${prefix}${this.suffix()}`;
    while (taken(name)) name = `${prefix}${this.suffix()}`;
    return name;
  }
  hex(length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += Math.floor(this.next() * 16).toString(16);
    return text;
  }
}

export function isoSeconds(time: number): string {
  return `${new Date(time).toISOString().slice(0, 19)}Z`;
}

/** A MicroTime as the API writes it (renewTime, acquireTime): six fractional digits. */
export function isoMicros(time: number): string {
  const micros = String(Math.floor((performance.now() % 1) * 1000)).padStart(3, '0');
  return new Date(time).toISOString().replace(/Z$/, `${micros}Z`);
}

export function nodeNames(count: number): string[] {
  const names = [`${clusterName}-control-plane`];
  for (let index = 1; index < count; index++) names.push(index === 1 ? `${clusterName}-worker` : `${clusterName}-worker${index}`);
  return names;
}

function nodeIp(index: number): string {
  // kind's docker network is 172.18.0.0/16; the article's cluster gets .3 for the control plane.
  if (index === 0) return '172.18.0.3';
  if (index === 1) return '172.18.0.2';
  const host = index + 1;
  return `172.18.${Math.floor(host / 254)}.${(host % 254) + 1}`;
}

function podCidr(index: number, total: number): string {
  // kind's pod subnet 10.244.0.0/16 holds 256 node ranges; larger generated clusters use 10.64.0.0/10.
  return total <= 256 ? `10.244.${index}.0/24` : `10.${64 + (index >> 8)}.${index & 255}.0/24`;
}

export function podIpIn(cidr: string, host: number): string {
  const [a, b, c] = cidr.split('.');
  return `${a}.${b}.${c}.${host}`;
}

export const systemTolerationsForDaemonSet = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' },
];

/** Added by the DefaultTolerationSeconds admission plugin to Pods that do not tolerate these taints already. */
export const defaultTolerations = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

function ownerRef(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

function podConditions(time: string, ready: boolean, scheduledOnly = false): unknown[] {
  if (scheduledOnly) return [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: time }];
  const status = ready ? 'True' : 'False';
  return [
    { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: time },
    { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: time },
    { type: 'Ready', status, lastProbeTime: null, lastTransitionTime: time },
    { type: 'ContainersReady', status, lastProbeTime: null, lastTransitionTime: time },
    { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: time },
  ];
}

interface ContainerSpec {
  name: string;
  image: string;
  [field: string]: unknown;
}

/** The status kubelet writes for a Pod whose containers all run. */
export function runningPodStatus(containers: ContainerSpec[], hostIp: string, podIp: string, startedAt: number, suffixes: SuffixSource, qosClass: string): Record<string, unknown> {
  const started = isoSeconds(startedAt);
  return {
    phase: 'Running',
    conditions: podConditions(started, true),
    hostIP: hostIp,
    hostIPs: [{ ip: hostIp }],
    podIP: podIp,
    podIPs: [{ ip: podIp }],
    startTime: started,
    qosClass,
    containerStatuses: containers.map((container) => ({
      name: container.name,
      state: { running: { startedAt: started } },
      lastState: {},
      ready: true,
      restartCount: 0,
      image: container.image,
      imageID: `${container.image.replace(/:[^:/]+$/, '')}@sha256:${suffixes.hex(64)}`,
      containerID: `containerd://${suffixes.hex(64)}`,
      started: true,
    })),
  };
}

/** kubelet's status for a Pod just bound to its node, before its containers run. */
export function creatingPodStatus(containers: ContainerSpec[], hostIp: string, time: number, qosClass: string): Record<string, unknown> {
  const at = isoSeconds(time);
  return {
    phase: 'Pending',
    conditions: [
      { type: 'PodReadyToStartContainers', status: 'False', lastProbeTime: null, lastTransitionTime: at },
      { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: at },
      { type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: at, reason: 'ContainersNotReady', message: `containers with unready status: [${containers.map((c) => c.name).join(' ')}]` },
      { type: 'ContainersReady', status: 'False', lastProbeTime: null, lastTransitionTime: at, reason: 'ContainersNotReady', message: `containers with unready status: [${containers.map((c) => c.name).join(' ')}]` },
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: at },
    ],
    hostIP: hostIp,
    hostIPs: [{ ip: hostIp }],
    startTime: at,
    qosClass,
    containerStatuses: containers.map((container) => ({
      name: container.name,
      state: { waiting: { reason: 'ContainerCreating' } },
      lastState: {},
      ready: false,
      restartCount: 0,
      image: container.image,
      imageID: '',
      started: false,
    })),
  };
}

export interface StaticPodDefinition {
  component: string;
  containers: ContainerSpec[];
  annotations: Record<string, string>;
  volumes: unknown[];
}

function staticPodDefinitions(node: NodeInfo): StaticPodDefinition[] {
  const ip = node.ip;
  const probe = (host: string, path: string, port: number, scheme: string, delay = 10) => ({
    httpGet: { host, path, port, scheme }, initialDelaySeconds: delay, periodSeconds: 10, timeoutSeconds: 15, failureThreshold: 8, successThreshold: 1,
  });
  const hostPath = (name: string, path: string, type: string) => ({ name, hostPath: { path, type } });
  const mount = (name: string, mountPath: string, readOnly = true) => ({ name, mountPath, readOnly });
  const common = { imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' };
  const k8sImage = (name: string) => `registry.k8s.io/${name}:${kubernetesVersion}`;
  return [
    {
      component: 'etcd',
      annotations: { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${ip}:2379` },
      volumes: [hostPath('etcd-certs', '/etc/kubernetes/pki/etcd', 'DirectoryOrCreate'), hostPath('etcd-data', '/var/lib/etcd', 'DirectoryOrCreate')],
      containers: [{
        name: 'etcd', image: etcdImage, ...common,
        command: ['etcd', `--advertise-client-urls=https://${ip}:2379`, '--cert-file=/etc/kubernetes/pki/etcd/server.crt', '--client-cert-auth=true', '--data-dir=/var/lib/etcd', '--feature-gates=InitialCorruptCheck=true', `--initial-advertise-peer-urls=https://${ip}:2380`, `--initial-cluster=${node.name}=https://${ip}:2380`, '--key-file=/etc/kubernetes/pki/etcd/server.key', `--listen-client-urls=https://127.0.0.1:2379,https://${ip}:2379`, '--listen-metrics-urls=http://127.0.0.1:2381', `--listen-peer-urls=https://${ip}:2380`, `--name=${node.name}`, '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt', '--peer-client-cert-auth=true', '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key', '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt', '--snapshot-count=10000', '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt', '--watch-progress-notify-interval=5s'],
        resources: { requests: { cpu: '100m', memory: '100Mi' } },
        livenessProbe: probe('127.0.0.1', '/livez', 2381, 'HTTP'),
        readinessProbe: { ...probe('127.0.0.1', '/readyz', 2381, 'HTTP', 0), failureThreshold: 3, periodSeconds: 1 },
        startupProbe: { ...probe('127.0.0.1', '/readyz', 2381, 'HTTP'), failureThreshold: 24 },
        volumeMounts: [mount('etcd-data', '/var/lib/etcd', false), mount('etcd-certs', '/etc/kubernetes/pki/etcd', false)],
      }],
    },
    {
      component: 'kube-apiserver',
      annotations: { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ip}:6443` },
      volumes: [hostPath('ca-certs', '/etc/ssl/certs', 'DirectoryOrCreate'), hostPath('etc-ca-certificates', '/etc/ca-certificates', 'DirectoryOrCreate'), hostPath('k8s-certs', '/etc/kubernetes/pki', 'DirectoryOrCreate'), hostPath('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates', 'DirectoryOrCreate'), hostPath('usr-share-ca-certificates', '/usr/share/ca-certificates', 'DirectoryOrCreate')],
      containers: [{
        name: 'kube-apiserver', image: k8sImage('kube-apiserver'), ...common,
        command: ['kube-apiserver', `--advertise-address=${ip}`, '--allow-privileged=true', '--authorization-mode=Node,RBAC', '--client-ca-file=/etc/kubernetes/pki/ca.crt', '--enable-admission-plugins=NodeRestriction', '--enable-bootstrap-token-auth=true', '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt', '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt', '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key', '--etcd-servers=https://127.0.0.1:2379', '--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt', '--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key', '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname', '--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt', '--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key', '--requestheader-allowed-names=front-proxy-client', '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt', '--requestheader-extra-headers-prefix=X-Remote-Extra-', '--requestheader-group-headers=X-Remote-Group', '--requestheader-username-headers=X-Remote-User', '--runtime-config=', '--secure-port=6443', '--service-account-issuer=https://kubernetes.default.svc.cluster.local', '--service-account-key-file=/etc/kubernetes/pki/sa.pub', '--service-account-signing-key-file=/etc/kubernetes/pki/sa.key', '--service-cluster-ip-range=10.96.0.0/16', '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt', '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key'],
        resources: { requests: { cpu: '250m' } },
        livenessProbe: probe(ip, '/livez', 6443, 'HTTPS'),
        readinessProbe: { ...probe(ip, '/readyz', 6443, 'HTTPS', 0), failureThreshold: 3, periodSeconds: 1 },
        startupProbe: { ...probe(ip, '/livez', 6443, 'HTTPS'), failureThreshold: 24 },
        volumeMounts: [mount('ca-certs', '/etc/ssl/certs'), mount('etc-ca-certificates', '/etc/ca-certificates'), mount('k8s-certs', '/etc/kubernetes/pki'), mount('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates'), mount('usr-share-ca-certificates', '/usr/share/ca-certificates')],
      }],
    },
    {
      component: 'kube-controller-manager',
      annotations: {},
      volumes: [hostPath('ca-certs', '/etc/ssl/certs', 'DirectoryOrCreate'), hostPath('etc-ca-certificates', '/etc/ca-certificates', 'DirectoryOrCreate'), hostPath('flexvolume-dir', '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', 'DirectoryOrCreate'), hostPath('k8s-certs', '/etc/kubernetes/pki', 'DirectoryOrCreate'), hostPath('kubeconfig', '/etc/kubernetes/controller-manager.conf', 'FileOrCreate'), hostPath('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates', 'DirectoryOrCreate'), hostPath('usr-share-ca-certificates', '/usr/share/ca-certificates', 'DirectoryOrCreate')],
      containers: [{
        name: 'kube-controller-manager', image: k8sImage('kube-controller-manager'), ...common,
        command: ['kube-controller-manager', '--allocate-node-cidrs=true', '--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf', '--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf', '--bind-address=127.0.0.1', '--client-ca-file=/etc/kubernetes/pki/ca.crt', '--cluster-cidr=10.244.0.0/16', `--cluster-name=${clusterName}`, '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt', '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key', '--controllers=*,bootstrapsigner,tokencleaner', '--enable-hostpath-provisioner=true', '--kubeconfig=/etc/kubernetes/controller-manager.conf', '--leader-elect=true', '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt', '--root-ca-file=/etc/kubernetes/pki/ca.crt', '--service-account-private-key-file=/etc/kubernetes/pki/sa.key', '--service-cluster-ip-range=10.96.0.0/16', '--use-service-account-credentials=true'],
        resources: { requests: { cpu: '200m' } },
        livenessProbe: probe('127.0.0.1', '/healthz', 10257, 'HTTPS'),
        startupProbe: { ...probe('127.0.0.1', '/healthz', 10257, 'HTTPS'), failureThreshold: 24 },
        volumeMounts: [mount('ca-certs', '/etc/ssl/certs'), mount('etc-ca-certificates', '/etc/ca-certificates'), mount('flexvolume-dir', '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', false), mount('k8s-certs', '/etc/kubernetes/pki'), mount('kubeconfig', '/etc/kubernetes/controller-manager.conf'), mount('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates'), mount('usr-share-ca-certificates', '/usr/share/ca-certificates')],
      }],
    },
    {
      component: 'kube-scheduler',
      annotations: {},
      volumes: [hostPath('kubeconfig', '/etc/kubernetes/scheduler.conf', 'FileOrCreate')],
      containers: [{
        name: 'kube-scheduler', image: k8sImage('kube-scheduler'), ...common,
        command: ['kube-scheduler', '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf', '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf', '--bind-address=127.0.0.1', '--kubeconfig=/etc/kubernetes/scheduler.conf', '--leader-elect=true'],
        resources: { requests: { cpu: '100m' } },
        livenessProbe: probe('127.0.0.1', '/livez', 10259, 'HTTPS'),
        readinessProbe: { ...probe('127.0.0.1', '/readyz', 10259, 'HTTPS', 0), failureThreshold: 3, periodSeconds: 1 },
        startupProbe: { ...probe('127.0.0.1', '/livez', 10259, 'HTTPS'), failureThreshold: 24 },
        volumeMounts: [mount('kubeconfig', '/etc/kubernetes/scheduler.conf')],
      }],
    },
  ];
}

/** The mirror Pod kubelet publishes for a static Pod: name suffixed with the node, annotated, owned by the Node. */
export function mirrorPod(definition: StaticPodDefinition, node: NodeInfo, nodeUid: string, time: number, suffixes: SuffixSource): KubeObject {
  const name = `${definition.component}-${node.name}`;
  const hash = createHash('md5').update(`${name}/${definition.containers[0]!.image}`).digest('hex');
  const labels = { component: definition.component, tier: 'control-plane' };
  const annotations = {
    ...definition.annotations,
    'kubernetes.io/config.hash': hash,
    'kubernetes.io/config.mirror': hash,
    'kubernetes.io/config.seen': new Date(time - 1500).toISOString().replace(/Z$/, `${suffixes.next().toFixed(6).slice(2)}Z`),
    'kubernetes.io/config.source': 'file',
  };
  const spec = {
    containers: definition.containers,
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    hostNetwork: true,
    nodeName: node.name,
    preemptionPolicy: 'PreemptLowerPriority',
    priority: 2000001000,
    priorityClassName: 'system-node-critical',
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    terminationGracePeriodSeconds: 30,
    tolerations: [{ effect: 'NoExecute', operator: 'Exists' }],
    volumes: definition.volumes,
  };
  const at = isoSeconds(time);
  const status = runningPodStatus(definition.containers, node.ip, node.ip, time, suffixes, 'Burstable');
  const owner: OwnerReference = { apiVersion: 'v1', kind: 'Node', name: node.name, uid: nodeUid, controller: true };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'kube-system',
      creationTimestamp: at,
      labels,
      annotations,
      ownerReferences: [owner],
      managedFields: [
        managedEntry('kubelet', 'v1', at, { metadata: { annotations, labels, ownerReferences: [{ uid: nodeUid }] }, spec }),
        managedEntry('kubelet', 'v1', at, { status: { conditions: status.conditions, containerStatuses: [], hostIP: '', hostIPs: [], phase: '', podIP: '', podIPs: [{ ip: node.ip }], startTime: '' } }, 'status'),
      ],
    },
    spec,
    status,
  };
}

export interface PodTemplate {
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  spec: Record<string, unknown> & { containers: ContainerSpec[]; tolerations?: unknown[] };
}

/** A Pod a controller (ReplicaSet or DaemonSet controller) creates from its template, not yet scheduled. */
export function podFromTemplate(owner: KubeObject, template: PodTemplate, name: string, extraLabels: Record<string, string>, time: number, manager = 'kube-controller-manager'): KubeObject {
  const at = isoSeconds(time);
  const labels = { ...template.labels, ...extraLabels };
  const tolerations = [...((template.spec.tolerations as unknown[] | undefined) ?? [])];
  const tolerated = new Set(tolerations.map((toleration) => (toleration as { key?: string }).key));
  for (const toleration of owner.kind === 'DaemonSet' ? systemTolerationsForDaemonSet : defaultTolerations) {
    if (!tolerated.has(toleration.key) && !tolerations.some((t) => (t as { operator?: string; key?: string }).operator === 'Exists' && !(t as { key?: string }).key && owner.kind !== 'DaemonSet')) tolerations.push(toleration);
  }
  const spec = {
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    preemptionPolicy: 'PreemptLowerPriority',
    priority: template.spec.priorityClassName === 'system-node-critical' ? 2000001000 : template.spec.priorityClassName === 'system-cluster-critical' ? 2000000000 : 0,
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: {},
    serviceAccount: template.spec.serviceAccountName,
    terminationGracePeriodSeconds: 30,
    ...template.spec,
    tolerations,
  };
  if (template.spec.automountServiceAccountToken !== false) Object.assign(spec, withServiceAccountToken(spec, name));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      generateName: name.replace(/[^-]+$/, ''),
      namespace: owner.metadata.namespace,
      creationTimestamp: at,
      labels,
      ...(template.annotations ? { annotations: template.annotations } : {}),
      ownerReferences: [ownerRef(owner)],
      managedFields: [managedEntry(manager, 'v1', at, { metadata: { generateName: '', labels, ownerReferences: [{ uid: owner.metadata.uid }] }, spec: template.spec })],
    },
    spec,
    status: { phase: 'Pending', qosClass: qosClassOf(template.spec.containers) },
  };
}

/** What the ServiceAccount admission plugin adds: a projected token volume mounted into every container. */
function withServiceAccountToken(spec: { containers: ContainerSpec[]; volumes?: unknown }, podName: string): { containers: ContainerSpec[]; volumes: unknown[] } {
  const digest = createHash('sha1').update(podName).digest();
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  const volumeName = `kube-api-access-${Array.from({ length: 5 }, (_, index) => alphabet[digest[index]! % alphabet.length]).join('')}`;
  const mount = { mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: volumeName, readOnly: true };
  return {
    containers: spec.containers.map((container) => ({ ...container, volumeMounts: [...((container.volumeMounts as unknown[] | undefined) ?? []), mount] })),
    volumes: [
      ...((spec.volumes as unknown[] | undefined) ?? []),
      {
        name: volumeName,
        projected: {
          defaultMode: 420,
          sources: [
            { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
            { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
            { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
          ],
        },
      },
    ],
  };
}

export function qosClassOf(containers: ContainerSpec[]): string {
  let anyRequest = false;
  let allGuaranteed = true;
  for (const container of containers) {
    const resources = container.resources as { requests?: Record<string, string>; limits?: Record<string, string> } | undefined;
    if (resources?.requests || resources?.limits) anyRequest = true;
    const limits = resources?.limits ?? {};
    const requests = resources?.requests ?? limits;
    if (!limits.cpu || !limits.memory || requests.cpu !== limits.cpu || requests.memory !== limits.memory) allGuaranteed = false;
  }
  if (!anyRequest) return 'BestEffort';
  return allGuaranteed ? 'Guaranteed' : 'Burstable';
}

/** Node affinity the DaemonSet controller pins each of its Pods with. */
export function daemonPodAffinity(nodeName: string): Record<string, unknown> {
  return { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] } } };
}

export function nodeObject(node: NodeInfo, time: number, renewTime: number, suffixes: SuffixSource): KubeObject {
  const at = isoSeconds(time);
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': node.name,
    'kubernetes.io/os': 'linux',
  };
  const kubeadmLabels: Record<string, string> = node.controlPlane ? { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' } : {};
  Object.assign(labels, kubeadmLabels);
  const annotations = {
    'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
    'node.alpha.kubernetes.io/ttl': '0',
    'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
  };
  const heartbeat = isoSeconds(renewTime);
  const condition = (type: string, status: string, reason: string, message: string) => ({ type, status, lastHeartbeatTime: heartbeat, lastTransitionTime: at, reason, message });
  const capacity = { cpu: '8', 'ephemeral-storage': '102625208Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '16351524Ki', pods: '110' };
  const status = {
    addresses: [{ address: node.ip, type: 'InternalIP' }, { address: node.name, type: 'Hostname' }],
    allocatable: capacity,
    capacity,
    conditions: [
      condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
      condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
      condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
      { ...condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'), lastTransitionTime: isoSeconds(time + 20_000) },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    features: { supplementalGroupsPolicy: true },
    images: [
      { names: [`${kindnetImage}`], sizeBytes: 44375501 },
      { names: [`registry.k8s.io/kube-proxy:${kubernetesVersion}`], sizeBytes: 97995546 },
      { names: [corednsImage], sizeBytes: 20939036 },
      { names: [localPathImage], sizeBytes: 22541737 },
      { names: ['registry.k8s.io/pause:3.10.1'], sizeBytes: 320448 },
    ],
    nodeInfo: {
      architecture: 'amd64',
      bootID: `${suffixes.hex(8)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(12)}`,
      containerRuntimeVersion,
      kernelVersion: '6.8.0-86-generic',
      kubeProxyVersion: '',
      kubeletVersion: kubernetesVersion,
      machineID: suffixes.hex(32),
      operatingSystem: 'linux',
      osImage: 'Debian GNU/Linux 12 (bookworm)',
      systemUUID: `${suffixes.hex(8)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(12)}`,
    },
    runtimeHandlers: [
      { features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: 'runc' },
      { features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: '' },
    ],
  };
  const spec: Record<string, unknown> = { podCIDR: node.podCidr, podCIDRs: [node.podCidr], providerID: `kind://docker/${clusterName}/${node.name}` };
  if (node.controlPlane) spec.taints = [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }];
  const managedFields = [
    managedEntry('kubelet', 'v1', at, { metadata: { annotations: { 'volumes.kubernetes.io/controller-managed-attach-detach': '' }, labels: { 'beta.kubernetes.io/arch': '', 'beta.kubernetes.io/os': '', 'kubernetes.io/arch': '', 'kubernetes.io/hostname': '', 'kubernetes.io/os': '' } }, spec: { providerID: '' } }),
    managedEntry('kubeadm', 'v1', isoSeconds(time + 3000), { metadata: { annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': '' }, labels: kubeadmLabels }, ...(node.controlPlane ? { spec: { taints: {} } } : {}) }),
    managedEntry('kube-controller-manager', 'v1', isoSeconds(time + 10_000), { metadata: { annotations: { 'node.alpha.kubernetes.io/ttl': '' } }, spec: { podCIDR: '', podCIDRs: {} } }),
    managedEntry('kubelet', 'v1', isoSeconds(time + 20_000), { status: { conditions: status.conditions, images: {}, nodeInfo: {} } }, 'status'),
  ];
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: node.name, creationTimestamp: at, labels, annotations, managedFields }, spec, status };
}

export function nodeLease(node: NodeInfo, nodeUid: string, time: number, renewTime: number): KubeObject {
  const at = isoSeconds(time);
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: node.name,
      namespace: 'kube-node-lease',
      creationTimestamp: at,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.name, uid: nodeUid }],
      managedFields: [managedEntry('kubelet', 'coordination.k8s.io/v1', isoSeconds(renewTime), { metadata: { ownerReferences: [{ uid: nodeUid }] }, spec: { holderIdentity: '', leaseDurationSeconds: '', renewTime: '' } })],
    },
    spec: { holderIdentity: node.name, leaseDurationSeconds: 40, renewTime: isoMicros(renewTime) },
  };
}

/** A Lease renewed: new renewTime, and the managedFields time kubelet's update records. */
export function renewedLease(lease: KubeObject, now: number): KubeObject {
  const managedFields = (lease.metadata.managedFields as { time: string }[] | undefined)?.map((entry) => ({ ...entry, time: isoSeconds(now) }));
  return { ...lease, metadata: { ...lease.metadata, managedFields }, spec: { ...(lease.spec as object), renewTime: isoMicros(now) } };
}

export interface BuiltCluster {
  nodes: NodeInfo[];
  createdAt: number;
  staticPods: Map<string, StaticPodDefinition[]>;
}

export function buildEvent(namespace: string, involved: KubeObject, reason: string, message: string, time: number, source: { component: string; host?: string }, suffixes: SuffixSource, type = 'Normal', fieldPath?: string): KubeObject {
  const at = isoSeconds(time);
  const involvedObject: Record<string, unknown> = {
    apiVersion: involved.apiVersion,
    kind: involved.kind,
    name: involved.metadata.name,
    uid: involved.metadata.uid,
  };
  if (involved.metadata.namespace) involvedObject.namespace = involved.metadata.namespace;
  if (fieldPath) involvedObject.fieldPath = fieldPath;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${involved.metadata.name}.${suffixes.hex(16)}`, namespace, creationTimestamp: at },
    involvedObject,
    reason,
    message,
    source,
    firstTimestamp: at,
    lastTimestamp: at,
    count: 1,
    type,
    eventTime: null,
    reportingComponent: source.component,
    reportingInstance: source.host ?? '',
  };
}

const corefile = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success cluster.local
       disable denial cluster.local
    }
    loop
    reload
    loadbalance
}
`;

export function corednsTemplate(): PodTemplate {
  return {
    labels: { 'k8s-app': 'kube-dns' },
    spec: {
      affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ podAffinityTerm: { labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] }, topologyKey: 'kubernetes.io/hostname' }, weight: 100 }] } },
      containers: [{
        name: 'coredns', image: corednsImage, imagePullPolicy: 'IfNotPresent', args: ['-conf', '/etc/coredns/Corefile'],
        livenessProbe: { failureThreshold: 5, httpGet: { path: '/health', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 60, periodSeconds: 10, successThreshold: 1, timeoutSeconds: 5 },
        ports: [{ containerPort: 53, name: 'dns', protocol: 'UDP' }, { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' }, { containerPort: 9153, name: 'metrics', protocol: 'TCP' }, { containerPort: 8080, name: 'liveness-probe', protocol: 'TCP' }, { containerPort: 8181, name: 'readiness-probe', protocol: 'TCP' }],
        readinessProbe: { failureThreshold: 3, httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' }, periodSeconds: 10, successThreshold: 1, timeoutSeconds: 1 },
        resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
        securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] }, readOnlyRootFilesystem: true },
        terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
        volumeMounts: [{ mountPath: '/etc/coredns', name: 'config-volume', readOnly: true }],
      }],
      dnsPolicy: 'Default',
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      priorityClassName: 'system-cluster-critical',
      serviceAccountName: 'coredns',
      tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }, { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }],
      volumes: [{ configMap: { defaultMode: 420, items: [{ key: 'Corefile', path: 'Corefile' }], name: 'coredns' }, name: 'config-volume' }],
    },
  };
}

function localPathTemplate(): PodTemplate {
  return {
    labels: { app: 'local-path-provisioner' },
    spec: {
      containers: [{
        name: 'local-path-provisioner', image: localPathImage, imagePullPolicy: 'IfNotPresent',
        command: ['local-path-provisioner', '--debug', 'start', '--helper-image', 'docker.io/kindest/local-path-helper:v20241212-8ac705d0', '--config', '/etc/config/config.json'],
        env: [{ name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } }, { name: 'CONFIG_MOUNT_PATH', value: '/etc/config/' }],
        terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
        volumeMounts: [{ mountPath: '/etc/config/', name: 'config-volume' }],
      }],
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      serviceAccountName: 'local-path-provisioner-service-account',
      tolerations: [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane', operator: 'Equal' }, { effect: 'NoSchedule', key: 'node-role.kubernetes.io/master', operator: 'Equal' }],
      volumes: [{ configMap: { defaultMode: 420, name: 'local-path-config' }, name: 'config-volume' }],
    },
  };
}

function kubeProxyTemplate(): PodTemplate {
  return {
    labels: { 'k8s-app': 'kube-proxy' },
    spec: {
      containers: [{
        name: 'kube-proxy', image: `registry.k8s.io/kube-proxy:${kubernetesVersion}`, imagePullPolicy: 'IfNotPresent',
        command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
        env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
        securityContext: { privileged: true },
        terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
        volumeMounts: [{ mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' }, { mountPath: '/run/xtables.lock', name: 'xtables-lock' }, { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true }],
      }],
      hostNetwork: true,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      priorityClassName: 'system-node-critical',
      serviceAccountName: 'kube-proxy',
      tolerations: [{ operator: 'Exists' }],
      volumes: [{ configMap: { defaultMode: 420, name: 'kube-proxy' }, name: 'kube-proxy' }, { hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' }, name: 'xtables-lock' }, { hostPath: { path: '/lib/modules', type: '' }, name: 'lib-modules' }],
    },
  };
}

function kindnetTemplate(): PodTemplate {
  return {
    labels: { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' },
    spec: {
      containers: [{
        name: 'kindnet-cni', image: kindnetImage, imagePullPolicy: 'IfNotPresent',
        env: [
          { name: 'HOST_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.hostIP' } } },
          { name: 'POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
          { name: 'POD_SUBNET', value: '10.244.0.0/16' },
          { name: 'CONTROL_PLANE_ENDPOINT', value: `${clusterName}-control-plane:6443` },
        ],
        resources: { limits: { cpu: '100m', memory: '50Mi' }, requests: { cpu: '100m', memory: '50Mi' } },
        securityContext: { capabilities: { add: ['NET_RAW', 'NET_ADMIN'] }, privileged: false },
        terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
        volumeMounts: [{ mountPath: '/etc/cni/net.d', name: 'cni-cfg' }, { mountPath: '/run/xtables.lock', name: 'xtables-lock' }, { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true }],
      }],
      hostNetwork: true,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      serviceAccountName: 'kindnet',
      tolerations: [{ operator: 'Exists' }],
      volumes: [{ hostPath: { path: '/etc/cni/net.d', type: '' }, name: 'cni-cfg' }, { hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' }, name: 'xtables-lock' }, { hostPath: { path: '/lib/modules', type: '' }, name: 'lib-modules' }],
    },
  };
}

function workloadTemplate(app: string): PodTemplate {
  return {
    labels: { app },
    spec: {
      containers: [{ name: 'app', image: 'registry.k8s.io/pause:3.10.1', imagePullPolicy: 'IfNotPresent', resources: { requests: { cpu: '10m', memory: '16Mi' } }, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }],
      serviceAccountName: 'default',
    },
  };
}

/** The pod-template-hash / controller-revision-hash: a hash of the template in the generated-name alphabet. */
export function templateHash(template: PodTemplate): string {
  const digest = createHash('sha256').update(JSON.stringify(template)).digest();
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let text = '';
  for (let index = 0; index < 10; index++) text += alphabet[digest[index]! % alphabet.length];
  return text;
}

const controllerServiceAccounts = ['attachdetach-controller', 'bootstrap-signer', 'certificate-controller', 'clusterrole-aggregation-controller', 'cronjob-controller', 'daemon-set-controller', 'deployment-controller', 'disruption-controller', 'endpoint-controller', 'endpointslice-controller', 'endpointslicemirroring-controller', 'ephemeral-volume-controller', 'expand-controller', 'generic-garbage-collector', 'horizontal-pod-autoscaler', 'job-controller', 'legacy-service-account-token-cleaner', 'namespace-controller', 'node-controller', 'persistent-volume-binder', 'pod-garbage-collector', 'pv-protection-controller', 'pvc-protection-controller', 'replicaset-controller', 'replication-controller', 'resourcequota-controller', 'root-ca-cert-publisher', 'service-account-controller', 'statefulset-controller', 'token-cleaner', 'ttl-after-finished-controller', 'ttl-controller', 'validatingadmissionpolicy-status-controller'];

/** Builds the whole cluster into an empty store. */
export function buildCluster(store: ObjectStore, suffixes: SuffixSource, options: FixtureOptions = {}): BuiltCluster {
  const nodeCount = Math.max(1, options.nodes ?? 3);
  const t0 = options.createdAt ?? Date.now() - 10 * 60_000;
  const now = Date.now();
  const create = (object: KubeObject) => store.create(resourceTypeOfKind(object.kind), object);
  const podType = resourceTypeOfKind('Pod');
  const podTaken = (name: string) => store.get(podType, 'kube-system', name) !== undefined || store.get(podType, 'default', name) !== undefined;
  const nodes: NodeInfo[] = nodeNames(nodeCount).map((name, index) => ({ name, ip: nodeIp(index), podCidr: podCidr(index, nodeCount), controlPlane: index === 0 }));
  const nodeTime = (index: number) => t0 + (index === 0 ? 0 : 15_000 + index * 40);
  const nodeUids = new Map<string, string>();
  const podIpCounter = new Map<string, number>();
  const nextPodIp = (node: NodeInfo) => {
    const host = (podIpCounter.get(node.name) ?? 1) + 1;
    podIpCounter.set(node.name, host);
    return podIpIn(node.podCidr, host);
  };

  // Namespaces, in the order kube-apiserver and kind create them.
  for (const [index, name] of ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'local-path-storage'].entries()) {
    const at = isoSeconds(index === 4 ? t0 + 20_000 : t0 - 2000);
    create({
      apiVersion: 'v1', kind: 'Namespace',
      metadata: { name, creationTimestamp: at, labels: { 'kubernetes.io/metadata.name': name }, managedFields: [managedEntry(index === 4 ? 'kubectl-client-side-apply' : 'kube-apiserver', 'v1', at, { metadata: { labels: { 'kubernetes.io/metadata.name': '' } } })] },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  }

  nodes.forEach((node, index) => {
    const stored = create(nodeObject(node, nodeTime(index), now, suffixes));
    nodeUids.set(node.name, stored.metadata.uid!);
    create(nodeLease(node, stored.metadata.uid!, nodeTime(index), now - Math.floor((index * 10_000) / nodeCount)));
  });

  // Static Pods on the control-plane node, published as mirror Pods.
  const controlPlane = nodes[0]!;
  const staticPods = new Map<string, StaticPodDefinition[]>([[controlPlane.name, staticPodDefinitions(controlPlane)]]);
  staticPodDefinitions(controlPlane).forEach((definition, index) => {
    create(mirrorPod(definition, controlPlane, nodeUids.get(controlPlane.name)!, t0 + 5000 + index * 100, suffixes));
  });

  const system = 'kube-system';
  // Leader-election and identity Leases in kube-system.
  for (const holder of ['kube-controller-manager', 'kube-scheduler']) {
    create({
      apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
      metadata: { name: holder, namespace: system, creationTimestamp: isoSeconds(t0 + 6000), managedFields: [managedEntry(holder, 'coordination.k8s.io/v1', isoSeconds(now), { spec: { acquireTime: '', holderIdentity: '', leaseDurationSeconds: '', leaseTransitions: '', renewTime: '' } })] },
      spec: { acquireTime: isoMicros(t0 + 6000), holderIdentity: `${controlPlane.name}_${suffixes.hex(8)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(12)}`, leaseDurationSeconds: 15, leaseTransitions: 0, renewTime: isoMicros(now) },
    });
  }
  const apiserverLeaseName = `apiserver-${suffixes.hex(26).replace(/[89ab]/g, 'q').slice(0, 26)}`;
  create({
    apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
    metadata: { name: apiserverLeaseName, namespace: system, creationTimestamp: isoSeconds(t0 + 1000), labels: { 'apiserver.kubernetes.io/identity': 'kube-apiserver', 'kubernetes.io/hostname': controlPlane.name }, managedFields: [managedEntry('kube-apiserver', 'coordination.k8s.io/v1', isoSeconds(now), { metadata: { labels: { 'apiserver.kubernetes.io/identity': '', 'kubernetes.io/hostname': '' } }, spec: { holderIdentity: '', leaseDurationSeconds: '', renewTime: '' } })] },
    spec: { holderIdentity: `${apiserverLeaseName}_${suffixes.hex(8)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(4)}-${suffixes.hex(12)}`, leaseDurationSeconds: 3600, renewTime: isoMicros(now) },
  });

  // DaemonSets kube-proxy (kubeadm) and kindnet (kind), one Pod per node.
  for (const [dsName, template, manager, labels] of [
    ['kube-proxy', kubeProxyTemplate(), 'kubeadm', { 'k8s-app': 'kube-proxy' }],
    ['kindnet', kindnetTemplate(), 'kubectl-create', { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' }],
  ] as const) {
    const at = isoSeconds(t0 + 7000);
    const selector = { matchLabels: dsName === 'kindnet' ? { app: 'kindnet' } : { 'k8s-app': 'kube-proxy' } };
    const spec = { revisionHistoryLimit: 10, selector, template: { metadata: { labels: template.labels }, spec: template.spec }, updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' } };
    const ds = create({
      apiVersion: 'apps/v1', kind: 'DaemonSet',
      metadata: {
        name: dsName, namespace: system, generation: 1, creationTimestamp: at, labels: { ...labels },
        annotations: { 'deprecated.daemonset.template.generation': '1' },
        managedFields: [managedEntry(manager, 'apps/v1', at, { metadata: { labels }, spec }), managedEntry('kube-controller-manager', 'apps/v1', isoSeconds(t0 + 30_000), { status: { currentNumberScheduled: '', desiredNumberScheduled: '', numberAvailable: '', numberReady: '', observedGeneration: '', updatedNumberScheduled: '' } }, 'status')],
      },
      spec,
      status: { currentNumberScheduled: nodeCount, desiredNumberScheduled: nodeCount, numberAvailable: nodeCount, numberMisscheduled: 0, numberReady: nodeCount, observedGeneration: 1, updatedNumberScheduled: nodeCount },
    });
    const revisionHash = templateHash(template);
    nodes.forEach((node, index) => {
      // DaemonSet Pods start once their node registered, after the static Pods of the control plane.
      const started = nodeTime(index) + (index === 0 ? 18_000 : 3000);
      const pod = podFromTemplate(ds, template, suffixes.uniqueName(`${dsName}-`, podTaken), { 'controller-revision-hash': revisionHash, 'pod-template-generation': '1' }, started);
      create(startedPod(pod, node, node.ip, started, suffixes, true));
    });
  }

  // Deployments coredns (kubeadm) and local-path-provisioner (kind), each with its ReplicaSet.
  const deploymentSpecs: { name: string; namespace: string; template: PodTemplate; replicas: number; labels: Record<string, string>; selector: Record<string, string>; manager: string; placement: number[] }[] = [
    { name: 'coredns', namespace: system, template: corednsTemplate(), replicas: 2, labels: { 'k8s-app': 'kube-dns' }, selector: { 'k8s-app': 'kube-dns' }, manager: 'kubeadm', placement: [0, Math.min(1, nodeCount - 1)] },
    { name: 'local-path-provisioner', namespace: 'local-path-storage', template: localPathTemplate(), replicas: 1, labels: {}, selector: { app: 'local-path-provisioner' }, manager: 'kubectl-client-side-apply', placement: [0] },
  ];
  const workloadReplicas = Math.max(0, options.podsPerNode ?? 0) * Math.max(1, nodeCount - 1);
  for (let first = 0, index = 0; first < workloadReplicas; first += 10, index++) {
    const replicas = Math.min(10, workloadReplicas - first);
    const app = `workload-${index}`;
    deploymentSpecs.push({ name: app, namespace: 'default', template: workloadTemplate(app), replicas, labels: { app }, selector: { app }, manager: 'kubectl-create', placement: Array.from({ length: replicas }, (_, replica) => 1 + ((first + replica) % Math.max(1, nodeCount - 1))) });
  }
  const corednsPodIps: string[] = [];
  const corednsPods: KubeObject[] = [];
  for (const deploymentSpec of deploymentSpecs) {
    const created = deploymentSpec.name.startsWith('workload-') ? t0 + 60_000 : t0 + 7000;
    const { deployment, replicaSet } = createDeployment(store, deploymentSpec.name, deploymentSpec.namespace, deploymentSpec.template, deploymentSpec.replicas, deploymentSpec.labels, deploymentSpec.selector, deploymentSpec.manager, created);
    for (const nodeIndex of deploymentSpec.placement) {
      const node = nodes[nodeIndex]!;
      const pod = podFromTemplate(replicaSet, deploymentSpec.template, suffixes.uniqueName(`${replicaSet.metadata.name}-`, podTaken), { 'pod-template-hash': replicaSet.metadata.labels!['pod-template-hash']! }, created + 13_000);
      const ip = nextPodIp(node);
      const stored = create(startedPod(pod, node, ip, created + 14_000, suffixes, true));
      if (deploymentSpec.name === 'coredns') {
        corednsPodIps.push(ip);
        corednsPods.push(stored);
      }
    }
    void deployment;
  }

  // Services and their EndpointSlices.
  const kubernetesService = create({
    apiVersion: 'v1', kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', creationTimestamp: isoSeconds(t0 - 1000), labels: { component: 'apiserver', provider: 'kubernetes' }, managedFields: [managedEntry('kube-apiserver', 'v1', isoSeconds(t0 - 1000), { metadata: { labels: { component: '', provider: '' } }, spec: { clusterIP: '', internalTrafficPolicy: '', ipFamilyPolicy: '', ports: [{ port: 443, protocol: 'TCP' }], sessionAffinity: '', type: '' } })] },
    spec: { clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'], internalTrafficPolicy: 'Cluster', ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }], sessionAffinity: 'None', type: 'ClusterIP' },
    status: { loadBalancer: {} },
  });
  create({
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', creationTimestamp: isoSeconds(t0 - 1000), generation: 1, labels: { 'kubernetes.io/service-name': 'kubernetes' }, managedFields: [managedEntry('kube-apiserver', 'discovery.k8s.io/v1', isoSeconds(t0 - 1000), { addressType: '', endpoints: {}, metadata: { labels: { 'kubernetes.io/service-name': '' } }, ports: {} })] },
    addressType: 'IPv4',
    endpoints: [{ addresses: [controlPlane.ip], conditions: { ready: true } }],
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  });
  void kubernetesService;
  const dnsLabels = { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' };
  const dnsService = create({
    apiVersion: 'v1', kind: 'Service',
    metadata: { name: 'kube-dns', namespace: system, creationTimestamp: isoSeconds(t0 + 7000), labels: dnsLabels, annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' }, managedFields: [managedEntry('kubeadm', 'v1', isoSeconds(t0 + 7000), { metadata: { annotations: { 'prometheus.io/port': '', 'prometheus.io/scrape': '' }, labels: dnsLabels }, spec: { clusterIP: '', ports: [{ port: 53, protocol: 'UDP' }, { port: 53, protocol: 'TCP' }, { port: 9153, protocol: 'TCP' }], selector: {} } })] },
    spec: {
      clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], internalTrafficPolicy: 'Cluster', ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 }, { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 }, { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 }],
      selector: { 'k8s-app': 'kube-dns' }, sessionAffinity: 'None', type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  });
  create(dnsEndpointSlice(dnsService, corednsPods, `kube-dns-${suffixes.suffix()}`, t0 + 21_000));

  // ServiceAccounts and ConfigMaps.
  const namespaces = ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'local-path-storage'];
  const serviceAccounts: [string, string][] = [
    ...namespaces.map((namespace) => [namespace, 'default'] as [string, string]),
    ...[...controllerServiceAccounts, 'coredns', 'kindnet', 'kube-proxy'].map((name) => [system, name] as [string, string]),
    ['local-path-storage', 'local-path-provisioner-service-account'],
  ];
  for (const [namespace, name] of serviceAccounts) {
    const at = isoSeconds(t0 + 6000);
    create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace, creationTimestamp: at } });
  }
  const configMap = (namespace: string, name: string, data: Record<string, string>, manager: string, extra: Partial<KubeObject['metadata']> = {}) => {
    const at = isoSeconds(t0 + 6000);
    create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, creationTimestamp: at, ...extra, managedFields: [managedEntry(manager, 'v1', at, { data: Object.fromEntries(Object.keys(data).map((key) => [key, ''])) })] }, data });
  };
  for (const namespace of namespaces) {
    configMap(namespace, 'kube-root-ca.crt', { 'ca.crt': '-----BEGIN CERTIFICATE-----\n(the cluster CA)\n-----END CERTIFICATE-----\n' }, 'kube-controller-manager', { annotations: { 'kubernetes.io/description': 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.' } });
  }
  configMap(system, 'coredns', { Corefile: corefile }, 'kubeadm');
  configMap(system, 'kube-proxy', { 'config.conf': 'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: 10.244.0.0/16\nmode: iptables\n', 'kubeconfig.conf': `apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt\n    server: https://${clusterName}-control-plane:6443\n  name: default\n` }, 'kubeadm', { labels: { app: 'kube-proxy' } });
  configMap(system, 'kubeadm-config', { ClusterConfiguration: `apiServer:\n  certSANs:\n  - localhost\n  - 127.0.0.1\napiVersion: kubeadm.k8s.io/v1beta4\nclusterName: ${clusterName}\ncontrolPlaneEndpoint: ${clusterName}-control-plane:6443\nkind: ClusterConfiguration\nkubernetesVersion: ${kubernetesVersion}\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: 10.244.0.0/16\n  serviceSubnet: 10.96.0.0/16\n` }, 'kubeadm');
  configMap(system, 'kubelet-config', { kubelet: 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\nclusterDNS:\n- 10.96.0.10\nclusterDomain: cluster.local\nnodeLeaseDurationSeconds: 40\nstaticPodPath: /etc/kubernetes/manifests\n' }, 'kubeadm');
  configMap(system, 'extension-apiserver-authentication', { 'client-ca-file': '(client CA bundle)', 'requestheader-allowed-names': '["front-proxy-client"]' }, 'kube-apiserver');
  configMap('kube-public', 'cluster-info', { kubeconfig: `apiVersion: v1\nclusters:\n- cluster:\n    server: https://${clusterName}-control-plane:6443\n  name: ""\nkind: Config\n` }, 'kubeadm');
  configMap('local-path-storage', 'local-path-config', { 'config.json': '{\n  "nodePathMap":[\n  {\n    "node":"DEFAULT_PATH_FOR_NON_LISTED_NODES",\n    "paths":["/var/local-path-provisioner"]\n  }\n  ]\n}\n', 'helperPod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\n', setup: '#!/bin/sh\nset -eu\nmkdir -m 0777 -p "$VOL_DIR"\n', teardown: '#!/bin/sh\nset -eu\nrm -rf "$VOL_DIR"\n' }, 'kubectl-client-side-apply');

  // Events of a freshly created cluster (the first ones; events expire after an hour).
  for (const [index, node] of nodes.slice(0, 50).entries()) {
    const nodeObjectStored = store.get(resourceTypeOfKind('Node'), undefined, node.name)!;
    const host = { component: 'kubelet', host: node.name };
    const at = nodeTime(index);
    const entries: [string, string, number, { component: string; host?: string }][] = [
      ['Starting', 'Starting kubelet.', at, host],
      ['NodeHasSufficientMemory', `Node ${node.name} status is now: NodeHasSufficientMemory`, at + 100, host],
      ['NodeHasNoDiskPressure', `Node ${node.name} status is now: NodeHasNoDiskPressure`, at + 100, host],
      ['NodeHasSufficientPID', `Node ${node.name} status is now: NodeHasSufficientPID`, at + 100, host],
      ['NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods', at + 200, host],
      ['RegisteredNode', `Node ${node.name} event: Registered Node ${node.name} in Controller`, at + 10_000, { component: 'node-controller' }],
      ['Starting', '', at + 12_000, { component: 'kube-proxy', host: node.name }],
      ['NodeReady', `Node ${node.name} status is now: NodeReady`, at + 20_000, host],
    ];
    for (const [reason, message, time, source] of entries) {
      create(buildEvent('default', { ...nodeObjectStored, metadata: { ...nodeObjectStored.metadata, namespace: undefined } }, reason, message, time, source, suffixes));
    }
  }
  for (const pod of corednsPods) {
    const node = (pod.spec as { nodeName: string }).nodeName;
    const at = Date.parse(pod.metadata.creationTimestamp!);
    create(buildEvent(system, pod, 'Scheduled', `Successfully assigned kube-system/${pod.metadata.name} to ${node}`, at, { component: 'default-scheduler' }, suffixes));
    create(buildEvent(system, pod, 'Pulled', `Container image "${corednsImage}" already present on machine`, at + 1000, { component: 'kubelet', host: node }, suffixes, 'Normal', 'spec.containers{coredns}'));
    create(buildEvent(system, pod, 'Created', 'Created container: coredns', at + 1100, { component: 'kubelet', host: node }, suffixes, 'Normal', 'spec.containers{coredns}'));
    create(buildEvent(system, pod, 'Started', 'Started container coredns', at + 1200, { component: 'kubelet', host: node }, suffixes, 'Normal', 'spec.containers{coredns}'));
  }
  void corednsPodIps;
  return { nodes, createdAt: t0, staticPods };
}

/** A controller-created Pod as it looks once scheduled and running on `node`. */
export function startedPod(pod: KubeObject, node: NodeInfo, podIp: string, time: number, suffixes: SuffixSource, pinToNode: boolean): KubeObject {
  const spec: Record<string, unknown> = { ...(pod.spec as Record<string, unknown>), nodeName: node.name };
  const isDaemon = pod.metadata.ownerReferences?.[0]?.kind === 'DaemonSet';
  if (pinToNode && isDaemon) spec.affinity = daemonPodAffinity(node.name);
  const containers = spec.containers as ContainerSpec[];
  const status = runningPodStatus(containers, node.ip, podIp, time, suffixes, qosClassOf(containers));
  const managedFields = [...(pod.metadata.managedFields ?? []), managedEntry('kubelet', 'v1', isoSeconds(time), { status: { conditions: status.conditions, containerStatuses: {}, hostIP: '', hostIPs: {}, phase: '', podIP: '', podIPs: [{ ip: podIp }], startTime: '' } }, 'status')];
  return { ...pod, metadata: { ...pod.metadata, managedFields }, spec, status };
}

export function createDeployment(store: ObjectStore, name: string, namespace: string, template: PodTemplate, replicas: number, labels: Record<string, string>, selector: Record<string, string>, manager: string, time: number): { deployment: KubeObject; replicaSet: KubeObject } {
  const at = isoSeconds(time);
  const hash = templateHash(template);
  const spec = {
    progressDeadlineSeconds: 600, replicas, revisionHistoryLimit: 10, selector: { matchLabels: selector },
    strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: name === 'coredns' ? 1 : '25%' }, type: 'RollingUpdate' },
    template: { metadata: { labels: template.labels, ...(template.annotations ? { annotations: template.annotations } : {}) }, spec: template.spec },
  };
  const rsName = `${name}-${hash}`;
  const readyAt = isoSeconds(time + 20_000);
  const deployment = store.create(resourceTypeOfKind('Deployment'), {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: {
      name, namespace, generation: 1, creationTimestamp: at, ...(Object.keys(labels).length ? { labels } : {}),
      annotations: { 'deployment.kubernetes.io/revision': '1' },
      managedFields: [
        managedEntry(manager, 'apps/v1', at, { metadata: Object.keys(labels).length ? { labels } : {}, spec }),
        managedEntry('kube-controller-manager', 'apps/v1', readyAt, { metadata: { annotations: { 'deployment.kubernetes.io/revision': '' } } }),
        managedEntry('kube-controller-manager', 'apps/v1', readyAt, { status: { availableReplicas: '', conditions: [{ type: 'Available' }, { type: 'Progressing' }], observedGeneration: '', readyReplicas: '', replicas: '', updatedReplicas: '' } }, 'status'),
      ],
    },
    spec,
    status: {
      availableReplicas: replicas, observedGeneration: 1, readyReplicas: replicas, replicas, updatedReplicas: replicas,
      conditions: [
        { type: 'Available', status: 'True', lastUpdateTime: readyAt, lastTransitionTime: readyAt, reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' },
        { type: 'Progressing', status: 'True', lastUpdateTime: readyAt, lastTransitionTime: at, reason: 'NewReplicaSetAvailable', message: `ReplicaSet "${rsName}" has successfully progressed.` },
      ],
    },
  });
  const rsLabels = { ...template.labels, 'pod-template-hash': hash };
  const rsSpec = { replicas, selector: { matchLabels: { ...selector, 'pod-template-hash': hash } }, template: { metadata: { labels: rsLabels }, spec: template.spec } };
  const replicaSet = store.create(resourceTypeOfKind('ReplicaSet'), {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: {
      name: rsName, namespace, generation: 1, creationTimestamp: isoSeconds(time), labels: rsLabels,
      annotations: { 'deployment.kubernetes.io/desired-replicas': String(replicas), 'deployment.kubernetes.io/max-replicas': String(replicas + Math.ceil(replicas * 0.25)), 'deployment.kubernetes.io/revision': '1' },
      ownerReferences: [ownerRef(deployment)],
      managedFields: [
        managedEntry('kube-controller-manager', 'apps/v1', at, { metadata: { annotations: { 'deployment.kubernetes.io/desired-replicas': '', 'deployment.kubernetes.io/max-replicas': '', 'deployment.kubernetes.io/revision': '' }, labels: rsLabels, ownerReferences: [{ uid: deployment.metadata.uid }] }, spec: rsSpec }),
        managedEntry('kube-controller-manager', 'apps/v1', readyAt, { status: { availableReplicas: '', fullyLabeledReplicas: '', observedGeneration: '', readyReplicas: '', replicas: '' } }, 'status'),
      ],
    },
    spec: rsSpec,
    status: { availableReplicas: replicas, fullyLabeledReplicas: replicas, observedGeneration: 1, readyReplicas: replicas, replicas },
  });
  return { deployment, replicaSet };
}

/** The EndpointSlice the EndpointSlice controller keeps for Service kube-dns. */
export function dnsEndpointSlice(service: KubeObject, pods: KubeObject[], name: string, time: number): KubeObject {
  const at = isoSeconds(time);
  const labels = { 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io', 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS', 'kubernetes.io/service-name': 'kube-dns' };
  return {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: {
      name, namespace: service.metadata.namespace, generateName: 'kube-dns-', generation: 1, creationTimestamp: at, labels,
      annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': at },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'kube-dns', uid: service.metadata.uid!, controller: true, blockOwnerDeletion: true }],
      managedFields: [managedEntry('kube-controller-manager', 'discovery.k8s.io/v1', at, { addressType: '', endpoints: {}, metadata: { annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': '' }, generateName: '', labels, ownerReferences: [{ uid: service.metadata.uid }] }, ports: {} })],
    },
    addressType: 'IPv4',
    endpoints: pods.map((pod) => {
      const status = pod.status as { podIP?: string; phase?: string; conditions?: { type: string; status: string }[] };
      const ready = status.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True') ?? false;
      const terminating = pod.metadata.deletionTimestamp !== undefined;
      return {
        addresses: [status.podIP],
        conditions: { ready: ready && !terminating, serving: ready, terminating },
        nodeName: (pod.spec as { nodeName?: string }).nodeName,
        targetRef: { kind: 'Pod', name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid },
      };
    }).filter((endpoint) => endpoint.addresses[0] !== undefined),
    ports: [{ name: 'dns-tcp', port: 53, protocol: 'TCP' }, { name: 'dns', port: 53, protocol: 'UDP' }, { name: 'metrics', port: 9153, protocol: 'TCP' }],
  };
}
