/**
 * The demo's Pods as kubelet and the controllers write them: static and mirror Pods, Pods from templates,
 * their status as they start and run.
 */
import { createHash } from 'node:crypto';
import { managedEntry } from '../managedFields';
import type { KubeObject, OwnerReference } from '../resources';
import {
  type NodeInfo,
  type SuffixSource,
  clusterName,
  defaultTolerations,
  etcdImage,
  isoSeconds,
  kubernetesVersion,
  ownerRef,
  systemTolerationsForDaemonSet,
} from './base';

export function podConditions(time: string, ready: boolean, scheduledOnly = false): unknown[] {
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

export interface ContainerSpec {
  name: string;
  image: string;
  [field: string]: unknown;
}

/** The status kubelet writes for a Pod whose containers all run. */
export function runningPodStatus(
  containers: ContainerSpec[],
  hostIp: string,
  podIp: string,
  startedAt: number,
  suffixes: SuffixSource,
  qosClass: string,
): Record<string, unknown> {
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
      {
        type: 'Ready',
        status: 'False',
        lastProbeTime: null,
        lastTransitionTime: at,
        reason: 'ContainersNotReady',
        message: `containers with unready status: [${containers.map((c) => c.name).join(' ')}]`,
      },
      {
        type: 'ContainersReady',
        status: 'False',
        lastProbeTime: null,
        lastTransitionTime: at,
        reason: 'ContainersNotReady',
        message: `containers with unready status: [${containers.map((c) => c.name).join(' ')}]`,
      },
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

export function staticPodDefinitions(node: NodeInfo): StaticPodDefinition[] {
  const ip = node.ip;
  const probe = (host: string, path: string, port: number, scheme: string, delay = 10) => ({
    httpGet: { host, path, port, scheme },
    initialDelaySeconds: delay,
    periodSeconds: 10,
    timeoutSeconds: 15,
    failureThreshold: 8,
    successThreshold: 1,
  });
  const hostPath = (name: string, path: string, type: string) => ({ name, hostPath: { path, type } });
  const mount = (name: string, mountPath: string, readOnly = true) => ({ name, mountPath, readOnly });
  const common = { imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' };
  const k8sImage = (name: string) => `registry.k8s.io/${name}:${kubernetesVersion}`;
  return [
    {
      component: 'etcd',
      annotations: { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${ip}:2379` },
      volumes: [
        hostPath('etcd-certs', '/etc/kubernetes/pki/etcd', 'DirectoryOrCreate'),
        hostPath('etcd-data', '/var/lib/etcd', 'DirectoryOrCreate'),
      ],
      containers: [
        {
          name: 'etcd',
          image: etcdImage,
          ...common,
          command: [
            'etcd',
            `--advertise-client-urls=https://${ip}:2379`,
            '--cert-file=/etc/kubernetes/pki/etcd/server.crt',
            '--client-cert-auth=true',
            '--data-dir=/var/lib/etcd',
            '--feature-gates=InitialCorruptCheck=true',
            `--initial-advertise-peer-urls=https://${ip}:2380`,
            `--initial-cluster=${node.name}=https://${ip}:2380`,
            '--key-file=/etc/kubernetes/pki/etcd/server.key',
            `--listen-client-urls=https://127.0.0.1:2379,https://${ip}:2379`,
            '--listen-metrics-urls=http://127.0.0.1:2381',
            `--listen-peer-urls=https://${ip}:2380`,
            `--name=${node.name}`,
            '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt',
            '--peer-client-cert-auth=true',
            '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
            '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
            '--snapshot-count=10000',
            '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
            '--watch-progress-notify-interval=5s',
          ],
          resources: { requests: { cpu: '100m', memory: '100Mi' } },
          livenessProbe: probe('127.0.0.1', '/livez', 2381, 'HTTP'),
          readinessProbe: { ...probe('127.0.0.1', '/readyz', 2381, 'HTTP', 0), failureThreshold: 3, periodSeconds: 1 },
          startupProbe: { ...probe('127.0.0.1', '/readyz', 2381, 'HTTP'), failureThreshold: 24 },
          volumeMounts: [mount('etcd-data', '/var/lib/etcd', false), mount('etcd-certs', '/etc/kubernetes/pki/etcd', false)],
        },
      ],
    },
    {
      component: 'kube-apiserver',
      annotations: { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ip}:6443` },
      volumes: [
        hostPath('ca-certs', '/etc/ssl/certs', 'DirectoryOrCreate'),
        hostPath('etc-ca-certificates', '/etc/ca-certificates', 'DirectoryOrCreate'),
        hostPath('k8s-certs', '/etc/kubernetes/pki', 'DirectoryOrCreate'),
        hostPath('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates', 'DirectoryOrCreate'),
        hostPath('usr-share-ca-certificates', '/usr/share/ca-certificates', 'DirectoryOrCreate'),
      ],
      containers: [
        {
          name: 'kube-apiserver',
          image: k8sImage('kube-apiserver'),
          ...common,
          command: [
            'kube-apiserver',
            `--advertise-address=${ip}`,
            '--allow-privileged=true',
            '--authorization-mode=Node,RBAC',
            '--client-ca-file=/etc/kubernetes/pki/ca.crt',
            '--enable-admission-plugins=NodeRestriction',
            '--enable-bootstrap-token-auth=true',
            '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
            '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
            '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
            '--etcd-servers=https://127.0.0.1:2379',
            '--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt',
            '--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key',
            '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
            '--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt',
            '--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key',
            '--requestheader-allowed-names=front-proxy-client',
            '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
            '--requestheader-extra-headers-prefix=X-Remote-Extra-',
            '--requestheader-group-headers=X-Remote-Group',
            '--requestheader-username-headers=X-Remote-User',
            '--runtime-config=',
            '--secure-port=6443',
            '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
            '--service-account-key-file=/etc/kubernetes/pki/sa.pub',
            '--service-account-signing-key-file=/etc/kubernetes/pki/sa.key',
            '--service-cluster-ip-range=10.96.0.0/16',
            '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
            '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key',
          ],
          resources: { requests: { cpu: '250m' } },
          livenessProbe: probe(ip, '/livez', 6443, 'HTTPS'),
          readinessProbe: { ...probe(ip, '/readyz', 6443, 'HTTPS', 0), failureThreshold: 3, periodSeconds: 1 },
          startupProbe: { ...probe(ip, '/livez', 6443, 'HTTPS'), failureThreshold: 24 },
          volumeMounts: [
            mount('ca-certs', '/etc/ssl/certs'),
            mount('etc-ca-certificates', '/etc/ca-certificates'),
            mount('k8s-certs', '/etc/kubernetes/pki'),
            mount('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates'),
            mount('usr-share-ca-certificates', '/usr/share/ca-certificates'),
          ],
        },
      ],
    },
    {
      component: 'kube-controller-manager',
      annotations: {},
      volumes: [
        hostPath('ca-certs', '/etc/ssl/certs', 'DirectoryOrCreate'),
        hostPath('etc-ca-certificates', '/etc/ca-certificates', 'DirectoryOrCreate'),
        hostPath('flexvolume-dir', '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', 'DirectoryOrCreate'),
        hostPath('k8s-certs', '/etc/kubernetes/pki', 'DirectoryOrCreate'),
        hostPath('kubeconfig', '/etc/kubernetes/controller-manager.conf', 'FileOrCreate'),
        hostPath('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates', 'DirectoryOrCreate'),
        hostPath('usr-share-ca-certificates', '/usr/share/ca-certificates', 'DirectoryOrCreate'),
      ],
      containers: [
        {
          name: 'kube-controller-manager',
          image: k8sImage('kube-controller-manager'),
          ...common,
          command: [
            'kube-controller-manager',
            '--allocate-node-cidrs=true',
            '--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf',
            '--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf',
            '--bind-address=127.0.0.1',
            '--client-ca-file=/etc/kubernetes/pki/ca.crt',
            '--cluster-cidr=10.244.0.0/16',
            `--cluster-name=${clusterName}`,
            '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
            '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
            '--controllers=*,bootstrapsigner,tokencleaner',
            '--enable-hostpath-provisioner=true',
            '--kubeconfig=/etc/kubernetes/controller-manager.conf',
            '--leader-elect=true',
            '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
            '--root-ca-file=/etc/kubernetes/pki/ca.crt',
            '--service-account-private-key-file=/etc/kubernetes/pki/sa.key',
            '--service-cluster-ip-range=10.96.0.0/16',
            '--use-service-account-credentials=true',
          ],
          resources: { requests: { cpu: '200m' } },
          livenessProbe: probe('127.0.0.1', '/healthz', 10257, 'HTTPS'),
          startupProbe: { ...probe('127.0.0.1', '/healthz', 10257, 'HTTPS'), failureThreshold: 24 },
          volumeMounts: [
            mount('ca-certs', '/etc/ssl/certs'),
            mount('etc-ca-certificates', '/etc/ca-certificates'),
            mount('flexvolume-dir', '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', false),
            mount('k8s-certs', '/etc/kubernetes/pki'),
            mount('kubeconfig', '/etc/kubernetes/controller-manager.conf'),
            mount('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates'),
            mount('usr-share-ca-certificates', '/usr/share/ca-certificates'),
          ],
        },
      ],
    },
    {
      component: 'kube-scheduler',
      annotations: {},
      volumes: [hostPath('kubeconfig', '/etc/kubernetes/scheduler.conf', 'FileOrCreate')],
      containers: [
        {
          name: 'kube-scheduler',
          image: k8sImage('kube-scheduler'),
          ...common,
          command: [
            'kube-scheduler',
            '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf',
            '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf',
            '--bind-address=127.0.0.1',
            '--kubeconfig=/etc/kubernetes/scheduler.conf',
            '--leader-elect=true',
          ],
          resources: { requests: { cpu: '100m' } },
          livenessProbe: probe('127.0.0.1', '/livez', 10259, 'HTTPS'),
          readinessProbe: { ...probe('127.0.0.1', '/readyz', 10259, 'HTTPS', 0), failureThreshold: 3, periodSeconds: 1 },
          startupProbe: { ...probe('127.0.0.1', '/livez', 10259, 'HTTPS'), failureThreshold: 24 },
          volumeMounts: [mount('kubeconfig', '/etc/kubernetes/scheduler.conf')],
        },
      ],
    },
  ];
}

/** The mirror Pod kubelet publishes for a static Pod: name suffixed with the node, annotated, owned by the Node. */
export function mirrorPod(
  definition: StaticPodDefinition,
  node: NodeInfo,
  nodeUid: string,
  time: number,
  suffixes: SuffixSource,
): KubeObject {
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
        managedEntry(
          'kubelet',
          'v1',
          at,
          {
            status: {
              conditions: status.conditions,
              containerStatuses: [],
              hostIP: '',
              hostIPs: [],
              phase: '',
              podIP: '',
              podIPs: [{ ip: node.ip }],
              startTime: '',
            },
          },
          'status',
        ),
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
export function podFromTemplate(
  owner: KubeObject,
  template: PodTemplate,
  name: string,
  extraLabels: Record<string, string>,
  time: number,
  manager = 'kube-controller-manager',
): KubeObject {
  const at = isoSeconds(time);
  const labels = { ...template.labels, ...extraLabels };
  const tolerations = [...((template.spec.tolerations as unknown[] | undefined) ?? [])];
  const tolerated = new Set(tolerations.map((toleration) => (toleration as { key?: string }).key));
  for (const toleration of owner.kind === 'DaemonSet' ? systemTolerationsForDaemonSet : defaultTolerations) {
    if (
      !tolerated.has(toleration.key) &&
      !tolerations.some(
        (t) =>
          (t as { operator?: string; key?: string }).operator === 'Exists' && !(t as { key?: string }).key && owner.kind !== 'DaemonSet',
      )
    )
      tolerations.push(toleration);
  }
  const spec = {
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    preemptionPolicy: 'PreemptLowerPriority',
    priority:
      template.spec.priorityClassName === 'system-node-critical'
        ? 2000001000
        : template.spec.priorityClassName === 'system-cluster-critical'
          ? 2000000000
          : 0,
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
      managedFields: [
        managedEntry(manager, 'v1', at, {
          metadata: { generateName: '', labels, ownerReferences: [{ uid: owner.metadata.uid }] },
          spec: template.spec,
        }),
      ],
    },
    spec,
    status: { phase: 'Pending', qosClass: qosClassOf(template.spec.containers) },
  };
}

/** What the ServiceAccount admission plugin adds: a projected token volume mounted into every container. */
export function withServiceAccountToken(
  spec: { containers: ContainerSpec[]; volumes?: unknown },
  podName: string,
): { containers: ContainerSpec[]; volumes: unknown[] } {
  const digest = createHash('sha1').update(podName).digest();
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  const volumeName = `kube-api-access-${Array.from({ length: 5 }, (_, index) => alphabet[digest[index]! % alphabet.length]).join('')}`;
  const mount = { mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: volumeName, readOnly: true };
  return {
    containers: spec.containers.map((container) => ({
      ...container,
      volumeMounts: [...((container.volumeMounts as unknown[] | undefined) ?? []), mount],
    })),
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
  return {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }],
      },
    },
  };
}

/** A controller-created Pod as it looks once scheduled and running on `node`. */
export function startedPod(
  pod: KubeObject,
  node: NodeInfo,
  podIp: string,
  time: number,
  suffixes: SuffixSource,
  pinToNode: boolean,
): KubeObject {
  const spec: Record<string, unknown> = { ...(pod.spec as Record<string, unknown>), nodeName: node.name };
  const isDaemon = pod.metadata.ownerReferences?.[0]?.kind === 'DaemonSet';
  if (pinToNode && isDaemon) spec.affinity = daemonPodAffinity(node.name);
  const containers = spec.containers as ContainerSpec[];
  const status = runningPodStatus(containers, node.ip, podIp, time, suffixes, qosClassOf(containers));
  const managedFields = [
    ...(pod.metadata.managedFields ?? []),
    managedEntry(
      'kubelet',
      'v1',
      isoSeconds(time),
      {
        status: {
          conditions: status.conditions,
          containerStatuses: {},
          hostIP: '',
          hostIPs: {},
          phase: '',
          podIP: '',
          podIPs: [{ ip: podIp }],
          startTime: '',
        },
      },
      'status',
    ),
  ];
  return { ...pod, metadata: { ...pod.metadata, managedFields }, spec, status };
}
