import {
  configMap,
  container,
  controlPlaneStaticPod,
  daemonSet,
  deployment,
  kubeDnsService,
  kubeadmCoreDns,
  seedObjects,
  serviceAccount,
  shapeNode,
} from './objects';
import type { ClusterShape, NodeSystemInfo, ShapeNode, ShapeOptions } from './types';

/**
 * An older kubeadm cluster, made with kubeadm v1.19 and half upgraded: the control-plane node carries only
 * the `node-role.kubernetes.io/master` label and taint (kubeadm added the control-plane label in v1.20 and
 * the taint in v1.24), the nodes run Docker through kubelet's built-in dockershim (deprecated in v1.20,
 * removed in v1.24), one worker already runs kubelet v1.20. Cilium replaces kube-proxy: kubeadm init ran with
 * --skip-phases=addon/kube-proxy and cilium-config says `kube-proxy-replacement: strict`. One worker's
 * kubelet has died: its Lease is never renewed, so the node lifecycle controller turns it Unknown.
 * Sources: kubernetes CHANGELOG-1.20 "urgent upgrade notes" (master label deprecated, control-plane label
 * added), kubernetes/kubeadm#2200, kubernetes/kubernetes#114759 (kubeadm stopped the master taint in v1.25),
 * kubernetes.io/blog/2020/12/02/dont-panic-kubernetes-and-docker/ (dockershim),
 * docs.cilium.io/en/v1.9/gettingstarted/kubeproxy-free/ (skip the kube-proxy addon, kubeProxyReplacement=strict,
 * cilium DaemonSet and cilium-operator Deployment), digitalocean/digitalocean-cloud-controller-manager#126
 * (a kubeadm node with cri-socket /var/run/dockershim.sock), kubernetes/kubernetes#106187 (mark-control-plane).
 */
export function oldMasterShape(options: ShapeOptions = {}): ClusterShape {
  const workers = Math.max(2, options.workers ?? 2);
  const serviceCidr = '10.96.0.0/12';
  const clusterCidr = '10.217.0.0/16';
  const old: NodeSystemInfo = {
    kubeletVersion: 'v1.19.16',
    kubeProxyVersion: 'v1.19.16',
    containerRuntimeVersion: 'docker://19.3.15',
    osImage: 'Ubuntu 20.04.6 LTS',
    kernelVersion: '5.4.0-150-generic',
    architecture: 'amd64',
    operatingSystem: 'linux',
  };
  const upgraded: NodeSystemInfo = { ...old, kubeletVersion: 'v1.20.2', kubeProxyVersion: 'v1.20.2' };
  const ciliumImage = 'quay.io/cilium/cilium:v1.9.18';
  const k8sImage = (name: string) => `k8s.gcr.io/${name}:v1.19.16`;
  const criSocket = '/var/run/dockershim.sock';
  const ciliumWriter = (index: number) => ({
    manager: 'cilium-agent',
    annotations: {
      'io.cilium.network.ipv4-cilium-host': `10.217.${index}.113`,
      'io.cilium.network.ipv4-health-ip': `10.217.${index}.54`,
      'io.cilium.network.ipv4-pod-cidr': `10.217.${index}.0/24`,
    },
  });
  const masterIp = '10.10.0.10';
  const node = (name: string, ip: string, index: number, info: NodeSystemInfo, master: boolean, kubeletDead = false): ShapeNode =>
    shapeNode({
      name,
      internalIP: ip,
      info,
      kubeletDead,
      images: [
        ciliumImage,
        'quay.io/cilium/operator-generic:v1.9.18',
        'k8s.gcr.io/coredns:1.7.0',
        ...(master
          ? [k8sImage('kube-apiserver'), k8sImage('kube-controller-manager'), k8sImage('kube-scheduler'), 'k8s.gcr.io/etcd:3.4.13-0']
          : []),
      ],
      staticPods: master
        ? [
            controlPlaneStaticPod(
              'etcd',
              'k8s.gcr.io/etcd:3.4.13-0',
              [
                `--advertise-client-urls=https://${ip}:2379`,
                '--data-dir=/var/lib/etcd',
                `--listen-client-urls=https://127.0.0.1:2379,https://${ip}:2379`,
                `--name=${name}`,
              ],
              { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${ip}:2379` },
            ),
            controlPlaneStaticPod(
              'kube-apiserver',
              k8sImage('kube-apiserver'),
              [
                `--advertise-address=${ip}`,
                '--authorization-mode=Node,RBAC',
                '--etcd-servers=https://127.0.0.1:2379',
                '--insecure-port=0',
                '--secure-port=6443',
                `--service-cluster-ip-range=${serviceCidr}`,
              ],
              { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ip}:6443` },
            ),
            controlPlaneStaticPod('kube-controller-manager', k8sImage('kube-controller-manager'), [
              '--allocate-node-cidrs=true',
              `--cluster-cidr=${clusterCidr}`,
              '--kubeconfig=/etc/kubernetes/controller-manager.conf',
              '--leader-elect=true',
              '--port=0',
            ]),
            controlPlaneStaticPod('kube-scheduler', k8sImage('kube-scheduler'), [
              '--kubeconfig=/etc/kubernetes/scheduler.conf',
              '--leader-elect=true',
              '--port=0',
            ]),
          ]
        : [],
      registerTaints: master ? [{ key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' }] : [],
      setBy: [
        master
          ? {
              manager: 'kubeadm',
              labels: { 'node-role.kubernetes.io/master': '' },
              annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': criSocket },
            }
          : { manager: 'kubeadm', annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': criSocket } },
        ciliumWriter(index),
      ],
      network: { reason: 'CiliumIsUp', message: 'Cilium is running on this node' },
    });
  const nodes = [
    node('k8s-master', masterIp, 0, old, true),
    node('k8s-worker-1', '10.10.0.21', 1, old, false, true),
    node('k8s-worker-2', '10.10.0.22', 2, upgraded, false),
  ];
  for (let index = 3; index <= workers; index++)
    nodes.push(node(`k8s-worker-${index}`, `10.10.${Math.floor((index + 20) / 250)}.${((index + 20) % 250) + 1}`, index, upgraded, false));

  const ciliumLabels = { 'k8s-app': 'cilium' };
  const operatorLabels = { 'io.cilium/app': 'operator', name: 'cilium-operator' };
  const shape: ClusterShape = {
    name: 'old-master',
    sources: [
      'https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.20.md#urgent-upgrade-notes',
      'kubernetes/kubeadm#2200',
      'kubernetes/kubernetes#114759',
      'https://kubernetes.io/blog/2020/12/02/dont-panic-kubernetes-and-docker/',
      'https://docs.cilium.io/en/v1.9/gettingstarted/kubeproxy-free/',
      'digitalocean/digitalocean-cloud-controller-manager#126',
      'kubernetes/kubernetes#106187',
    ],
    serviceCidr,
    clusterCidr,
    nodes,
    apiServerAddresses: [masterIp],
    apiServerPort: 6443,
    objects: [
      {
        manager: 'kubeadm',
        objects: [
          configMap('kube-system', 'kubeadm-config', {
            ClusterConfiguration: `apiVersion: kubeadm.k8s.io/v1beta2\nkind: ClusterConfiguration\nclusterName: kubernetes\nkubernetesVersion: v1.19.16\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: ${clusterCidr}\n  serviceSubnet: ${serviceCidr}\n`,
          }),
          ...kubeadmCoreDns('k8s.gcr.io/coredns:1.7.0', 'cluster.local', ['node-role.kubernetes.io/master']),
          kubeDnsService(serviceCidr),
        ],
      },
      {
        manager: 'helm',
        objects: [
          configMap('kube-system', 'cilium-config', {
            'kube-proxy-replacement': 'strict',
            'k8s-service-host': masterIp,
            'k8s-service-port': '6443',
            ipam: 'kubernetes',
            tunnel: 'vxlan',
            'cluster-name': 'default',
            'enable-ipv4': 'true',
            'enable-ipv6': 'false',
            'enable-health-check-nodeport': 'true',
            'node-port-bind-protection': 'true',
            'enable-auto-protect-node-port-range': 'true',
            'enable-session-affinity': 'true',
            'identity-allocation-mode': 'crd',
          }),
          serviceAccount('kube-system', 'cilium'),
          daemonSet('kube-system', 'cilium', ciliumLabels, ciliumLabels, {
            labels: ciliumLabels,
            serviceAccountName: 'cilium',
            priorityClassName: 'system-node-critical',
            hostNetwork: true,
            tolerations: [{ operator: 'Exists' }],
            initContainers: [
              container('clean-cilium-state', ciliumImage, { command: ['/init-container.sh'], securityContext: { privileged: true } }),
            ],
            containers: [
              container('cilium-agent', ciliumImage, {
                command: ['cilium-agent'],
                args: ['--config-dir=/tmp/cilium/config-map'],
                env: [
                  { name: 'KUBERNETES_SERVICE_HOST', value: masterIp },
                  { name: 'KUBERNETES_SERVICE_PORT', value: '6443' },
                ],
                securityContext: { privileged: true },
              }),
            ],
          }),
          serviceAccount('kube-system', 'cilium-operator'),
          deployment('kube-system', 'cilium-operator', 2, operatorLabels, operatorLabels, {
            labels: operatorLabels,
            serviceAccountName: 'cilium-operator',
            priorityClassName: 'system-cluster-critical',
            hostNetwork: true,
            tolerations: [{ operator: 'Exists' }],
            containers: [
              container('cilium-operator', 'quay.io/cilium/operator-generic:v1.9.18', {
                command: ['cilium-operator-generic'],
                args: ['--config-dir=/tmp/cilium/config-map'],
              }),
            ],
          }),
        ],
      },
    ],
    seed: (kubeconfigPath) => seedObjects(kubeconfigPath, shape),
  };
  return shape;
}
