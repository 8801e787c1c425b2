/** The Pod templates of the kind cluster's workloads: CoreDNS, kube-proxy, kindnet, the local-path provisioner. */
import { createHash } from 'node:crypto';
import { clusterName, corednsImage, kindnetImage, kubernetesVersion, localPathImage } from './base';
import { type PodTemplate } from './pods';

export const corefile = `.:53 {
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
      affinity: {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              podAffinityTerm: {
                labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] },
                topologyKey: 'kubernetes.io/hostname',
              },
              weight: 100,
            },
          ],
        },
      },
      containers: [
        {
          name: 'coredns',
          image: corednsImage,
          imagePullPolicy: 'IfNotPresent',
          args: ['-conf', '/etc/coredns/Corefile'],
          livenessProbe: {
            failureThreshold: 5,
            httpGet: { path: '/health', port: 8080, scheme: 'HTTP' },
            initialDelaySeconds: 60,
            periodSeconds: 10,
            successThreshold: 1,
            timeoutSeconds: 5,
          },
          ports: [
            { containerPort: 53, name: 'dns', protocol: 'UDP' },
            { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
            { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
            { containerPort: 8080, name: 'liveness-probe', protocol: 'TCP' },
            { containerPort: 8181, name: 'readiness-probe', protocol: 'TCP' },
          ],
          readinessProbe: {
            failureThreshold: 3,
            httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' },
            periodSeconds: 10,
            successThreshold: 1,
            timeoutSeconds: 1,
          },
          resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
          securityContext: {
            allowPrivilegeEscalation: false,
            capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] },
            readOnlyRootFilesystem: true,
          },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [{ mountPath: '/etc/coredns', name: 'config-volume', readOnly: true }],
        },
      ],
      dnsPolicy: 'Default',
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      priorityClassName: 'system-cluster-critical',
      serviceAccountName: 'coredns',
      tolerations: [
        { key: 'CriticalAddonsOnly', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' },
      ],
      volumes: [
        { configMap: { defaultMode: 420, items: [{ key: 'Corefile', path: 'Corefile' }], name: 'coredns' }, name: 'config-volume' },
      ],
    },
  };
}

export function localPathTemplate(): PodTemplate {
  return {
    labels: { app: 'local-path-provisioner' },
    spec: {
      containers: [
        {
          name: 'local-path-provisioner',
          image: localPathImage,
          imagePullPolicy: 'IfNotPresent',
          command: [
            'local-path-provisioner',
            '--debug',
            'start',
            '--helper-image',
            'docker.io/kindest/local-path-helper:v20241212-8ac705d0',
            '--config',
            '/etc/config/config.json',
          ],
          env: [
            { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } },
            { name: 'CONFIG_MOUNT_PATH', value: '/etc/config/' },
          ],
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [{ mountPath: '/etc/config/', name: 'config-volume' }],
        },
      ],
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      serviceAccountName: 'local-path-provisioner-service-account',
      tolerations: [
        { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane', operator: 'Equal' },
        { effect: 'NoSchedule', key: 'node-role.kubernetes.io/master', operator: 'Equal' },
      ],
      volumes: [{ configMap: { defaultMode: 420, name: 'local-path-config' }, name: 'config-volume' }],
    },
  };
}

export function kubeProxyTemplate(): PodTemplate {
  return {
    labels: { 'k8s-app': 'kube-proxy' },
    spec: {
      containers: [
        {
          name: 'kube-proxy',
          image: `registry.k8s.io/kube-proxy:${kubernetesVersion}`,
          imagePullPolicy: 'IfNotPresent',
          command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
          env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
          securityContext: { privileged: true },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [
            { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
            { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
            { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
          ],
        },
      ],
      hostNetwork: true,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      priorityClassName: 'system-node-critical',
      serviceAccountName: 'kube-proxy',
      tolerations: [{ operator: 'Exists' }],
      volumes: [
        { configMap: { defaultMode: 420, name: 'kube-proxy' }, name: 'kube-proxy' },
        { hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' }, name: 'xtables-lock' },
        { hostPath: { path: '/lib/modules', type: '' }, name: 'lib-modules' },
      ],
    },
  };
}

export function kindnetTemplate(apiEndpoint = `${clusterName}-control-plane:6443`): PodTemplate {
  return {
    labels: { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' },
    spec: {
      containers: [
        {
          name: 'kindnet-cni',
          image: kindnetImage,
          imagePullPolicy: 'IfNotPresent',
          env: [
            { name: 'HOST_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.hostIP' } } },
            { name: 'POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
            { name: 'POD_SUBNET', value: '10.244.0.0/16' },
            { name: 'CONTROL_PLANE_ENDPOINT', value: apiEndpoint },
          ],
          resources: { limits: { cpu: '100m', memory: '50Mi' }, requests: { cpu: '100m', memory: '50Mi' } },
          securityContext: { capabilities: { add: ['NET_RAW', 'NET_ADMIN'] }, privileged: false },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [
            { mountPath: '/etc/cni/net.d', name: 'cni-cfg' },
            { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
            { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
          ],
        },
      ],
      hostNetwork: true,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      serviceAccountName: 'kindnet',
      tolerations: [{ operator: 'Exists' }],
      volumes: [
        { hostPath: { path: '/etc/cni/net.d', type: '' }, name: 'cni-cfg' },
        { hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' }, name: 'xtables-lock' },
        { hostPath: { path: '/lib/modules', type: '' }, name: 'lib-modules' },
      ],
    },
  };
}

export function workloadTemplate(app: string): PodTemplate {
  return {
    labels: { app },
    spec: {
      containers: [
        {
          name: 'app',
          image: 'registry.k8s.io/pause:3.10.1',
          imagePullPolicy: 'IfNotPresent',
          resources: { requests: { cpu: '10m', memory: '16Mi' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ],
      serviceAccountName: 'default',
    },
  };
}

/**
 * The developer's app in namespace team, as `kubectl create deployment app --image=registry.k8s.io/pause:3.10.1`
 * writes its template: one container named after the image, no resource requests (its Pods are BestEffort and
 * take no room from the nodes' allocatable).
 */
export function appTemplate(): PodTemplate {
  const workload = workloadTemplate('app');
  const containers = workload.spec.containers.map((container) => ({ ...container, name: 'pause', resources: {} }));
  return { ...workload, spec: { ...workload.spec, containers } };
}

/** The pod-template-hash / controller-revision-hash: a hash of the template in the generated-name alphabet. */
export function templateHash(template: PodTemplate): string {
  const digest = createHash('sha256').update(JSON.stringify(template)).digest();
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let text = '';
  for (let index = 0; index < 10; index++) text += alphabet[digest[index]! % alphabet.length];
  return text;
}
