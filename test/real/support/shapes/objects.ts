import { connectKubeApi, type KubeApi, type Loose } from '../kubeApi';
import type { ClusterShape, NodeSystemInfo, ShapeNode, StaticPod, Taint } from './types';

/** Builders for the API objects the shapes seed: only what a manifest sets; the API server fills the rest. */

function ipToNumber(address: string): number {
  return address.split('.').reduce((total, octet) => total * 256 + Number(octet), 0);
}

/** The `n`th address of a CIDR (`ipInCidr('10.96.0.0/12', 10)` is 10.96.0.10, kube-dns by convention). */
export function ipInCidr(cidr: string, n: number): string {
  const value = ipToNumber(cidr.split('/')[0]!) + n;
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

export function cidrSize(cidr: string): number {
  return 2 ** (32 - Number(cidr.split('/')[1]));
}

export function cidrContains(cidr: string, ip: string): boolean {
  const start = ipToNumber(cidr.split('/')[0]!);
  return ipToNumber(ip) >= start && ipToNumber(ip) < start + cidrSize(cidr);
}

export function namespace(name: string, labels: Record<string, string> = {}): Loose {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } };
}

export function serviceAccount(namespaceName: string, name: string, labels: Record<string, string> = {}): Loose {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: namespaceName, labels } };
}

export function configMap(namespaceName: string, name: string, data: Record<string, string>, labels: Record<string, string> = {}): Loose {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: namespaceName, labels }, data };
}

export interface PodTemplateOptions {
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  containers: Loose[];
  initContainers?: Loose[];
  serviceAccountName?: string;
  tolerations?: Loose[];
  nodeSelector?: Record<string, string>;
  affinity?: Loose;
  hostNetwork?: boolean;
  priorityClassName?: string;
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  volumes?: Loose[];
  dnsPolicy?: string;
}

function podTemplate(options: PodTemplateOptions): Loose {
  const spec: Loose = { containers: options.containers };
  if (options.initContainers) spec.initContainers = options.initContainers;
  if (options.serviceAccountName) spec.serviceAccountName = options.serviceAccountName;
  if (options.tolerations) spec.tolerations = options.tolerations;
  if (options.nodeSelector) spec.nodeSelector = options.nodeSelector;
  if (options.affinity) spec.affinity = options.affinity;
  if (options.hostNetwork) spec.hostNetwork = true;
  if (options.priorityClassName) spec.priorityClassName = options.priorityClassName;
  if (options.restartPolicy) spec.restartPolicy = options.restartPolicy;
  if (options.volumes) spec.volumes = options.volumes;
  if (options.dnsPolicy) spec.dnsPolicy = options.dnsPolicy;
  return { metadata: { labels: options.labels, ...(options.annotations ? { annotations: options.annotations } : {}) }, spec };
}

export function daemonSet(
  namespaceName: string,
  name: string,
  labels: Record<string, string>,
  selector: Record<string, string>,
  template: PodTemplateOptions,
): Loose {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: namespaceName, labels },
    spec: {
      selector: { matchLabels: selector },
      template: podTemplate(template),
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
    },
  };
}

export function deployment(
  namespaceName: string,
  name: string,
  replicas: number,
  labels: Record<string, string>,
  selector: Record<string, string>,
  template: PodTemplateOptions,
): Loose {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: namespaceName, labels },
    spec: { replicas, selector: { matchLabels: selector }, template: podTemplate(template) },
  };
}

export function job(namespaceName: string, name: string, labels: Record<string, string>, template: PodTemplateOptions): Loose {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: namespaceName, labels },
    spec: { backoffLimit: 1000, template: podTemplate({ restartPolicy: 'OnFailure', ...template }) },
  };
}

export interface ServicePort {
  name: string;
  port: number;
  protocol?: 'TCP' | 'UDP';
  targetPort?: number | string;
  nodePort?: number;
}

export function service(
  namespaceName: string,
  name: string,
  labels: Record<string, string>,
  selector: Record<string, string>,
  clusterIP: string,
  ports: ServicePort[],
  type: 'ClusterIP' | 'LoadBalancer' = 'ClusterIP',
  annotations: Record<string, string> = {},
): Loose {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: namespaceName, labels, annotations },
    spec: { type, clusterIP, selector, ports: ports.map((port) => ({ protocol: 'TCP', targetPort: port.port, ...port })) },
  };
}

export function container(name: string, image: string, extra: Loose = {}): Loose {
  return { name, image, imagePullPolicy: 'IfNotPresent', ...extra };
}

export function hostPathVolume(name: string, path: string, type = 'DirectoryOrCreate'): Loose {
  return { name, hostPath: { path, type } };
}

/** kube-system's critical DaemonSets tolerate every taint, so they run on control-plane nodes too. */
export const tolerateEverything: Loose[] = [{ operator: 'Exists' }];

/** kubeadm's CoreDNS: tolerates the control-plane taints and prefers spreading its replicas over nodes. */
export function kubeadmCoreDns(
  image: string,
  clusterDomain = 'cluster.local',
  taintKeys = ['node-role.kubernetes.io/master', 'node-role.kubernetes.io/control-plane'],
): Loose[] {
  const labels = { 'k8s-app': 'kube-dns' };
  return [
    serviceAccount('kube-system', 'coredns'),
    configMap('kube-system', 'coredns', {
      Corefile: `.:53 {\n    errors\n    health {\n       lameduck 5s\n    }\n    ready\n    kubernetes ${clusterDomain} in-addr.arpa ip6.arpa {\n       pods insecure\n       fallthrough in-addr.arpa ip6.arpa\n       ttl 30\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf\n    cache 30\n    loop\n    reload\n    loadbalance\n}\n`,
    }),
    deployment('kube-system', 'coredns', 2, labels, labels, {
      labels,
      serviceAccountName: 'coredns',
      priorityClassName: 'system-cluster-critical',
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }, ...taintKeys.map((key) => ({ key, effect: 'NoSchedule' }))],
      affinity: {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              weight: 100,
              podAffinityTerm: {
                labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] },
                topologyKey: 'kubernetes.io/hostname',
              },
            },
          ],
        },
      },
      dnsPolicy: 'Default',
      containers: [
        container('coredns', image, {
          args: ['-conf', '/etc/coredns/Corefile'],
          ports: [
            { containerPort: 53, name: 'dns', protocol: 'UDP' },
            { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
            { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
          ],
          resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
          volumeMounts: [{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }],
        }),
      ],
      volumes: [{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }],
    }),
  ];
}

export function kubeDnsService(
  serviceCidr: string,
  labels: Record<string, string> = { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
): Loose {
  return service(
    'kube-system',
    'kube-dns',
    labels,
    { 'k8s-app': 'kube-dns' },
    ipInCidr(serviceCidr, 10),
    [
      { name: 'dns', port: 53, protocol: 'UDP' },
      { name: 'dns-tcp', port: 53, protocol: 'TCP' },
      { name: 'metrics', port: 9153, protocol: 'TCP' },
    ],
    'ClusterIP',
    { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
  );
}

/** The upstream kube-proxy DaemonSet (kubeadm's and most platforms'): host network, every taint tolerated. */
export function kubeProxyDaemonSet(image: string, extraLabels: Record<string, string> = {}): Loose[] {
  const labels = { 'k8s-app': 'kube-proxy', ...extraLabels };
  return [
    serviceAccount('kube-system', 'kube-proxy'),
    daemonSet(
      'kube-system',
      'kube-proxy',
      labels,
      { 'k8s-app': 'kube-proxy' },
      {
        labels: { 'k8s-app': 'kube-proxy' },
        serviceAccountName: 'kube-proxy',
        priorityClassName: 'system-node-critical',
        hostNetwork: true,
        nodeSelector: { 'kubernetes.io/os': 'linux' },
        tolerations: tolerateEverything,
        containers: [
          container('kube-proxy', image, {
            command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
            env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
            securityContext: { privileged: true },
          }),
        ],
      },
    ),
  ];
}

/** A kubeadm-style control plane's static Pods, labelled component=<name>, tier=control-plane. */
export function controlPlaneStaticPod(
  component: string,
  image: string,
  command: string[],
  annotations: Record<string, string> = {},
): StaticPod {
  return {
    name: component,
    labels: { component, tier: 'control-plane' },
    annotations,
    containers: [
      container(component, image, {
        command: [component, ...command],
        resources: {
          requests: { cpu: component === 'kube-apiserver' ? '250m' : component === 'kube-controller-manager' ? '200m' : '100m' },
        },
      }),
    ],
  };
}

export interface NodeTemplate {
  name: string;
  internalIP: string;
  externalIP?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  registerTaints?: Taint[];
  setBy?: ShapeNode['setBy'];
  providerID?: string;
  info: NodeSystemInfo;
  capacity?: Record<string, string>;
  allocatable?: Record<string, string>;
  images?: string[];
  staticPods?: StaticPod[];
  network?: ShapeNode['network'];
  kubeletDead?: boolean;
}

/** A Node with the labels every kubelet sets on itself (hostname, os, arch and their beta twins). */
export function shapeNode(template: NodeTemplate): ShapeNode {
  const { info } = template;
  return {
    name: template.name,
    labels: {
      'beta.kubernetes.io/arch': info.architecture,
      'beta.kubernetes.io/os': info.operatingSystem,
      'kubernetes.io/arch': info.architecture,
      'kubernetes.io/hostname': template.name,
      'kubernetes.io/os': info.operatingSystem,
      ...(template.labels ?? {}),
    },
    annotations: template.annotations ?? {},
    registerTaints: template.registerTaints,
    setBy: template.setBy,
    providerID: template.providerID,
    internalIP: template.internalIP,
    externalIP: template.externalIP,
    info,
    capacity: template.capacity ?? {
      cpu: '4',
      'ephemeral-storage': '81254044Ki',
      'hugepages-1Gi': '0',
      'hugepages-2Mi': '0',
      memory: '16393296Ki',
      pods: '110',
    },
    allocatable: template.allocatable,
    images: template.images ?? [],
    staticPods: template.staticPods ?? [],
    network: template.network,
    kubeletDead: template.kubeletDead,
  };
}

/** The `default/kubernetes` Endpoints and EndpointSlice kube-apiserver keeps: one address per API server. */
export function apiServerEndpoints(addresses: string[], port: number): Loose[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
      subsets: [{ addresses: addresses.map((ip) => ({ ip })), ports: [{ name: 'https', port, protocol: 'TCP' }] }],
    },
    {
      apiVersion: 'discovery.k8s.io/v1beta1',
      kind: 'EndpointSlice',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
      addressType: 'IPv4',
      endpoints: addresses.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
      ports: [{ name: 'https', port, protocol: 'TCP' }],
    },
  ];
}

export function collectionPath(object: Loose): string {
  const [group, version] = String(object.apiVersion).includes('/') ? String(object.apiVersion).split('/') : ['', object.apiVersion];
  const kind = String(object.kind).toLowerCase();
  // Endpoints is already plural; StorageClass and Ingress take -es.
  const plural = kind.endsWith('points') ? kind : kind.endsWith('s') ? `${kind}es` : `${kind}s`;
  const prefix = group ? `/apis/${group}/${version}` : `/api/${version}`;
  const namespaceName = object.metadata?.namespace;
  return namespaceName ? `${prefix}/namespaces/${namespaceName}/${plural}` : `${prefix}/${plural}`;
}

/** Creates the shape's objects in order; one that exists already is replaced by its manifest (a re-seed). */
export async function seedObjects(
  kubeconfigPath: string,
  shape: Pick<ClusterShape, 'objects' | 'apiServerAddresses' | 'apiServerPort'>,
): Promise<void> {
  const api = await connectKubeApi(kubeconfigPath);
  try {
    for (const group of shape.objects) {
      for (const object of group.objects) await createOrReplace(api, object, group.manager);
    }
    for (const object of apiServerEndpoints(shape.apiServerAddresses, shape.apiServerPort))
      await createOrReplace(api, object, 'kube-apiserver');
  } finally {
    api.close();
  }
}

async function createOrReplace(api: KubeApi, object: Loose, manager: string): Promise<void> {
  const collection = collectionPath(object);
  const created = await api.call('POST', `${collection}?fieldManager=${encodeURIComponent(manager)}`, object, { accept: [409] });
  if (created.status !== 409) return;
  const path = `${collection}/${encodeURIComponent(object.metadata.name)}`;
  const current = await api.call('GET', path);
  await api.call('PUT', `${path}?fieldManager=${encodeURIComponent(manager)}`, {
    ...object,
    metadata: { ...object.metadata, resourceVersion: current.body.metadata.resourceVersion },
  });
}
