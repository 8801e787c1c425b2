import {
  container,
  daemonSet,
  deployment,
  ipInCidr,
  job,
  kubeDnsService,
  kubeadmCoreDns,
  seedObjects,
  service,
  serviceAccount,
  shapeNode,
} from './objects';
import type { ClusterShape, NodeSystemInfo, ShapeNode, ShapeOptions } from './types';

/**
 * k3s: one `k3s server` binary runs the API server, scheduler, controller manager, kube-proxy, flannel and a
 * stub cloud controller in one process, so none of them is a Pod; kubelet and containerd run inside it too.
 * Packaged addons are Deployments applied by its deploy controller, traefik comes through helm-controller Jobs,
 * and its ServiceLB controller makes one `svclb-<service>-<hash>` DaemonSet per LoadBalancer Service.
 * Sources: docs.k3s.io/architecture, docs.k3s.io/installation/packaged-components, docs.k3s.io/networking/
 * networking-services (ServiceLB, svclb DaemonSets, labels svccontroller.k3s.cattle.io/*); k3s-io/k3s#8564
 * (k3s.io/* node annotations), #10627 (v1.30.3+k3s1 nodes: roles control-plane,master, containerd://1.7.17-k3s1,
 * the kube-system Pods), #6283 (providerID k3s://<node>), #12395 (the master label dropped in later releases,
 * so this is a v1.30 cluster that still has it), #7518 and #12600 (helm-install-traefik(-crd) Jobs and labels);
 * CARV-ICS-FORTH/kubernetes-riscv64#1 (an svclb-traefik Pod).
 */
export function k3sShape(options: ShapeOptions = {}): ClusterShape {
  const agents = options.workers ?? 1;
  const serviceCidr = '10.43.0.0/16';
  const clusterCidr = '10.42.0.0/16';
  const version = 'v1.30.3+k3s1';
  const info: NodeSystemInfo = {
    kubeletVersion: version,
    kubeProxyVersion: version,
    containerRuntimeVersion: 'containerd://1.7.17-k3s1',
    osImage: 'Ubuntu 22.04.1 LTS',
    kernelVersion: '5.15.0-1019-aws',
    architecture: 'amd64',
    operatingSystem: 'linux',
  };
  const images = [
    'docker.io/rancher/mirrored-coredns-coredns:1.10.1',
    'docker.io/rancher/local-path-provisioner:v0.0.28',
    'docker.io/rancher/mirrored-metrics-server:v0.7.0',
    'docker.io/rancher/mirrored-library-traefik:2.10.7',
    'docker.io/rancher/klipper-lb:v0.4.7',
    'docker.io/rancher/klipper-helm:v0.8.4-build20240523',
  ];
  const k3sNode = (name: string, ip: string, server: boolean, index: number): ShapeNode =>
    shapeNode({
      name,
      internalIP: ip,
      providerID: `k3s://${name}`,
      info,
      images,
      annotations: {
        'alpha.kubernetes.io/provided-node-ip': ip,
        'k3s.io/hostname': name,
        'k3s.io/internal-ip': ip,
        'k3s.io/node-args': server ? '["server"]' : `["agent","--server","https://172.31.3.3:6443","--token","********"]`,
        'k3s.io/node-config-hash': `${['3ASDFAWSDFL5P5K3DHSJGUCKZMP35JAGEHJNVKYQ', 'OQ6HPXN2J3B7ZL4MYBRRK5UDTW2EXC7OIPFQMSVA'][index % 2]}====`,
        'k3s.io/node-env': server
          ? '{"K3S_DATA_DIR":"/var/lib/rancher/k3s/data/7d0d6b4bc4e8e3a2ef5a4fae7e1f4d4b0b5f4c3e2d1a0b9c8d7e6f5a4b3c2d1e"}'
          : '{"K3S_DATA_DIR":"/var/lib/rancher/k3s/data/7d0d6b4bc4e8e3a2ef5a4fae7e1f4d4b0b5f4c3e2d1a0b9c8d7e6f5a4b3c2d1e","K3S_TOKEN":"********","K3S_URL":"https://172.31.3.3:6443"}',
      },
      // The stub cloud provider sets the instance type; flannel (inside k3s) annotates the node it runs on.
      setBy: [
        {
          manager: 'k3s-cloud-controller-manager',
          labels: { 'beta.kubernetes.io/instance-type': 'k3s', 'node.kubernetes.io/instance-type': 'k3s' },
        },
        {
          manager: 'k3s',
          annotations: {
            'flannel.alpha.coreos.com/backend-data': `{"VNI":1,"VtepMAC":"ae:d4:df:82:84:0${index}"}`,
            'flannel.alpha.coreos.com/backend-type': 'vxlan',
            'flannel.alpha.coreos.com/kube-subnet-manager': 'true',
            'flannel.alpha.coreos.com/public-ip': ip,
          },
          ...(server ? { labels: { 'node-role.kubernetes.io/control-plane': 'true', 'node-role.kubernetes.io/master': 'true' } } : {}),
        },
      ],
      network: { reason: 'FlannelIsUp', message: 'Flannel is running on this node' },
    });
  const nodes = [k3sNode('ip-172-31-3-3', '172.31.3.3', true, 0)];
  for (let index = 1; index <= agents; index++)
    nodes.push(
      k3sNode(
        `ip-172-31-12-${250 + index > 254 ? index : 250 + index}`,
        `172.31.12.${250 + index > 254 ? index : 250 + index}`,
        false,
        index,
      ),
    );

  const traefikLabels = {
    'app.kubernetes.io/instance': 'traefik-kube-system',
    'app.kubernetes.io/managed-by': 'Helm',
    'app.kubernetes.io/name': 'traefik',
    'helm.sh/chart': 'traefik-27.0.201_up27.0.2',
  };
  const traefikSelector = { 'app.kubernetes.io/instance': 'traefik-kube-system', 'app.kubernetes.io/name': 'traefik' };
  const svclbName = 'svclb-traefik-8cc7d9fb';
  const svclbLabels = {
    app: svclbName,
    'svccontroller.k3s.cattle.io/svcname': 'traefik',
    'svccontroller.k3s.cattle.io/svcnamespace': 'kube-system',
  };
  const helmJob = (name: string, chart: string) =>
    job(
      'kube-system',
      name,
      {
        'helmcharts.helm.cattle.io/chart': chart,
        'objectset.rio.cattle.io/hash': name === 'helm-install-traefik' ? 'c3f5d2a6b1e4' : '9d1e7a3c2b5f',
      },
      {
        labels: { 'helmcharts.helm.cattle.io/chart': chart },
        annotations: { 'helmcharts.helm.cattle.io/configHash': 'SHA256=E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855' },
        serviceAccountName: `helm-${chart}`,
        containers: [
          container('helm', 'rancher/klipper-helm:v0.8.4-build20240523', {
            args: ['install', '--set-string', 'global.systemDefaultRegistry='],
            env: [
              { name: 'NAME', value: chart },
              { name: 'TARGET_NAMESPACE', value: 'kube-system' },
            ],
          }),
        ],
      },
    );
  const coredns = kubeadmCoreDns('rancher/mirrored-coredns-coredns:1.10.1', 'cluster.local', [
    'node-role.kubernetes.io/control-plane',
    'node-role.kubernetes.io/master',
  ]).map((object) =>
    object.kind === 'Deployment'
      ? {
          ...object,
          metadata: {
            ...object.metadata,
            labels: {
              ...object.metadata.labels,
              'kubernetes.io/name': 'CoreDNS',
              'objectset.rio.cattle.io/hash': 'bce283298811743a0386ab510f2f67ef74240c57',
            },
          },
          spec: { ...object.spec, replicas: 1 },
        }
      : object,
  );
  const shape: ClusterShape = {
    name: 'k3s',
    sources: [
      'https://docs.k3s.io/architecture',
      'https://docs.k3s.io/installation/packaged-components',
      'https://docs.k3s.io/networking/networking-services',
      'k3s-io/k3s#8564',
      'k3s-io/k3s#10627',
      'k3s-io/k3s#6283',
      'k3s-io/k3s#12395',
      'k3s-io/k3s#7518',
      'k3s-io/k3s#12600',
      'CARV-ICS-FORTH/kubernetes-riscv64#1',
    ],
    serviceCidr,
    clusterCidr,
    nodes,
    // One server: the API server runs inside it and `default/kubernetes` lists its address on 6443.
    apiServerAddresses: ['172.31.3.3'],
    apiServerPort: 6443,
    objects: [
      {
        // The deploy controller applies /var/lib/rancher/k3s/server/manifests/*.yaml.
        manager: 'deploy@ip-172-31-3-3',
        objects: [
          ...coredns,
          kubeDnsService(serviceCidr, { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' }),
          serviceAccount('kube-system', 'local-path-provisioner-service-account'),
          deployment(
            'kube-system',
            'local-path-provisioner',
            1,
            {},
            { app: 'local-path-provisioner' },
            {
              labels: { app: 'local-path-provisioner' },
              serviceAccountName: 'local-path-provisioner-service-account',
              priorityClassName: 'system-node-critical',
              tolerations: [
                { key: 'CriticalAddonsOnly', operator: 'Exists' },
                { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' },
                { key: 'node-role.kubernetes.io/master', operator: 'Exists', effect: 'NoSchedule' },
              ],
              containers: [
                container('local-path-provisioner', 'rancher/local-path-provisioner:v0.0.28', {
                  command: ['local-path-provisioner', 'start', '--config', '/etc/config/config.json'],
                }),
              ],
            },
          ),
          serviceAccount('kube-system', 'metrics-server'),
          deployment(
            'kube-system',
            'metrics-server',
            1,
            { 'k8s-app': 'metrics-server' },
            { 'k8s-app': 'metrics-server' },
            {
              labels: { 'k8s-app': 'metrics-server' },
              serviceAccountName: 'metrics-server',
              priorityClassName: 'system-node-critical',
              tolerations: [
                { key: 'CriticalAddonsOnly', operator: 'Exists' },
                { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' },
                { key: 'node-role.kubernetes.io/master', operator: 'Exists', effect: 'NoSchedule' },
              ],
              containers: [
                container('metrics-server', 'rancher/mirrored-metrics-server:v0.7.0', {
                  args: [
                    '--cert-dir=/tmp',
                    '--secure-port=10250',
                    '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
                    '--kubelet-use-node-status-port',
                    '--metric-resolution=15s',
                    '--tls-cipher-suites=TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
                  ],
                }),
              ],
            },
          ),
          service(
            'kube-system',
            'metrics-server',
            { 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'Metrics-server' },
            { 'k8s-app': 'metrics-server' },
            ipInCidr(serviceCidr, 42 * 256 + 17),
            [{ name: 'https', port: 443, targetPort: 'https' }],
          ),
          serviceAccount('kube-system', 'helm-traefik-crd'),
          serviceAccount('kube-system', 'helm-traefik'),
        ],
      },
      {
        // helm-controller (inside k3s) runs each HelmChart as a Job, which installs the chart.
        manager: 'helm-controller@ip-172-31-3-3',
        objects: [helmJob('helm-install-traefik-crd', 'traefik-crd'), helmJob('helm-install-traefik', 'traefik')],
      },
      {
        // What the traefik chart installs.
        manager: 'helm',
        objects: [
          serviceAccount('kube-system', 'traefik', traefikLabels),
          deployment('kube-system', 'traefik', 1, traefikLabels, traefikSelector, {
            labels: traefikLabels,
            serviceAccountName: 'traefik',
            priorityClassName: 'system-cluster-critical',
            tolerations: [
              { key: 'CriticalAddonsOnly', operator: 'Exists' },
              { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' },
              { key: 'node-role.kubernetes.io/master', operator: 'Exists', effect: 'NoSchedule' },
            ],
            containers: [
              container('traefik', 'rancher/mirrored-library-traefik:2.10.7', {
                args: [
                  '--entrypoints.web.address=:8000/tcp',
                  '--entrypoints.websecure.address=:8443/tcp',
                  '--providers.kubernetescrd',
                  '--providers.kubernetesingress',
                ],
                ports: [
                  { containerPort: 8000, name: 'web' },
                  { containerPort: 8443, name: 'websecure' },
                ],
              }),
            ],
          }),
          service(
            'kube-system',
            'traefik',
            traefikLabels,
            traefikSelector,
            ipInCidr(serviceCidr, 226 * 256 + 66),
            [
              { name: 'web', port: 80, targetPort: 'web' },
              { name: 'websecure', port: 443, targetPort: 'websecure' },
            ],
            'LoadBalancer',
          ),
        ],
      },
      {
        // ServiceLB (inside k3s) answers the LoadBalancer Service with a DaemonSet of klipper-lb Pods.
        manager: 'k3s',
        objects: [
          daemonSet(
            'kube-system',
            svclbName,
            svclbLabels,
            { app: svclbName },
            {
              labels: svclbLabels,
              priorityClassName: 'system-node-critical',
              tolerations: [
                { key: 'node-role.kubernetes.io/master', operator: 'Exists', effect: 'NoSchedule' },
                { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' },
                { key: 'CriticalAddonsOnly', operator: 'Exists' },
              ],
              containers: [
                container('lb-tcp-80', 'rancher/klipper-lb:v0.4.7', {
                  env: [
                    { name: 'SRC_PORT', value: '80' },
                    { name: 'SRC_RANGES', value: '0.0.0.0/0' },
                    { name: 'DEST_PROTO', value: 'TCP' },
                    { name: 'DEST_PORT', value: '80' },
                    { name: 'DEST_IPS', value: ipInCidr(serviceCidr, 226 * 256 + 66) },
                  ],
                  ports: [{ containerPort: 80, hostPort: 80, name: 'lb-tcp-80', protocol: 'TCP' }],
                  securityContext: { capabilities: { add: ['NET_ADMIN'] } },
                }),
                container('lb-tcp-443', 'rancher/klipper-lb:v0.4.7', {
                  env: [
                    { name: 'SRC_PORT', value: '443' },
                    { name: 'SRC_RANGES', value: '0.0.0.0/0' },
                    { name: 'DEST_PROTO', value: 'TCP' },
                    { name: 'DEST_PORT', value: '443' },
                    { name: 'DEST_IPS', value: ipInCidr(serviceCidr, 226 * 256 + 66) },
                  ],
                  ports: [{ containerPort: 443, hostPort: 443, name: 'lb-tcp-443', protocol: 'TCP' }],
                  securityContext: { capabilities: { add: ['NET_ADMIN'] } },
                }),
              ],
            },
          ),
        ],
      },
    ],
    seed: (kubeconfigPath) => seedObjects(kubeconfigPath, shape),
  };
  return shape;
}
