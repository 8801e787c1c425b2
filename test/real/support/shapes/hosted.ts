import {
  configMap,
  container,
  daemonSet,
  deployment,
  ipInCidr,
  kubeDnsService,
  kubeProxyDaemonSet,
  kubeadmCoreDns,
  seedObjects,
  service,
  serviceAccount,
  shapeNode,
  tolerateEverything,
} from './objects';
import type { ClusterShape, NodeSystemInfo, ShapeNode, ShapeOptions, StaticPod } from './types';

/**
 * Hosted control planes: the provider runs kube-apiserver, etcd, the scheduler and the controllers out of
 * sight, so the API shows no control-plane node and no control-plane Pod; only the nodes of the node pools,
 * their cloud's providerID and labels, and the provider's kube-system addons.
 */

function hexOf(seed: number, length: number): string {
  let text = '';
  let state = seed >>> 0;
  while (text.length < length) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    text += state.toString(16).padStart(8, '0');
  }
  return text.slice(0, length);
}

/**
 * EKS with a managed node group. Sources: docs.aws.amazon.com/eks/latest/userguide/managed-node-groups.html
 * (labels eks.amazonaws.com/nodegroup, eks.amazonaws.com/capacityType, …/nodegroup-image),
 * docs.aws.amazon.com/eks/latest/userguide/managing-vpc-cni.html (aws-node: aws-vpc-cni-init init container,
 * aws-node and aws-eks-nodeagent containers), …/managing-kube-proxy.html, …/managing-coredns.html (2 replicas,
 * eks.amazonaws.com/component labels); node descriptions in TensorWorks/DirectX-Device-Plugins#2 and
 * bottlerocket-os/bottlerocket#382; providerID aws:///<zone>/<instance-id> (freelensapp/freelens#1926).
 * EKS runs at least two API server instances: `default/kubernetes` lists two addresses on port 443.
 */
export function eksShape(options: ShapeOptions = {}): ClusterShape {
  const workers = options.workers ?? 3;
  const serviceCidr = '10.100.0.0/16';
  const clusterCidr = '10.244.0.0/16';
  const version = 'v1.33.5-eks-113cf36';
  const info: NodeSystemInfo = {
    kubeletVersion: version,
    kubeProxyVersion: version,
    containerRuntimeVersion: 'containerd://1.7.27',
    osImage: 'Amazon Linux 2023.8.20250818',
    kernelVersion: '6.1.147-172.266.amzn2023.x86_64',
    architecture: 'amd64',
    operatingSystem: 'linux',
  };
  const region = 'us-west-2';
  const zones = ['us-west-2a', 'us-west-2b', 'us-west-2c'];
  const nodegroup = 'ng-default';
  const ami = 'ami-0f5a8bbcd6fbd5bb3';
  const vpcCni = '602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.20.1-eksbuild.3';
  const kubeProxy = '602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.33.3-minimal-eksbuild.6';
  const coredns = '602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/coredns:v1.12.2-eksbuild.4';
  const nodes: ShapeNode[] = [];
  for (let index = 0; index < workers; index++) {
    // One subnet per zone (192.168.0.0/19, …/32.0/19, …/64.0/19), as eksctl lays out its VPC.
    const ip = `192.168.${(index % 3) * 32 + Math.floor(index / 250)}.${(index % 250) + 4}`;
    const name = `ip-${ip.replaceAll('.', '-')}.${region}.compute.internal`;
    const zone = zones[index % zones.length]!;
    nodes.push(
      shapeNode({
        name,
        internalIP: ip,
        providerID: `aws:///${zone}/i-0${hexOf(index + 1, 16)}`,
        info,
        capacity: {
          cpu: '2',
          'ephemeral-storage': '20893676Ki',
          'hugepages-1Gi': '0',
          'hugepages-2Mi': '0',
          memory: '7974228Ki',
          pods: '29',
        },
        allocatable: { cpu: '1930m', 'ephemeral-storage': '18181869946', memory: '7285076Ki' },
        annotations: { 'alpha.kubernetes.io/provided-node-ip': ip },
        // The managed node group's bootstrap passes these to kubelet as --node-labels.
        labels: {
          'eks.amazonaws.com/nodegroup': nodegroup,
          'eks.amazonaws.com/capacityType': 'ON_DEMAND',
          'eks.amazonaws.com/nodegroup-image': ami,
          'eks.amazonaws.com/sourceLaunchTemplateId': 'lt-0b4f3c2d1e0a98765',
          'eks.amazonaws.com/sourceLaunchTemplateVersion': '1',
        },
        setBy: [
          {
            manager: 'aws-cloud-controller-manager',
            labels: {
              'node.kubernetes.io/instance-type': 'm5.large',
              'beta.kubernetes.io/instance-type': 'm5.large',
              'topology.kubernetes.io/region': region,
              'topology.kubernetes.io/zone': zone,
              'failure-domain.beta.kubernetes.io/region': region,
              'failure-domain.beta.kubernetes.io/zone': zone,
              'topology.k8s.aws/zone-id': `usw2-az${(index % 3) + 1}`,
              'k8s.io/cloud-provider-aws': hexOf(99, 32),
            },
          },
        ],
        images: [vpcCni, kubeProxy, coredns],
      }),
    );
  }
  const awsNodeLabels = { 'k8s-app': 'aws-node', 'app.kubernetes.io/name': 'aws-node', 'app.kubernetes.io/instance': 'aws-vpc-cni' };
  const shape: ClusterShape = {
    name: 'hosted-eks',
    sources: [
      'https://docs.aws.amazon.com/eks/latest/userguide/managed-node-groups.html',
      'https://docs.aws.amazon.com/eks/latest/userguide/managing-vpc-cni.html',
      'https://docs.aws.amazon.com/eks/latest/userguide/managing-coredns.html',
      'TensorWorks/DirectX-Device-Plugins#2',
      'bottlerocket-os/bottlerocket#382',
    ],
    serviceCidr,
    clusterCidr,
    nodes,
    apiServerAddresses: ['192.168.103.29', '192.168.151.41'],
    apiServerPort: 443,
    objects: [
      {
        manager: 'eks',
        objects: [
          serviceAccount('kube-system', 'aws-node', awsNodeLabels),
          daemonSet(
            'kube-system',
            'aws-node',
            awsNodeLabels,
            { 'k8s-app': 'aws-node' },
            {
              labels: awsNodeLabels,
              serviceAccountName: 'aws-node',
              hostNetwork: true,
              priorityClassName: 'system-node-critical',
              tolerations: tolerateEverything,
              affinity: {
                nodeAffinity: {
                  requiredDuringSchedulingIgnoredDuringExecution: {
                    nodeSelectorTerms: [
                      {
                        matchExpressions: [
                          { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] },
                          { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64', 'arm64'] },
                          { key: 'eks.amazonaws.com/compute-type', operator: 'NotIn', values: ['fargate', 'hybrid', 'auto'] },
                        ],
                      },
                    ],
                  },
                },
              },
              initContainers: [
                container('aws-vpc-cni-init', vpcCni.replace('amazon-k8s-cni:', 'amazon-k8s-cni-init:'), {
                  securityContext: { privileged: true },
                }),
              ],
              containers: [
                container('aws-node', vpcCni, {
                  ports: [{ containerPort: 61678, name: 'metrics' }],
                  resources: { requests: { cpu: '25m' } },
                }),
                container(
                  'aws-eks-nodeagent',
                  vpcCni.replace('amazon-k8s-cni:v1.20.1-eksbuild.3', 'amazon/aws-network-policy-agent:v1.2.5-eksbuild.1'),
                  { args: ['--enable-ipv6=false', '--enable-network-policy=false'] },
                ),
              ],
            },
          ),
          ...kubeProxyDaemonSet(kubeProxy, { 'eks.amazonaws.com/component': 'kube-proxy' }),
          ...kubeadmCoreDns(coredns, 'cluster.local', []).map((object) =>
            object.kind === 'Deployment'
              ? {
                  ...object,
                  metadata: { ...object.metadata, labels: { ...object.metadata.labels, 'eks.amazonaws.com/component': 'coredns' } },
                }
              : object,
          ),
          kubeDnsService(serviceCidr, {
            'eks.amazonaws.com/component': 'kube-dns',
            'k8s-app': 'kube-dns',
            'kubernetes.io/cluster-service': 'true',
            'kubernetes.io/name': 'CoreDNS',
          }),
        ],
      },
    ],
    seed: (kubeconfigPath) => seedObjects(kubeconfigPath, shape),
  };
  return shape;
}

/**
 * GKE Standard, VPC-native, with one node pool. Sources: cloud.google.com/kubernetes-engine/docs/concepts/
 * cluster-architecture and …/how-to/node-pools (label cloud.google.com/gke-nodepool), …/concepts/
 * service-discovery (kube-dns, kube-dns-autoscaler), …/concepts/alias-ips (VPC-native Pod ranges; default
 * Service range 34.118.224.0/20); GKE runs kube-proxy as a static Pod on each node, not a DaemonSet
 * (kubernetes/autoscaler#73: labels component=kube-proxy, tier=node; cloudpilot-ai/karpenter-provider-gcp#481);
 * providerID gce://<project>/<zone>/<instance> (kubernetes-sigs/kind#1711); node description in
 * wso2-attic/kubernetes-artifacts#30. A zonal cluster has one API server address.
 */
export function gkeShape(options: ShapeOptions = {}): ClusterShape {
  const workers = options.workers ?? 3;
  const serviceCidr = '34.118.224.0/20';
  const clusterCidr = '10.8.0.0/14';
  const version = 'v1.33.5-gke.1162000';
  const info: NodeSystemInfo = {
    kubeletVersion: version,
    kubeProxyVersion: version,
    containerRuntimeVersion: 'containerd://2.0.6',
    osImage: 'Container-Optimized OS from Google',
    kernelVersion: '6.6.97+',
    architecture: 'amd64',
    operatingSystem: 'linux',
  };
  const project = 'anatomy-demo';
  const zone = 'us-central1-a';
  const pool = 'default-pool';
  const kubeProxyImage = `gke.gcr.io/kube-proxy-amd64:${version}`;
  const kubeDnsImage = 'gke.gcr.io/k8s-dns-kube-dns:1.26.4-gke.1';
  const nodes: ShapeNode[] = [];
  for (let index = 0; index < workers; index++) {
    const name = `gke-anatomy-${pool}-3a7c5b18-${hexOf(index + 7, 4)}`;
    const ip = `10.128.0.${index + 3}`;
    const kubeProxy: StaticPod = {
      name: 'kube-proxy',
      labels: { component: 'kube-proxy', tier: 'node' },
      containers: [
        container('kube-proxy', kubeProxyImage, {
          command: [
            '/bin/sh',
            '-c',
            `exec kube-proxy --master=https://34.59.12.7 --kubeconfig=/var/lib/kube-proxy/kubeconfig --cluster-cidr=${clusterCidr} --oom-score-adj=-998 --v=2 --iptables-sync-period=1m --iptables-min-sync-period=10s --ipvs-sync-period=1m --ipvs-min-sync-period=10s --detect-local-mode=NodeCIDR`,
          ],
          resources: { requests: { cpu: '100m' } },
          securityContext: { privileged: true },
        }),
      ],
    };
    nodes.push(
      shapeNode({
        name,
        internalIP: ip,
        externalIP: `34.60.${index + 17}.${index * 11 + 40}`,
        providerID: `gce://${project}/${zone}/${name}`,
        info,
        capacity: {
          cpu: '2',
          'ephemeral-storage': '98831908Ki',
          'hugepages-1Gi': '0',
          'hugepages-2Mi': '0',
          memory: '4015852Ki',
          pods: '110',
        },
        allocatable: { cpu: '940m', 'ephemeral-storage': '47060071478', memory: '2869932Ki' },
        labels: {
          'cloud.google.com/gke-nodepool': pool,
          'cloud.google.com/gke-os-distribution': 'cos',
          'cloud.google.com/gke-boot-disk': 'pd-balanced',
          'cloud.google.com/gke-container-runtime': 'containerd',
          'cloud.google.com/gke-cpu-scaling-level': '2',
          'cloud.google.com/gke-logging-variant': 'DEFAULT',
          'cloud.google.com/gke-max-pods-per-node': '110',
          'cloud.google.com/gke-provisioning': 'standard',
          'cloud.google.com/gke-stack-type': 'IPV4',
          'cloud.google.com/machine-family': 'e2',
          'cloud.google.com/private-node': 'false',
          'node.kubernetes.io/masq-agent-ds-ready': 'true',
          'topology.gke.io/zone': zone,
        },
        annotations: { 'container.googleapis.com/instance_id': String(4_100_000_000_000_000_000n + BigInt(index * 7919)) },
        setBy: [
          {
            manager: 'cloud-controller-manager',
            labels: {
              'node.kubernetes.io/instance-type': 'e2-medium',
              'beta.kubernetes.io/instance-type': 'e2-medium',
              'topology.kubernetes.io/region': 'us-central1',
              'topology.kubernetes.io/zone': zone,
              'failure-domain.beta.kubernetes.io/region': 'us-central1',
              'failure-domain.beta.kubernetes.io/zone': zone,
            },
          },
        ],
        images: [kubeProxyImage, kubeDnsImage],
        staticPods: [kubeProxy],
        network: { reason: 'RouteCreated', message: 'NodeController create implicit route' },
      }),
    );
  }
  const dnsLabels = { 'k8s-app': 'kube-dns' };
  const shape: ClusterShape = {
    name: 'hosted-gke',
    sources: [
      'https://cloud.google.com/kubernetes-engine/docs/concepts/cluster-architecture',
      'https://cloud.google.com/kubernetes-engine/docs/concepts/service-discovery',
      'https://cloud.google.com/kubernetes-engine/docs/concepts/alias-ips',
      'kubernetes/autoscaler#73',
      'cloudpilot-ai/karpenter-provider-gcp#481',
      'kubernetes-sigs/kind#1711',
    ],
    serviceCidr,
    clusterCidr,
    nodes,
    apiServerAddresses: ['34.59.12.7'],
    apiServerPort: 443,
    objects: [
      {
        manager: 'addon-manager',
        objects: [
          serviceAccount('kube-system', 'kube-dns'),
          configMap('kube-system', 'kube-dns', {}, { 'addonmanager.kubernetes.io/mode': 'EnsureExists' }),
          deployment(
            'kube-system',
            'kube-dns',
            2,
            { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'addonmanager.kubernetes.io/mode': 'Reconcile' },
            dnsLabels,
            {
              labels: dnsLabels,
              serviceAccountName: 'kube-dns',
              priorityClassName: 'system-cluster-critical',
              tolerations: [
                { key: 'CriticalAddonsOnly', operator: 'Exists' },
                { key: 'components.gke.io/gke-managed-components', operator: 'Exists' },
              ],
              containers: [
                container('kubedns', kubeDnsImage, {
                  args: ['--domain=cluster.local.', '--dns-port=10053', '--config-dir=/kube-dns-config', '--v=2'],
                  resources: { limits: { memory: '210Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
                }),
                container('dnsmasq', 'gke.gcr.io/k8s-dns-dnsmasq-nanny:1.26.4-gke.1', {
                  resources: { requests: { cpu: '150m', memory: '20Mi' } },
                }),
                container('sidecar', 'gke.gcr.io/k8s-dns-sidecar:1.26.4-gke.1', {
                  resources: { requests: { cpu: '10m', memory: '20Mi' } },
                }),
              ],
            },
          ),
          deployment(
            'kube-system',
            'kube-dns-autoscaler',
            1,
            { 'k8s-app': 'kube-dns-autoscaler', 'addonmanager.kubernetes.io/mode': 'Reconcile' },
            { 'k8s-app': 'kube-dns-autoscaler' },
            {
              labels: { 'k8s-app': 'kube-dns-autoscaler' },
              priorityClassName: 'system-cluster-critical',
              tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }],
              containers: [
                container('autoscaler', 'gke.gcr.io/cluster-proportional-autoscaler:v1.8.11-gke.12', {
                  command: [
                    '/cluster-proportional-autoscaler',
                    '--namespace=kube-system',
                    '--configmap=kube-dns-autoscaler',
                    '--target=Deployment/kube-dns',
                    '--default-params={"linear":{"coresPerReplica":256,"nodesPerReplica":16,"preventSinglePointFailure":true,"includeUnschedulableNodes":true}}',
                  ],
                }),
              ],
            },
          ),
          service(
            'kube-system',
            'kube-dns',
            {
              'k8s-app': 'kube-dns',
              'kubernetes.io/cluster-service': 'true',
              'kubernetes.io/name': 'KubeDNS',
              'addonmanager.kubernetes.io/mode': 'Reconcile',
            },
            dnsLabels,
            ipInCidr(serviceCidr, 10),
            [
              { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
              { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
            ],
          ),
          daemonSet(
            'kube-system',
            'fluentbit-gke',
            { 'k8s-app': 'fluentbit-gke', 'addonmanager.kubernetes.io/mode': 'Reconcile' },
            { 'k8s-app': 'fluentbit-gke' },
            {
              labels: { 'k8s-app': 'fluentbit-gke', 'kubernetes.io/cluster-service': 'true' },
              priorityClassName: 'system-node-critical',
              hostNetwork: true,
              tolerations: [
                { effect: 'NoExecute', operator: 'Exists' },
                { effect: 'NoSchedule', operator: 'Exists' },
              ],
              containers: [
                container('fluentbit', 'gke.gcr.io/fluent-bit:v1.8.12-gke.34'),
                container('fluentbit-gke', 'gke.gcr.io/fluent-bit-gke-exporter:v0.28.0-gke.1'),
              ],
            },
          ),
          daemonSet(
            'kube-system',
            'pdcsi-node',
            { 'k8s-app': 'gcp-compute-persistent-disk-csi-driver', 'addonmanager.kubernetes.io/mode': 'Reconcile' },
            { 'k8s-app': 'gcp-compute-persistent-disk-csi-driver' },
            {
              labels: { 'k8s-app': 'gcp-compute-persistent-disk-csi-driver' },
              priorityClassName: 'system-node-critical',
              hostNetwork: true,
              tolerations: tolerateEverything,
              nodeSelector: { 'kubernetes.io/os': 'linux' },
              containers: [
                container('csi-driver-registrar', 'gke.gcr.io/csi-node-driver-registrar:v2.9.4-gke.25'),
                container('gce-pd-driver', 'gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.17.3-gke.1'),
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

/**
 * AKS with one system node pool on virtual machine scale sets and Azure CNI. Sources:
 * learn.microsoft.com/azure/aks/concepts-clusters-workloads (node pools, kubernetes.azure.com/mode),
 * …/aks/use-labels (the kubernetes.azure.com/* labels AKS sets), …/aks/configure-azure-cni (azure-cns),
 * …/aks/coredns-custom (coredns, coredns-autoscaler, Service kube-dns at 10.0.0.10 in the default 10.0.0.0/16);
 * node descriptions in virtual-kubelet/virtual-kubelet#1250 and Azure/AKS#2122, MicrosoftDocs/azure-docs#78665
 * (agentpool label), kubernetes/autoscaler#1896 (scale sets aks-<pool>-<hash>-vmss in the MC_ resource group),
 * kubernetes/kubernetes#59855 (providerID of a scale set instance).
 */
export function aksShape(options: ShapeOptions = {}): ClusterShape {
  const workers = options.workers ?? 3;
  const serviceCidr = '10.0.0.0/16';
  const clusterCidr = '10.244.0.0/16';
  const version = 'v1.33.3';
  const info: NodeSystemInfo = {
    kubeletVersion: version,
    kubeProxyVersion: version,
    containerRuntimeVersion: 'containerd://1.7.27-1',
    osImage: 'Ubuntu 22.04.5 LTS',
    kernelVersion: '5.15.0-1092-azure',
    architecture: 'amd64',
    operatingSystem: 'linux',
  };
  const pool = 'nodepool1';
  const scaleSet = `aks-${pool}-20956280-vmss`;
  const resourceGroup = 'MC_anatomy-rg_anatomy-aks_eastus';
  const subscription = '3f2b8a4e-7c1d-4e59-9a0b-6d2c8e1f4a73';
  const image = 'AKSUbuntu-2204gen2containerd-202509.23.0';
  const mcr = (path: string) => `mcr.microsoft.com/${path}`;
  const kubeProxy = mcr(`oss/kubernetes/kube-proxy:${version}`);
  const nodes: ShapeNode[] = [];
  for (let index = 0; index < workers; index++) {
    const name = `${scaleSet}${String(index).padStart(6, '0')}`;
    const ip = `10.224.0.${index + 4}`;
    nodes.push(
      shapeNode({
        name,
        internalIP: ip,
        providerID: `azure:///subscriptions/${subscription}/resourceGroups/${resourceGroup.toLowerCase()}/providers/Microsoft.Compute/virtualMachineScaleSets/${scaleSet}/virtualMachines/${index}`,
        info,
        capacity: {
          cpu: '2',
          'ephemeral-storage': '129886128Ki',
          'hugepages-1Gi': '0',
          'hugepages-2Mi': '0',
          memory: '7097684Ki',
          pods: '250',
        },
        allocatable: { cpu: '1900m', 'ephemeral-storage': '119703055367', memory: '5160276Ki' },
        // AKS passes these to kubelet as --node-labels when the scale set instance boots.
        labels: {
          agentpool: pool,
          'kubernetes.azure.com/agentpool': pool,
          'kubernetes.azure.com/cluster': resourceGroup,
          'kubernetes.azure.com/consolidated-additional-properties': '22b6d536-8f95-11ef-a628-e6da47c14ab2',
          'kubernetes.azure.com/kubelet-identity-client-id': 'd3df0b57-2699-4437-9232-686cc0625aec',
          'kubernetes.azure.com/mode': 'system',
          'kubernetes.azure.com/node-image-version': image,
          'kubernetes.azure.com/nodepool-type': 'VirtualMachineScaleSets',
          'kubernetes.azure.com/os-sku': 'Ubuntu',
          'kubernetes.azure.com/role': 'agent',
          'kubernetes.azure.com/storageprofile': 'managed',
          'kubernetes.azure.com/storagetier': 'Premium_LRS',
          'kubernetes.azure.com/network-plugin': 'azure',
        },
        annotations: { 'csi.volume.kubernetes.io/nodeid': JSON.stringify({ 'disk.csi.azure.com': name, 'file.csi.azure.com': name }) },
        setBy: [
          {
            manager: 'cloud-node-manager',
            labels: {
              'node.kubernetes.io/instance-type': 'Standard_DS2_v2',
              'beta.kubernetes.io/instance-type': 'Standard_DS2_v2',
              'topology.kubernetes.io/region': 'eastus',
              'topology.kubernetes.io/zone': '0',
              'failure-domain.beta.kubernetes.io/region': 'eastus',
              'failure-domain.beta.kubernetes.io/zone': '0',
            },
          },
        ],
        images: [kubeProxy, mcr('containernetworking/azure-cns:v1.6.33'), mcr('oss/kubernetes/coredns:v1.12.1-1')],
      }),
    );
  }
  const ds = (name: string, labelKey: string, images: string[], extra: { hostNetwork?: boolean } = {}) =>
    daemonSet(
      'kube-system',
      name,
      { [labelKey]: name, 'kubernetes.azure.com/managedby': 'aks' },
      { [labelKey]: name },
      {
        labels: { [labelKey]: name },
        priorityClassName: 'system-node-critical',
        tolerations: tolerateEverything,
        nodeSelector: { 'kubernetes.io/os': 'linux' },
        hostNetwork: extra.hostNetwork,
        containers: images.map((imagePath, index) => container(index === 0 ? name : `${name}-${index}`, mcr(imagePath))),
      },
    );
  const corednsObjects = kubeadmCoreDns(mcr('oss/kubernetes/coredns:v1.12.1-1'), 'cluster.local', []).map((object) =>
    object.kind === 'Deployment'
      ? {
          ...object,
          metadata: {
            ...object.metadata,
            labels: {
              ...object.metadata.labels,
              'kubernetes.io/cluster-service': 'true',
              'kubernetes.azure.com/managedby': 'aks',
              version: 'v20',
            },
          },
        }
      : object,
  );
  const shape: ClusterShape = {
    name: 'hosted-aks',
    sources: [
      'https://learn.microsoft.com/azure/aks/concepts-clusters-workloads',
      'https://learn.microsoft.com/azure/aks/use-labels',
      'https://learn.microsoft.com/azure/aks/configure-azure-cni',
      'https://learn.microsoft.com/azure/aks/coredns-custom',
      'virtual-kubelet/virtual-kubelet#1250',
      'Azure/AKS#2122',
      'MicrosoftDocs/azure-docs#78665',
      'kubernetes/autoscaler#1896',
      'kubernetes/kubernetes#59855',
    ],
    serviceCidr,
    clusterCidr,
    nodes,
    apiServerAddresses: ['20.62.148.201'],
    apiServerPort: 443,
    objects: [
      {
        manager: 'aks-addon-manager',
        objects: [
          ds('azure-cns', 'k8s-app', ['containernetworking/azure-cns:v1.6.33'], { hostNetwork: true }),
          ds('azure-ip-masq-agent', 'k8s-app', ['oss/kubernetes/ip-masq-agent:v2.5.0.15'], { hostNetwork: true }),
          ds('cloud-node-manager', 'k8s-app', ['oss/kubernetes/azure-cloud-node-manager:v1.33.2'], { hostNetwork: true }),
          ds(
            'csi-azuredisk-node',
            'app',
            ['oss/kubernetes-csi/azuredisk-csi:v1.33.4', 'oss/kubernetes-csi/csi-node-driver-registrar:v2.14.0'],
            { hostNetwork: true },
          ),
          ...kubeProxyDaemonSet(kubeProxy, { component: 'kube-proxy', tier: 'node', 'kubernetes.azure.com/managedby': 'aks' }),
          ...corednsObjects,
          deployment(
            'kube-system',
            'coredns-autoscaler',
            1,
            { 'k8s-app': 'coredns-autoscaler', 'kubernetes.azure.com/managedby': 'aks' },
            { 'k8s-app': 'coredns-autoscaler' },
            {
              labels: { 'k8s-app': 'coredns-autoscaler' },
              priorityClassName: 'system-cluster-critical',
              tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }],
              containers: [
                container('autoscaler', mcr('oss/kubernetes/autoscaler/cluster-proportional-autoscaler:v1.9.0-1'), {
                  command: [
                    '/cluster-proportional-autoscaler',
                    '--namespace=kube-system',
                    '--configmap=coredns-autoscaler',
                    '--target=deployment/coredns',
                  ],
                }),
              ],
            },
          ),
          kubeDnsService(serviceCidr, {
            'k8s-app': 'kube-dns',
            'kubernetes.io/cluster-service': 'true',
            'kubernetes.io/name': 'CoreDNS',
            'kubernetes.azure.com/managedby': 'aks',
          }),
        ],
      },
    ],
    seed: (kubeconfigPath) => seedObjects(kubeconfigPath, shape),
  };
  return shape;
}
