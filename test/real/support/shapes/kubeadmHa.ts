import {
  configMap,
  container,
  controlPlaneStaticPod,
  daemonSet,
  deployment,
  kubeDnsService,
  kubeProxyDaemonSet,
  kubeadmCoreDns,
  seedObjects,
  serviceAccount,
  shapeNode,
} from './objects';
import type { ClusterShape, NodeSystemInfo, ShapeNode, ShapeOptions } from './types';

/**
 * kubeadm, highly available with an external etcd cluster: three control-plane nodes each run kube-apiserver,
 * kube-controller-manager and kube-scheduler as static Pods, and no etcd Pod: every API server's
 * --etcd-servers names the three etcd hosts. Calico is the network plugin.
 * Sources: kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/ (external etcd topology),
 * …/kubeadm/high-availability/ (ClusterConfiguration `etcd.external.endpoints`, controlPlaneEndpoint on a load
 * balancer), …/kubeadm/implementation-details/ (static Pod manifests, mark-control-plane: label and taint),
 * docs.tigera.io/calico/latest/getting-started/kubernetes/self-managed-onprem/onpremises (calico-node
 * DaemonSet with its init containers, calico-kube-controllers Deployment, node annotations
 * projectcalico.org/IPv4Address, NetworkUnavailable "CalicoIsUp"); kubernetes/kubeadm#2200.
 */
export function kubeadmHaShape(options: ShapeOptions = {}): ClusterShape {
  const workers = options.workers ?? 3;
  const serviceCidr = '10.96.0.0/12';
  const clusterCidr = '192.168.0.0/16';
  const version = 'v1.33.5';
  const info: NodeSystemInfo = {
    kubeletVersion: version,
    kubeProxyVersion: version,
    containerRuntimeVersion: 'containerd://1.7.28',
    osImage: 'Ubuntu 24.04.3 LTS',
    kernelVersion: '6.8.0-85-generic',
    architecture: 'amd64',
    operatingSystem: 'linux',
  };
  const etcdServers = ['https://10.0.0.21:2379', 'https://10.0.0.22:2379', 'https://10.0.0.23:2379'];
  const loadBalancer = 'k8s-api.anatomy.internal:6443';
  const k8sImage = (name: string) => `registry.k8s.io/${name}:${version}`;
  const calicoImage = (name: string) => `docker.io/calico/${name}:v3.30.3`;
  const criSocket = 'unix:///var/run/containerd/containerd.sock';
  const calicoWriter = (ip: string, index: number) => ({
    manager: 'calico-node',
    annotations: { 'projectcalico.org/IPv4Address': `${ip}/24`, 'projectcalico.org/IPv4VXLANTunnelAddr': `192.168.${index}.0` },
  });
  const node = (name: string, ip: string, index: number, controlPlane: boolean): ShapeNode =>
    shapeNode({
      name,
      internalIP: ip,
      info,
      images: [
        k8sImage('kube-proxy'),
        calicoImage('node'),
        calicoImage('cni'),
        'registry.k8s.io/coredns/coredns:v1.12.0',
        ...(controlPlane ? [k8sImage('kube-apiserver'), k8sImage('kube-controller-manager'), k8sImage('kube-scheduler')] : []),
      ],
      staticPods: controlPlane
        ? [
            controlPlaneStaticPod(
              'kube-apiserver',
              k8sImage('kube-apiserver'),
              [
                `--advertise-address=${ip}`,
                '--authorization-mode=Node,RBAC',
                '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
                '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
                '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
                `--etcd-servers=${etcdServers.join(',')}`,
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
            ]),
            controlPlaneStaticPod('kube-scheduler', k8sImage('kube-scheduler'), [
              '--kubeconfig=/etc/kubernetes/scheduler.conf',
              '--leader-elect=true',
            ]),
          ]
        : [],
      registerTaints: controlPlane ? [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] : [],
      setBy: [
        controlPlane
          ? {
              manager: 'kubeadm',
              labels: { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' },
              annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': criSocket },
            }
          : { manager: 'kubeadm', annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': criSocket } },
        calicoWriter(ip, index),
      ],
      network: { reason: 'CalicoIsUp', message: 'Calico is running on this node' },
    });
  const controlPlaneIps = ['10.0.0.11', '10.0.0.12', '10.0.0.13'];
  const nodes = controlPlaneIps.map((ip, index) => node(`cp-${index + 1}`, ip, index, true));
  for (let index = 1; index <= workers; index++)
    nodes.push(node(`worker-${index}`, `10.0.${Math.floor((index + 30) / 250)}.${((index + 30) % 250) + 1}`, index + 2, false));

  const calicoNodeLabels = { 'k8s-app': 'calico-node' };
  const shape: ClusterShape = {
    name: 'kubeadm-ha',
    sources: [
      'https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/',
      'https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/high-availability/',
      'https://kubernetes.io/docs/reference/setup-tools/kubeadm/implementation-details/',
      'https://docs.tigera.io/calico/latest/getting-started/kubernetes/self-managed-onprem/onpremises',
      'kubernetes/kubeadm#2200',
    ],
    serviceCidr,
    clusterCidr,
    nodes,
    apiServerAddresses: controlPlaneIps,
    apiServerPort: 6443,
    objects: [
      {
        manager: 'kubeadm',
        objects: [
          configMap('kube-system', 'kubeadm-config', {
            ClusterConfiguration: `apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nclusterName: kubernetes\ncontrolPlaneEndpoint: ${loadBalancer}\netcd:\n  external:\n    endpoints:\n${etcdServers.map((server) => `    - ${server}\n`).join('')}    caFile: /etc/kubernetes/pki/etcd/ca.crt\n    certFile: /etc/kubernetes/pki/apiserver-etcd-client.crt\n    keyFile: /etc/kubernetes/pki/apiserver-etcd-client.key\nkubernetesVersion: ${version}\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: ${clusterCidr}\n  serviceSubnet: ${serviceCidr}\n`,
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
          ...kubeadmCoreDns('registry.k8s.io/coredns/coredns:v1.12.0', 'cluster.local', ['node-role.kubernetes.io/control-plane']),
          kubeDnsService(serviceCidr),
        ],
      },
      {
        manager: 'kubectl-create',
        objects: [
          serviceAccount('kube-system', 'calico-node'),
          configMap('kube-system', 'calico-config', {
            calico_backend: 'vxlan',
            cni_network_config: '{"name":"k8s-pod-network","cniVersion":"0.3.1","plugins":[{"type":"calico"},{"type":"portmap"}]}',
            typha_service_name: 'none',
            veth_mtu: '0',
          }),
          daemonSet('kube-system', 'calico-node', calicoNodeLabels, calicoNodeLabels, {
            labels: calicoNodeLabels,
            serviceAccountName: 'calico-node',
            priorityClassName: 'system-node-critical',
            hostNetwork: true,
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            tolerations: [
              { effect: 'NoSchedule', operator: 'Exists' },
              { key: 'CriticalAddonsOnly', operator: 'Exists' },
              { effect: 'NoExecute', operator: 'Exists' },
            ],
            initContainers: [
              container('upgrade-ipam', calicoImage('cni'), { command: ['/opt/cni/bin/calico-ipam', '-upgrade'] }),
              container('install-cni', calicoImage('cni'), { command: ['/opt/cni/bin/install'] }),
              container('mount-bpffs', calicoImage('node'), { command: ['calico-node', '-init', '-best-effort'] }),
            ],
            containers: [
              container('calico-node', calicoImage('node'), {
                env: [
                  { name: 'DATASTORE_TYPE', value: 'kubernetes' },
                  { name: 'CALICO_NETWORKING_BACKEND', value: 'vxlan' },
                  { name: 'CLUSTER_TYPE', value: 'k8s,bgp' },
                ],
                resources: { requests: { cpu: '250m' } },
                securityContext: { privileged: true },
              }),
            ],
          }),
          serviceAccount('kube-system', 'calico-kube-controllers'),
          deployment(
            'kube-system',
            'calico-kube-controllers',
            1,
            { 'k8s-app': 'calico-kube-controllers' },
            { 'k8s-app': 'calico-kube-controllers' },
            {
              labels: { 'k8s-app': 'calico-kube-controllers' },
              serviceAccountName: 'calico-kube-controllers',
              priorityClassName: 'system-cluster-critical',
              nodeSelector: { 'kubernetes.io/os': 'linux' },
              tolerations: [
                { key: 'CriticalAddonsOnly', operator: 'Exists' },
                { key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' },
                { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
              ],
              containers: [
                container('calico-kube-controllers', calicoImage('kube-controllers'), {
                  env: [
                    { name: 'ENABLED_CONTROLLERS', value: 'node,loadbalancer' },
                    { name: 'DATASTORE_TYPE', value: 'kubernetes' },
                  ],
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
