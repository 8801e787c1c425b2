import {
  containerRuntimeVersion,
  corednsImage,
  etcdImage,
  kindnetImage,
  kubernetesVersion,
  localPathImage,
} from '../../../../src/demo/fixture';
import {
  configMap,
  container,
  controlPlaneStaticPod,
  daemonSet,
  deployment,
  hostPathVolume,
  kubeDnsService,
  kubeProxyDaemonSet,
  kubeadmCoreDns,
  namespace,
  seedObjects,
  serviceAccount,
  shapeNode,
  tolerateEverything,
} from './objects';
import type { ClusterShape, NodeSystemInfo, ShapeOptions } from './types';

/**
 * The tutorial's kind cluster (`kind create cluster --name multi-node`): one control-plane node and workers
 * as containers on docker's `kind` network, kubeadm-made, kindnet as CNI, local-path-provisioner.
 * Sources: kind's node image and its kubeadm config (kind.sigs.k8s.io/docs/user/configuration/, kind v0.33
 * release notes), kubeadm's mark-control-plane phase (kubernetes.io/docs/reference/setup-tools/kubeadm/
 * implementation-details/: label node-role.kubernetes.io/control-plane, taint …/control-plane:NoSchedule; the
 * master label and taint were dropped in v1.24/v1.25, kubernetes/kubeadm#2200), kind's providerID
 * `kind://docker/<cluster>/<node>` (kubernetes-sigs/kind#1711, #1805), the versions the demo cluster carries
 * (src/demo/fixture.ts).
 */

const clusterName = 'multi-node';
const criSocket = 'unix:///run/containerd/containerd.sock';

export const kindNodeInfo: NodeSystemInfo = {
  kubeletVersion: kubernetesVersion,
  kubeProxyVersion: kubernetesVersion,
  containerRuntimeVersion,
  osImage: 'Debian GNU/Linux 12 (bookworm)',
  kernelVersion: '6.8.0-86-generic',
  architecture: 'amd64',
  operatingSystem: 'linux',
};

export function kindWorkerName(index: number): string {
  return index === 1 ? `${clusterName}-worker` : `${clusterName}-worker${index}`;
}

/** docker's kind network is 172.18.0.0/16; in the tutorial the control plane got .3 and the workers .2 and .4. */
function nodeIp(index: number): string {
  if (index === 0) return '172.18.0.3';
  if (index === 1) return '172.18.0.2';
  const host = index + 2;
  return `172.18.${host >> 8}.${host & 255}`;
}

export function kindShape(options: ShapeOptions = {}): ClusterShape {
  const workers = options.workers ?? 2;
  const serviceCidr = '10.96.0.0/16';
  // kind's podSubnet 10.244.0.0/16 holds 256 /24 node ranges; the benchmark's thousands of nodes need more.
  const clusterCidr = workers < 255 ? '10.244.0.0/16' : '10.64.0.0/10';
  const controlPlane = `${clusterName}-control-plane`;
  const controlPlaneIp = nodeIp(0);
  const k8sImage = (name: string) => `registry.k8s.io/${name}:${kubernetesVersion}`;
  const images = [kindnetImage, k8sImage('kube-proxy'), corednsImage, localPathImage, 'registry.k8s.io/pause:3.10.1'];
  const staticPods = [
    controlPlaneStaticPod(
      'etcd',
      etcdImage,
      [
        `--advertise-client-urls=https://${controlPlaneIp}:2379`,
        '--data-dir=/var/lib/etcd',
        `--listen-client-urls=https://127.0.0.1:2379,https://${controlPlaneIp}:2379`,
        `--name=${controlPlane}`,
      ],
      { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${controlPlaneIp}:2379` },
    ),
    controlPlaneStaticPod(
      'kube-apiserver',
      k8sImage('kube-apiserver'),
      [
        `--advertise-address=${controlPlaneIp}`,
        '--authorization-mode=Node,RBAC',
        '--etcd-servers=https://127.0.0.1:2379',
        '--secure-port=6443',
        `--service-cluster-ip-range=${serviceCidr}`,
      ],
      { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${controlPlaneIp}:6443` },
    ),
    controlPlaneStaticPod('kube-controller-manager', k8sImage('kube-controller-manager'), [
      '--allocate-node-cidrs=true',
      `--cluster-cidr=${clusterCidr}`,
      `--cluster-name=${clusterName}`,
      '--kubeconfig=/etc/kubernetes/controller-manager.conf',
      '--leader-elect=true',
    ]),
    controlPlaneStaticPod('kube-scheduler', k8sImage('kube-scheduler'), [
      '--kubeconfig=/etc/kubernetes/scheduler.conf',
      '--leader-elect=true',
    ]),
  ];
  const node = (name: string, index: number, isControlPlane: boolean) =>
    shapeNode({
      name,
      internalIP: nodeIp(index),
      providerID: `kind://docker/${clusterName}/${name}`,
      info: kindNodeInfo,
      capacity: {
        cpu: '8',
        'ephemeral-storage': '102625208Ki',
        'hugepages-1Gi': '0',
        'hugepages-2Mi': '0',
        memory: '16351524Ki',
        pods: '110',
      },
      images: isControlPlane
        ? [...images, etcdImage, k8sImage('kube-apiserver'), k8sImage('kube-controller-manager'), k8sImage('kube-scheduler')]
        : images,
      staticPods: isControlPlane ? staticPods : [],
      registerTaints: isControlPlane ? [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] : [],
      setBy: [
        isControlPlane
          ? {
              manager: 'kubeadm',
              labels: { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' },
              annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': criSocket },
            }
          : { manager: 'kubeadm', annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': criSocket } },
      ],
    });
  const nodes = [node(controlPlane, 0, true)];
  for (let index = 1; index <= workers; index++) nodes.push(node(kindWorkerName(index), index, false));

  const kindnetLabels = { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' };
  const shape: ClusterShape = {
    name: 'kind',
    sources: [
      'https://kind.sigs.k8s.io/docs/user/configuration/',
      'https://kubernetes.io/docs/reference/setup-tools/kubeadm/implementation-details/',
      'kubernetes/kubeadm#2200 (control-plane label and taint replace master)',
      'kubernetes-sigs/kind#1711 and #1805 (providerID)',
    ],
    serviceCidr,
    clusterCidr,
    nodes,
    apiServerAddresses: [controlPlaneIp],
    apiServerPort: 6443,
    objects: [
      {
        manager: 'kubeadm',
        objects: [
          configMap('kube-system', 'kubeadm-config', {
            ClusterConfiguration: `apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nclusterName: ${clusterName}\ncontrolPlaneEndpoint: ${controlPlane}:6443\nkubernetesVersion: ${kubernetesVersion}\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: ${clusterCidr}\n  serviceSubnet: ${serviceCidr}\n`,
          }),
          configMap(
            'kube-system',
            'kube-proxy',
            {
              'config.conf': `apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: ${clusterCidr}\nmode: iptables\n`,
            },
            { app: 'kube-proxy' },
          ),
          ...kubeProxyDaemonSet(k8sImage('kube-proxy')),
          ...kubeadmCoreDns(corednsImage, 'cluster.local', ['node-role.kubernetes.io/control-plane']),
          kubeDnsService(serviceCidr),
        ],
      },
      {
        // kind applies its CNI and storage manifests with kubectl after kubeadm init.
        manager: 'kubectl-create',
        objects: [
          serviceAccount('kube-system', 'kindnet'),
          daemonSet(
            'kube-system',
            'kindnet',
            kindnetLabels,
            { app: 'kindnet' },
            {
              labels: kindnetLabels,
              serviceAccountName: 'kindnet',
              hostNetwork: true,
              nodeSelector: { 'kubernetes.io/os': 'linux' },
              tolerations: tolerateEverything,
              containers: [
                container('kindnet-cni', kindnetImage, {
                  env: [
                    { name: 'POD_SUBNET', value: clusterCidr },
                    { name: 'CONTROL_PLANE_ENDPOINT', value: `${controlPlane}:6443` },
                  ],
                  resources: { limits: { cpu: '100m', memory: '50Mi' }, requests: { cpu: '100m', memory: '50Mi' } },
                  securityContext: { capabilities: { add: ['NET_RAW', 'NET_ADMIN'] }, privileged: false },
                }),
              ],
              volumes: [hostPathVolume('cni-cfg', '/etc/cni/net.d', ''), hostPathVolume('lib-modules', '/lib/modules', '')],
            },
          ),
          namespace('local-path-storage'),
          serviceAccount('local-path-storage', 'local-path-provisioner-service-account'),
          configMap('local-path-storage', 'local-path-config', {
            'config.json': '{"nodePathMap":[{"node":"DEFAULT_PATH_FOR_NON_LISTED_NODES","paths":["/var/local-path-provisioner"]}]}',
          }),
          deployment(
            'local-path-storage',
            'local-path-provisioner',
            1,
            {},
            { app: 'local-path-provisioner' },
            {
              labels: { app: 'local-path-provisioner' },
              serviceAccountName: 'local-path-provisioner-service-account',
              nodeSelector: { 'kubernetes.io/os': 'linux' },
              tolerations: [
                { key: 'node-role.kubernetes.io/control-plane', operator: 'Equal', effect: 'NoSchedule' },
                { key: 'node-role.kubernetes.io/master', operator: 'Equal', effect: 'NoSchedule' },
              ],
              containers: [
                container('local-path-provisioner', localPathImage, {
                  command: [
                    'local-path-provisioner',
                    '--debug',
                    'start',
                    '--helper-image',
                    'docker.io/kindest/local-path-helper:v20241212-8ac705d0',
                    '--config',
                    '/etc/config/config.json',
                  ],
                }),
              ],
              volumes: [{ name: 'config-volume', configMap: { name: 'local-path-config' } }],
            },
          ),
          {
            apiVersion: 'storage.k8s.io/v1',
            kind: 'StorageClass',
            metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
            provisioner: 'rancher.io/local-path',
            reclaimPolicy: 'Delete',
            volumeBindingMode: 'WaitForFirstConsumer',
          },
        ],
      },
    ],
    seed: (kubeconfigPath) => seedObjects(kubeconfigPath, shape),
  };
  return shape;
}
