import type { Loose } from '../kubeApi';

export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
}

/** What `kubectl describe node` shows under "System Info", as kubelet reports it. */
export interface NodeSystemInfo {
  kubeletVersion: string;
  kubeProxyVersion: string;
  containerRuntimeVersion: string;
  osImage: string;
  kernelVersion: string;
  architecture: 'amd64' | 'arm64';
  operatingSystem: 'linux';
}

/** A manifest kubelet reads from its static Pod folder; the agent publishes its mirror Pod. */
export interface StaticPod {
  /** The manifest's Pod name; the mirror Pod is named `<name>-<node>`. */
  name: string;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  containers: Loose[];
  volumes?: Loose[];
}

export interface NodeWriter {
  /** The field manager the API records: kubeadm, k3s, a cloud controller manager. */
  manager: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface ShapeNode {
  name: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /**
   * Taints kubelet registers the Node with (--register-with-taints; kubeadm passes its nodeRegistration.taints
   * that way), so no controller's taint update can race with them.
   */
  registerTaints?: Taint[];
  /** What others write on the Node after kubelet registers it (kubeadm's role label and taint, a cloud's labels). */
  setBy?: NodeWriter[];
  providerID?: string;
  internalIP: string;
  externalIP?: string;
  info: NodeSystemInfo;
  capacity: Record<string, string>;
  /** What differs from capacity in allocatable (the reserved CPU and memory). */
  allocatable?: Record<string, string>;
  /** Images kubelet lists in Node status (the ones its Pods run). */
  images: string[];
  staticPods: StaticPod[];
  /** The NetworkUnavailable condition a network plugin or the route controller writes, where the platform has one. */
  network?: { reason: string; message: string };
  /** The kubelet died before the tests begin: registered once, never renewed. */
  kubeletDead?: boolean;
}

export interface ClusterShape {
  name: ShapeName;
  /** Where the facts come from: documentation pages and issues. */
  sources: string[];
  /** kube-apiserver's --service-cluster-ip-range: every seeded clusterIP is inside it. */
  serviceCidr: string;
  /** kube-controller-manager's --cluster-cidr, from which it assigns each Node's podCIDR. */
  clusterCidr: string;
  nodes: ShapeNode[];
  /** API objects the seed step creates, in order, each group under the field manager that writes it in life. */
  objects: SeedGroup[];
  /** The API server addresses `default/kubernetes` lists (several when the control plane is highly available). */
  apiServerAddresses: string[];
  apiServerPort: number;
  /** Creates `objects` and the `default/kubernetes` endpoints through the API (the agent plays the nodes). */
  seed(kubeconfigPath: string): Promise<void>;
}

export interface SeedGroup {
  /** kubeadm, kubectl-client-side-apply, k3s, eks, …: what managedFields should name as the writer. */
  manager: string;
  objects: Loose[];
}

export type ShapeName = 'kind' | 'hosted-eks' | 'hosted-gke' | 'hosted-aks' | 'k3s' | 'kubeadm-ha' | 'old-master';

export interface ShapeOptions {
  /** Worker count (defaults to each shape's own); the benchmark grows the kind shape to 5,000. */
  workers?: number;
}
