import { managedEntry } from './managedFields';
import type { KubeObject } from './resources';
import { resourceTypeOfKind } from './resources';
import type { ObjectStore } from './store';
import { restrictedNamespace, restrictedServiceAccount } from './kind/team';
import {
  type NodeInfo,
  type SuffixSource,
  clusterName,
  corednsImage,
  isoSeconds,
  kubernetesVersion,
  nodeIp,
  nodeNames,
  ownerRef,
  podCidr,
  podIpIn,
} from './kind/base';
import { type PodTemplate, type StaticPodDefinition, mirrorPod, podFromTemplate, startedPod, staticPodDefinitions } from './kind/pods';
import { nodeLease, nodeObject } from './kind/nodes';
import { controlPlaneLeases, leaderEventSource, type LeaderComponent } from './kind/controlPlane';
import {
  appTemplate,
  corednsTemplate,
  corefile,
  kindnetTemplate,
  kubeProxyTemplate,
  localPathTemplate,
  templateHash,
  workloadTemplate,
} from './kind/templates';

export * from './kind/base';
export * from './kind/pods';

export * from './kind/templates';
export * from './kind/nodes';
export * from './kind/controlPlane';

/**
 * The article's kind cluster (`kind create cluster --name multi-node --config kind-multi-node.yaml`): one
 * control-plane node and two workers running Kubernetes v1.37.0 on containerd, with the objects kubeadm, kind
 * and the controllers write. `generate` grows it to N nodes for benchmarks.
 */

export interface FixtureOptions {
  /** Total node count (control planes + workers); 3 is the article's cluster. */
  nodes?: number;
  /** Control-plane nodes among them, each with its static Pods (kind's HA cluster has 3); default 1. */
  controlPlanes?: number;
  /** Extra workload Pods per worker node, in Deployments of namespace `default`. */
  podsPerNode?: number;
  /** When the cluster was created, so AGE columns look like a cluster made a few minutes ago. */
  createdAt?: number;
}

export interface BuiltCluster {
  nodes: NodeInfo[];
  createdAt: number;
  staticPods: Map<string, StaticPodDefinition[]>;
}

export function buildEvent(
  namespace: string,
  involved: KubeObject,
  reason: string,
  message: string,
  time: number,
  source: { component: string; host?: string },
  suffixes: SuffixSource,
  type = 'Normal',
  fieldPath?: string,
): KubeObject {
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

const controllerServiceAccounts = [
  'attachdetach-controller',
  'bootstrap-signer',
  'certificate-controller',
  'clusterrole-aggregation-controller',
  'cronjob-controller',
  'daemon-set-controller',
  'deployment-controller',
  'disruption-controller',
  'endpoint-controller',
  'endpointslice-controller',
  'endpointslicemirroring-controller',
  'ephemeral-volume-controller',
  'expand-controller',
  'generic-garbage-collector',
  'horizontal-pod-autoscaler',
  'job-controller',
  'legacy-service-account-token-cleaner',
  'namespace-controller',
  'node-controller',
  'persistent-volume-binder',
  'pod-garbage-collector',
  'pv-protection-controller',
  'pvc-protection-controller',
  'replicaset-controller',
  'replication-controller',
  'resourcequota-controller',
  'root-ca-cert-publisher',
  'service-account-controller',
  'statefulset-controller',
  'token-cleaner',
  'ttl-after-finished-controller',
  'ttl-controller',
  'validatingadmissionpolicy-status-controller',
];

/** Builds the whole cluster into an empty store. */
export function buildCluster(store: ObjectStore, suffixes: SuffixSource, options: FixtureOptions = {}): BuiltCluster {
  const controlPlaneCount = Math.max(1, options.controlPlanes ?? 1);
  const nodeCount = Math.max(controlPlaneCount, options.nodes ?? 3);
  const t0 = options.createdAt ?? Date.now() - 10 * 60_000;
  const now = Date.now();
  const create = (object: KubeObject) => store.create(resourceTypeOfKind(object.kind), object);
  const podType = resourceTypeOfKind('Pod');
  const podTaken = (name: string) =>
    store.get(podType, 'kube-system', name) !== undefined || store.get(podType, 'default', name) !== undefined;
  const nodes: NodeInfo[] = nodeNames(nodeCount, controlPlaneCount).map((name, index) => ({
    name,
    ip: nodeIp(index),
    podCidr: podCidr(index, nodeCount),
    controlPlane: index < controlPlaneCount,
  }));
  const nodeTime = (index: number) => t0 + (index === 0 ? 0 : 15_000 + index * 40);
  const nodeUids = new Map<string, string>();
  const podIpCounter = new Map<string, number>();
  const nextPodIp = (node: NodeInfo) => {
    const host = (podIpCounter.get(node.name) ?? 1) + 1;
    podIpCounter.set(node.name, host);
    return podIpIn(node.podCidr, host);
  };

  // Namespaces, in the order kube-apiserver and kind create them, and the developer's.
  const namespaceObject = (name: string, at: string, manager: string): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      creationTimestamp: at,
      labels: { 'kubernetes.io/metadata.name': name },
      managedFields: [managedEntry(manager, 'v1', at, { metadata: { labels: { 'kubernetes.io/metadata.name': '' } } })],
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
  for (const [index, name] of ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'local-path-storage'].entries()) {
    const at = isoSeconds(index === 4 ? t0 + 20_000 : t0 - 2000);
    create(namespaceObject(name, at, index === 4 ? 'kubectl-client-side-apply' : 'kube-apiserver'));
  }
  // A developer's namespace, made as the cluster came up: the restricted user's (rbac.ts).
  const teamAt = now - 2000;
  create(namespaceObject(restrictedNamespace, isoSeconds(teamAt), 'kubectl-create'));

  nodes.forEach((node, index) => {
    const stored = create(nodeObject(node, nodeTime(index), now, suffixes));
    nodeUids.set(node.name, stored.metadata.uid!);
    create(nodeLease(node, stored.metadata.uid!, nodeTime(index), now - Math.floor((index * 10_000) / nodeCount)));
  });

  // Static Pods on each control-plane node, published as mirror Pods.
  const controlPlanes = nodes.filter((node) => node.controlPlane);
  const controlPlane = controlPlanes[0]!;
  // kind puts a load balancer in front of several API servers; the cluster's own config points there.
  const apiEndpoint = controlPlanes.length > 1 ? `${clusterName}-external-load-balancer:6443` : `${clusterName}-control-plane:6443`;
  const staticPods = new Map<string, StaticPodDefinition[]>();
  controlPlanes.forEach((node, nodeIndex) => {
    staticPods.set(node.name, staticPodDefinitions(node));
    staticPodDefinitions(node).forEach((definition, index) => {
      create(mirrorPod(definition, node, nodeUids.get(node.name)!, nodeTime(nodeIndex) + 5000 + index * 100, suffixes));
    });
  });

  const system = 'kube-system';
  // Leader-election and identity Leases in kube-system.
  const leadersAcquired = t0 + 6000;
  // The first control plane's components won the elections; the others' replicas stand by.
  const { leaders, identity } = controlPlaneLeases(controlPlane, t0 + 1000, leadersAcquired, now, suffixes);
  const leaderLeases = leaders.map((lease) => create(lease));
  create(identity);
  controlPlanes
    .slice(1)
    .forEach((node, index) => create(controlPlaneLeases(node, nodeTime(index + 1) + 1000, leadersAcquired, now, suffixes).identity));

  // DaemonSets kube-proxy (kubeadm) and kindnet (kind), one Pod per node.
  for (const [dsName, template, manager, labels] of [
    ['kube-proxy', kubeProxyTemplate(), 'kubeadm', { 'k8s-app': 'kube-proxy' }],
    ['kindnet', kindnetTemplate(apiEndpoint), 'kubectl-create', { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' }],
  ] as const) {
    const at = isoSeconds(t0 + 7000);
    const selector = { matchLabels: dsName === 'kindnet' ? { app: 'kindnet' } : { 'k8s-app': 'kube-proxy' } };
    const spec = {
      revisionHistoryLimit: 10,
      selector,
      template: { metadata: { labels: template.labels }, spec: template.spec },
      updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' },
    };
    const ds = create({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: {
        name: dsName,
        namespace: system,
        generation: 1,
        creationTimestamp: at,
        labels: { ...labels },
        annotations: { 'deprecated.daemonset.template.generation': '1' },
        managedFields: [
          managedEntry(manager, 'apps/v1', at, { metadata: { labels }, spec }),
          managedEntry(
            'kube-controller-manager',
            'apps/v1',
            isoSeconds(t0 + 30_000),
            {
              status: {
                currentNumberScheduled: '',
                desiredNumberScheduled: '',
                numberAvailable: '',
                numberReady: '',
                observedGeneration: '',
                updatedNumberScheduled: '',
              },
            },
            'status',
          ),
        ],
      },
      spec,
      status: {
        currentNumberScheduled: nodeCount,
        desiredNumberScheduled: nodeCount,
        numberAvailable: nodeCount,
        numberMisscheduled: 0,
        numberReady: nodeCount,
        observedGeneration: 1,
        updatedNumberScheduled: nodeCount,
      },
    });
    const revisionHash = templateHash(template);
    nodes.forEach((node, index) => {
      // DaemonSet Pods start once their node registered, after the static Pods of the control plane.
      const started = nodeTime(index) + (node.controlPlane ? 18_000 : 3000);
      const pod = podFromTemplate(
        ds,
        template,
        suffixes.uniqueName(`${dsName}-`, podTaken),
        { 'controller-revision-hash': revisionHash, 'pod-template-generation': '1' },
        started,
      );
      create(startedPod(pod, node, node.ip, started, suffixes, true));
    });
  }

  // Deployments coredns (kubeadm) and local-path-provisioner (kind), each with its ReplicaSet.
  const deploymentSpecs: (DeploymentDefinition & { placement: number[] })[] = [
    {
      name: 'coredns',
      namespace: system,
      template: corednsTemplate(),
      replicas: 2,
      labels: { 'k8s-app': 'kube-dns' },
      selector: { 'k8s-app': 'kube-dns' },
      manager: 'kubeadm',
      placement: [0, Math.min(1, nodeCount - 1)],
    },
    {
      name: 'local-path-provisioner',
      namespace: 'local-path-storage',
      template: localPathTemplate(),
      replicas: 1,
      labels: {},
      selector: { app: 'local-path-provisioner' },
      manager: 'kubectl-client-side-apply',
      placement: [0],
    },
  ];
  const workloadReplicas = Math.max(0, options.podsPerNode ?? 0) * Math.max(1, nodeCount - 1);
  for (let first = 0, index = 0; first < workloadReplicas; first += 10, index++) {
    const replicas = Math.min(10, workloadReplicas - first);
    const app = `workload-${index}`;
    deploymentSpecs.push({
      name: app,
      namespace: 'default',
      template: workloadTemplate(app),
      replicas,
      labels: { app },
      selector: { app },
      manager: 'kubectl-create',
      placement: Array.from({ length: replicas }, (_, replica) => 1 + ((first + replica) % Math.max(1, nodeCount - 1))),
    });
  }
  const corednsPodIps: string[] = [];
  const corednsPods: KubeObject[] = [];
  for (const deploymentSpec of deploymentSpecs) {
    const created = deploymentSpec.name.startsWith('workload-') ? t0 + 60_000 : t0 + 7000;
    const { deployment, replicaSet } = createDeployment(store, deploymentSpec, created);
    for (const nodeIndex of deploymentSpec.placement) {
      const node = nodes[nodeIndex]!;
      const pod = podFromTemplate(
        replicaSet,
        deploymentSpec.template,
        suffixes.uniqueName(`${replicaSet.metadata.name}-`, podTaken),
        { 'pod-template-hash': replicaSet.metadata.labels!['pod-template-hash']! },
        created + 13_000,
      );
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
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'kubernetes',
      namespace: 'default',
      creationTimestamp: isoSeconds(t0 - 1000),
      labels: { component: 'apiserver', provider: 'kubernetes' },
      managedFields: [
        managedEntry('kube-apiserver', 'v1', isoSeconds(t0 - 1000), {
          metadata: { labels: { component: '', provider: '' } },
          spec: {
            clusterIP: '',
            internalTrafficPolicy: '',
            ipFamilyPolicy: '',
            ports: [{ port: 443, protocol: 'TCP' }],
            sessionAffinity: '',
            type: '',
          },
        }),
      ],
    },
    spec: {
      clusterIP: '10.96.0.1',
      clusterIPs: ['10.96.0.1'],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  });
  // kube-apiserver's endpoint reconciler keeps both: the Endpoints (read by older clients) and the EndpointSlice.
  create({
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: {
      name: 'kubernetes',
      namespace: 'default',
      creationTimestamp: isoSeconds(t0 - 1000),
      labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' },
      managedFields: [
        managedEntry('kube-apiserver', 'v1', isoSeconds(t0 - 1000), {
          metadata: { labels: { 'endpointslice.kubernetes.io/skip-mirror': '' } },
          subsets: {},
        }),
      ],
    },
    subsets: [{ addresses: controlPlanes.map((node) => ({ ip: node.ip })), ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
  });
  create({
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: 'kubernetes',
      namespace: 'default',
      creationTimestamp: isoSeconds(t0 - 1000),
      generation: 1,
      labels: { 'kubernetes.io/service-name': 'kubernetes' },
      managedFields: [
        managedEntry('kube-apiserver', 'discovery.k8s.io/v1', isoSeconds(t0 - 1000), {
          addressType: '',
          endpoints: {},
          metadata: { labels: { 'kubernetes.io/service-name': '' } },
          ports: {},
        }),
      ],
    },
    addressType: 'IPv4',
    endpoints: controlPlanes.map((node) => ({ addresses: [node.ip], conditions: { ready: true } })),
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  });
  void kubernetesService;
  const dnsLabels = { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' };
  const dnsService = create({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'kube-dns',
      namespace: system,
      creationTimestamp: isoSeconds(t0 + 7000),
      labels: dnsLabels,
      annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
      managedFields: [
        managedEntry('kubeadm', 'v1', isoSeconds(t0 + 7000), {
          metadata: { annotations: { 'prometheus.io/port': '', 'prometheus.io/scrape': '' }, labels: dnsLabels },
          spec: {
            clusterIP: '',
            ports: [
              { port: 53, protocol: 'UDP' },
              { port: 53, protocol: 'TCP' },
              { port: 9153, protocol: 'TCP' },
            ],
            selector: {},
          },
        }),
      ],
    },
    spec: {
      clusterIP: '10.96.0.10',
      clusterIPs: ['10.96.0.10'],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
      selector: { 'k8s-app': 'kube-dns' },
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  });
  create(dnsEndpointSlice(dnsService, corednsPods, `kube-dns-${suffixes.suffix()}`, t0 + 21_000));

  // ServiceAccounts and ConfigMaps.
  const namespaces = ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'local-path-storage', restrictedNamespace];
  const serviceAccounts: [string, string][] = [
    ...namespaces.map((namespace) => [namespace, 'default'] as [string, string]),
    ...[...controllerServiceAccounts, 'coredns', 'kindnet', 'kube-proxy'].map((name) => [system, name] as [string, string]),
    ['local-path-storage', 'local-path-provisioner-service-account'],
    [restrictedNamespace, restrictedServiceAccount],
  ];
  // What the controllers write in a namespace (its default ServiceAccount, kube-root-ca.crt) comes as it is made.
  const madeAt = (namespace: string) => (namespace === restrictedNamespace ? teamAt + 100 : t0 + 6000);
  for (const [namespace, name] of serviceAccounts) {
    const at = isoSeconds(madeAt(namespace));
    create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace, creationTimestamp: at } });
  }
  const configMap = (
    namespace: string,
    name: string,
    data: Record<string, string>,
    manager: string,
    extra: Partial<KubeObject['metadata']> = {},
  ) => {
    const at = isoSeconds(madeAt(namespace));
    create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name,
        namespace,
        creationTimestamp: at,
        ...extra,
        managedFields: [managedEntry(manager, 'v1', at, { data: Object.fromEntries(Object.keys(data).map((key) => [key, ''])) })],
      },
      data,
    });
  };
  for (const namespace of namespaces) {
    configMap(
      namespace,
      'kube-root-ca.crt',
      { 'ca.crt': '-----BEGIN CERTIFICATE-----\n(the cluster CA)\n-----END CERTIFICATE-----\n' },
      'kube-controller-manager',
      {
        annotations: {
          'kubernetes.io/description':
            'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.',
        },
      },
    );
  }
  configMap(system, 'coredns', { Corefile: corefile }, 'kubeadm');
  configMap(
    system,
    'kube-proxy',
    {
      'config.conf':
        'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: 10.244.0.0/16\nmode: iptables\n',
      'kubeconfig.conf': `apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt\n    server: https://${apiEndpoint}\n  name: default\n`,
    },
    'kubeadm',
    { labels: { app: 'kube-proxy' } },
  );
  configMap(
    system,
    'kubeadm-config',
    {
      ClusterConfiguration: `apiServer:\n  certSANs:\n  - localhost\n  - 127.0.0.1\napiVersion: kubeadm.k8s.io/v1beta4\nclusterName: ${clusterName}\ncontrolPlaneEndpoint: ${apiEndpoint}\nkind: ClusterConfiguration\nkubernetesVersion: ${kubernetesVersion}\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: 10.244.0.0/16\n  serviceSubnet: 10.96.0.0/16\n`,
    },
    'kubeadm',
  );
  configMap(
    system,
    'kubelet-config',
    {
      kubelet:
        'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\nclusterDNS:\n- 10.96.0.10\nclusterDomain: cluster.local\nnodeLeaseDurationSeconds: 40\nstaticPodPath: /etc/kubernetes/manifests\n',
    },
    'kubeadm',
  );
  configMap(
    system,
    'extension-apiserver-authentication',
    { 'client-ca-file': '(client CA bundle)', 'requestheader-allowed-names': '["front-proxy-client"]' },
    'kube-apiserver',
  );
  configMap(
    'kube-public',
    'cluster-info',
    { kubeconfig: `apiVersion: v1\nclusters:\n- cluster:\n    server: https://${apiEndpoint}\n  name: ""\nkind: Config\n` },
    'kubeadm',
  );
  configMap(
    'local-path-storage',
    'local-path-config',
    {
      'config.json':
        '{\n  "nodePathMap":[\n  {\n    "node":"DEFAULT_PATH_FOR_NON_LISTED_NODES",\n    "paths":["/var/local-path-provisioner"]\n  }\n  ]\n}\n',
      'helperPod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\n',
      setup: '#!/bin/sh\nset -eu\nmkdir -m 0777 -p "$VOL_DIR"\n',
      teardown: '#!/bin/sh\nset -eu\nrm -rf "$VOL_DIR"\n',
    },
    'kubectl-client-side-apply',
  );

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
      [
        'RegisteredNode',
        `Node ${node.name} event: Registered Node ${node.name} in Controller`,
        at + 10_000,
        { component: 'node-controller' },
      ],
      ['Starting', '', at + 12_000, { component: 'kube-proxy', host: node.name }],
      ['NodeReady', `Node ${node.name} status is now: NodeReady`, at + 20_000, host],
    ];
    for (const [reason, message, time, source] of entries) {
      create(
        buildEvent(
          'default',
          { ...nodeObjectStored, metadata: { ...nodeObjectStored.metadata, namespace: undefined } },
          reason,
          message,
          time,
          source,
          suffixes,
        ),
      );
    }
  }
  for (const pod of corednsPods) {
    const node = (pod.spec as { nodeName: string }).nodeName;
    const at = Date.parse(pod.metadata.creationTimestamp!);
    create(
      buildEvent(
        system,
        pod,
        'Scheduled',
        `Successfully assigned kube-system/${pod.metadata.name} to ${node}`,
        at,
        { component: 'default-scheduler' },
        suffixes,
      ),
    );
    create(
      buildEvent(
        system,
        pod,
        'Pulled',
        `Container image "${corednsImage}" already present on machine`,
        at + 1000,
        { component: 'kubelet', host: node },
        suffixes,
        'Normal',
        'spec.containers{coredns}',
      ),
    );
    create(
      buildEvent(
        system,
        pod,
        'Created',
        'Created container: coredns',
        at + 1100,
        { component: 'kubelet', host: node },
        suffixes,
        'Normal',
        'spec.containers{coredns}',
      ),
    );
    create(
      buildEvent(
        system,
        pod,
        'Started',
        'Started container coredns',
        at + 1200,
        { component: 'kubelet', host: node },
        suffixes,
        'Normal',
        'spec.containers{coredns}',
      ),
    );
  }
  // The developer's app, as `kubectl create` stores it: the Deployment controller rolls it out, the scheduler binds
  // its Pods and their kubelets start them once the simulation runs.
  store.create(
    resourceTypeOfKind('Deployment'),
    submittedDeployment(
      {
        name: 'app',
        namespace: restrictedNamespace,
        template: appTemplate(),
        replicas: 2,
        labels: { app: 'app' },
        selector: { app: 'app' },
        manager: 'kubectl-create',
      },
      teamAt + 1000,
    ),
  );
  for (const lease of leaderLeases) {
    const holder = (lease.spec as { holderIdentity: string }).holderIdentity;
    create(
      buildEvent(
        system,
        lease,
        'LeaderElection',
        `${holder} became leader`,
        leadersAcquired,
        { component: leaderEventSource[lease.metadata.name as LeaderComponent] },
        suffixes,
      ),
    );
  }
  void corednsPodIps;
  return { nodes, createdAt: t0, staticPods };
}

/** What a Deployment of the fixture is made of. */
export interface DeploymentDefinition {
  name: string;
  namespace: string;
  template: PodTemplate;
  replicas: number;
  labels: Record<string, string>;
  selector: Record<string, string>;
  /** The field manager of the client that created it. */
  manager: string;
}

/**
 * A Deployment as the API stores it when `manager` creates it: its spec with the defaults, generation 1, no
 * status yet; the Deployment controller has not seen it.
 */
export function submittedDeployment(definition: DeploymentDefinition, time: number): KubeObject {
  const { name, namespace, template, replicas, labels, selector, manager } = definition;
  const at = isoSeconds(time);
  const spec = {
    progressDeadlineSeconds: 600,
    replicas,
    revisionHistoryLimit: 10,
    selector: { matchLabels: selector },
    strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: name === 'coredns' ? 1 : '25%' }, type: 'RollingUpdate' },
    template: {
      metadata: { labels: template.labels, ...(template.annotations ? { annotations: template.annotations } : {}) },
      spec: template.spec,
    },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace,
      generation: 1,
      creationTimestamp: at,
      ...(Object.keys(labels).length ? { labels } : {}),
      managedFields: [managedEntry(manager, 'apps/v1', at, { metadata: Object.keys(labels).length ? { labels } : {}, spec })],
    },
    spec,
    status: {},
  };
}

/** A Deployment of the cluster's own, with its ReplicaSet, as the controller has rolled it out. */
export function createDeployment(
  store: ObjectStore,
  definition: DeploymentDefinition,
  time: number,
): { deployment: KubeObject; replicaSet: KubeObject } {
  const { name, namespace, template, replicas, selector } = definition;
  const at = isoSeconds(time);
  const hash = templateHash(template);
  const submitted = submittedDeployment(definition, time);
  const { managedFields: submittedFields, ...submittedMetadata } = submitted.metadata;
  const rsName = `${name}-${hash}`;
  const readyAt = isoSeconds(time + 20_000);
  const deployment = store.create(resourceTypeOfKind('Deployment'), {
    ...submitted,
    metadata: {
      ...submittedMetadata,
      annotations: { 'deployment.kubernetes.io/revision': '1' },
      managedFields: [
        ...(submittedFields ?? []),
        managedEntry('kube-controller-manager', 'apps/v1', readyAt, {
          metadata: { annotations: { 'deployment.kubernetes.io/revision': '' } },
        }),
        managedEntry(
          'kube-controller-manager',
          'apps/v1',
          readyAt,
          {
            status: {
              availableReplicas: '',
              conditions: [{ type: 'Available' }, { type: 'Progressing' }],
              observedGeneration: '',
              readyReplicas: '',
              replicas: '',
              updatedReplicas: '',
            },
          },
          'status',
        ),
      ],
    },
    status: {
      availableReplicas: replicas,
      observedGeneration: 1,
      readyReplicas: replicas,
      replicas,
      updatedReplicas: replicas,
      conditions: [
        {
          type: 'Available',
          status: 'True',
          lastUpdateTime: readyAt,
          lastTransitionTime: readyAt,
          reason: 'MinimumReplicasAvailable',
          message: 'Deployment has minimum availability.',
        },
        {
          type: 'Progressing',
          status: 'True',
          lastUpdateTime: readyAt,
          lastTransitionTime: at,
          reason: 'NewReplicaSetAvailable',
          message: `ReplicaSet "${rsName}" has successfully progressed.`,
        },
      ],
    },
  });
  const rsLabels = { ...template.labels, 'pod-template-hash': hash };
  const rsSpec = {
    replicas,
    selector: { matchLabels: { ...selector, 'pod-template-hash': hash } },
    template: { metadata: { labels: rsLabels }, spec: template.spec },
  };
  const replicaSet = store.create(resourceTypeOfKind('ReplicaSet'), {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: rsName,
      namespace,
      generation: 1,
      creationTimestamp: isoSeconds(time),
      labels: rsLabels,
      annotations: {
        'deployment.kubernetes.io/desired-replicas': String(replicas),
        'deployment.kubernetes.io/max-replicas': String(replicas + Math.ceil(replicas * 0.25)),
        'deployment.kubernetes.io/revision': '1',
      },
      ownerReferences: [ownerRef(deployment)],
      managedFields: [
        managedEntry('kube-controller-manager', 'apps/v1', at, {
          metadata: {
            annotations: {
              'deployment.kubernetes.io/desired-replicas': '',
              'deployment.kubernetes.io/max-replicas': '',
              'deployment.kubernetes.io/revision': '',
            },
            labels: rsLabels,
            ownerReferences: [{ uid: deployment.metadata.uid }],
          },
          spec: rsSpec,
        }),
        managedEntry(
          'kube-controller-manager',
          'apps/v1',
          readyAt,
          { status: { availableReplicas: '', fullyLabeledReplicas: '', observedGeneration: '', readyReplicas: '', replicas: '' } },
          'status',
        ),
      ],
    },
    spec: rsSpec,
    status: { availableReplicas: replicas, fullyLabeledReplicas: replicas, observedGeneration: 1, readyReplicas: replicas, replicas },
  });
  return { deployment, replicaSet };
}

/** The EndpointSlice the EndpointSlice controller keeps for Service kube-dns. */
export function dnsEndpointSlice(service: KubeObject, pods: KubeObject[], name: string, time: number): KubeObject {
  return serviceEndpointSlice(service, pods, name, time, [
    { name: 'dns-tcp', port: 53, protocol: 'TCP' },
    { name: 'dns', port: 53, protocol: 'UDP' },
    { name: 'metrics', port: 9153, protocol: 'TCP' },
  ]);
}

/**
 * The EndpointSlice kube-controller-manager's EndpointSlice controller keeps for a Service with a selector: the
 * Service's labels with kubernetes.io/service-name and managed-by, owned by the Service, one endpoint per
 * selected Pod that has an address (ready once the Pod is Ready, terminating once it is being deleted).
 */
export function serviceEndpointSlice(
  service: KubeObject,
  pods: KubeObject[],
  name: string,
  time: number,
  ports: readonly Record<string, unknown>[] = slicePortsOf(service),
): KubeObject {
  const at = isoSeconds(time);
  const labels = {
    ...service.metadata.labels,
    'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    'kubernetes.io/service-name': service.metadata.name,
  };
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name,
      namespace: service.metadata.namespace,
      generateName: `${service.metadata.name}-`,
      generation: 1,
      creationTimestamp: at,
      labels,
      annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': at },
      ownerReferences: [
        {
          apiVersion: 'v1',
          kind: 'Service',
          name: service.metadata.name,
          uid: service.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
      managedFields: [
        managedEntry('kube-controller-manager', 'discovery.k8s.io/v1', at, {
          addressType: '',
          endpoints: {},
          metadata: {
            annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': '' },
            generateName: '',
            labels,
            ownerReferences: [{ uid: service.metadata.uid }],
          },
          ports: {},
        }),
      ],
    },
    addressType: 'IPv4',
    endpoints: sliceEndpoints(pods),
    ports: [...ports],
  };
}

/** The endpoints of the selected Pods that have an address, as the EndpointSlice controller writes them. */
export function sliceEndpoints(pods: readonly KubeObject[]): Record<string, unknown>[] {
  return pods
    .map((pod) => {
      const status = pod.status as { podIP?: string; phase?: string; conditions?: { type: string; status: string }[] };
      const ready = status.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True') ?? false;
      const terminating = pod.metadata.deletionTimestamp !== undefined;
      return {
        addresses: [status.podIP],
        conditions: { ready: ready && !terminating, serving: ready, terminating },
        nodeName: (pod.spec as { nodeName?: string }).nodeName,
        targetRef: { kind: 'Pod', name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid },
      };
    })
    .filter((endpoint) => endpoint.addresses[0] !== undefined);
}

/** The slice's ports: each Service port with its target port where that is a number. */
function slicePortsOf(service: KubeObject): Record<string, unknown>[] {
  const ports = ((service.spec as { ports?: unknown } | undefined)?.ports ?? []) as Record<string, unknown>[];
  return ports.map((port) => ({
    ...(typeof port.name === 'string' && port.name && { name: port.name }),
    port: typeof port.targetPort === 'number' ? port.targetPort : port.port,
    protocol: port.protocol ?? 'TCP',
  }));
}
