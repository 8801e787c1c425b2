/**
 * The anatomy of one cluster: the stable contract behind `cluster-anatomy tree --json`, the extension API,
 * the tree and the diagram. Fields are only ever added.
 */
import type { ComponentId, NodeAgentId } from '../componentIds';
import type { HiddenRead } from '../kube/hiddenRead';

export type { ComponentId, NodeAgentId } from '../componentIds';
export type { HiddenRead, NeededPermission } from '../kube/hiddenRead';

/** How a Pod came to be: who created it. */
export type PodSource = 'static' | 'daemonset' | 'deployment' | 'statefulset' | 'job' | 'replicaset' | 'bare';

/** How the control plane runs (docs/anatomy.md "How the control plane runs": the four ways in the documentation, plus embedded distributions). */
export type ControlPlaneMode = 'static-pods' | 'hosted' | 'embedded' | 'self-hosted' | 'unknown';

export type NodeRole = 'control-plane' | 'worker';

export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** Why the classifier decided something: the label, annotation, owner or field it read. Plain text. */
export interface Evidence {
  /** e.g. 'label', 'annotation', 'owner', 'name', 'taint', 'field', 'absence'. */
  readonly kind: string;
  /** The key it read, e.g. 'component', 'kubernetes.io/config.mirror', 'DaemonSet/kube-proxy'. */
  readonly key: string;
  /** The value it found, when there is one. */
  readonly value?: string;
}

export interface Taint {
  readonly key: string;
  readonly value?: string;
  readonly effect: string;
}

export interface LeaseInfo {
  /** ISO time of the last renewal. */
  readonly renewTime: string;
  /** Seconds since renewTime at the time the snapshot was made. */
  readonly ageSeconds: number;
  readonly leaseDurationSeconds: number | null;
  readonly holderIdentity: string | null;
}

export interface ComponentPod {
  readonly component: ComponentId;
  /** Name of the network plugin when component is 'cni' (e.g. 'kindnet', 'calico', 'cilium'). */
  readonly cniName?: string;
  readonly pod: string;
  readonly namespace: string;
  readonly source: PodSource;
  /** 'Kind/name' of the controlling owner, or of the node for a static Pod's mirror, or null. */
  readonly owner: string | null;
  readonly phase: string;
  readonly ready: boolean;
  readonly restarts: number;
  /** A waiting or terminated reason worth showing (CrashLoopBackOff, ImagePullBackOff, …). */
  readonly reason: string | null;
  readonly hostNetwork: boolean;
  readonly evidence: readonly Evidence[];
  /**
   * For a leader-elected component (kube-controller-manager, kube-scheduler, cloud-controller-manager) whose
   * lock is known: whether this replica holds it. Every replica runs; only the leader acts.
   */
  readonly leadership?: 'leader' | 'standby';
  /** The Kubernetes version a control-plane component's image tag names (for the version skew check). */
  readonly version?: string;
}

/** A kube-system Pod waiting for a node, with the scheduler's last word on it (its PodScheduled condition). */
export interface UnscheduledPod extends ComponentPod {
  readonly notScheduled: { readonly reason: string | null; readonly message: string | null } | null;
}

export interface NodeAnatomy {
  readonly name: string;
  readonly role: NodeRole;
  readonly roleEvidence: readonly Evidence[];
  readonly ready: ConditionStatus;
  /** When Ready last changed (ISO), to say how long a node has been NotReady or Unknown. */
  readonly readySince: string | null;
  readonly kubeletVersion: string | null;
  readonly containerRuntime: string | null;
  readonly osImage: string | null;
  readonly kernelVersion: string | null;
  readonly internalIP: string | null;
  readonly podCIDR: string | null;
  readonly taints: readonly Taint[];
  readonly lease: LeaseInfo | null;
  readonly components: readonly ComponentPod[];
}

export interface AddonAnatomy {
  readonly kind: 'Deployment' | 'DaemonSet' | 'Service' | 'StatefulSet';
  readonly name: string;
  readonly namespace: string;
  readonly component: ComponentId;
  /** Deployments/DaemonSets: ready == desired. Services: true when it has a cluster IP. */
  readonly ready: boolean;
  readonly desired: number | null;
  readonly readyCount: number | null;
  /** Nodes its Pods run on (Deployments), for "where the scheduler placed it". */
  readonly nodes: readonly string[];
  readonly clusterIP?: string | null;
}

export interface AbsentComponent {
  readonly component: ComponentId | NodeAgentId;
  /**
   * A stable reason code, e.g. 'no-cloud-provider', 'hosted-control-plane', 'external-etcd', 'replaced-by-cni',
   * 'embedded' (runs inside the server or agent process of k3s/k0s, so there is no Pod), 'disabled', 'not-found'.
   */
  readonly reasonCode: string;
  /** The reason in English, for the CLI and the JSON contract. */
  readonly why: string;
  /** What the decision rests on (a label, an annotation, a version suffix, a missing DaemonSet). */
  readonly evidence?: readonly Evidence[];
  /** The implementation when the API names it, e.g. 'flannel' for an embedded network plugin, 'cilium' for a replacement. */
  readonly implementation?: string;
}

/**
 * What the API says about how many kube-apiserver endpoints serve the cluster: the `default/kubernetes`
 * Endpoints list one address per API server (kube-apiserver's endpoint reconciler), and static Pods count too.
 */
export interface ApiServerEndpoints {
  /**
   * 'highly-available': more than one API server seen; 'single-endpoint': one address (which may still be a
   * load balancer in front of several); 'unknown': the addresses were not read and no Pods tell.
   */
  readonly availability: 'highly-available' | 'single-endpoint' | 'unknown';
  /** The `default/kubernetes` Endpoints addresses, when read. */
  readonly addresses: readonly string[] | null;
  readonly evidence: readonly Evidence[];
}

/** Who holds a leader-elected component's lock: the Lease of its name in kube-system. */
export interface LeaderElection {
  readonly component: 'kube-controller-manager' | 'kube-scheduler' | 'cloud-controller-manager';
  readonly holderIdentity: string;
  /** The host in the holder's identity (`<host>_<uuid>`): the node of the leading static Pod. */
  readonly holderHost: string | null;
  /** The leading replica's Pod, when it runs on a node of this cluster (not where the provider hides it). */
  readonly leaderPod: string | null;
  /** How fresh the lock is changes every renewal: `cluster-anatomy health` and the views read it when they show it. */
  readonly leaseDurationSeconds: number | null;
  readonly acquireTime: string | null;
  readonly transitions: number | null;
}

export interface ControlPlaneAnatomy {
  readonly mode: ControlPlaneMode;
  readonly evidence: readonly Evidence[];
  readonly highlyAvailable: boolean;
  readonly externalEtcd: boolean;
  /** How many API servers the API shows, and why that is known (absent in anatomies made before it existed). */
  readonly apiServers?: ApiServerEndpoints;
  /** The leader-election locks that could be read (absent when kube-system's Leases cannot be). */
  readonly leaders?: readonly LeaderElection[];
  /**
   * kube-apiserver's failing `/readyz` and `/livez` checks as last asked (`readyz: etcd`). Only views that ask
   * the server for its checks (the diagram, while the control plane's health is followed) carry it.
   */
  readonly serverChecks?: { readonly failing: readonly string[]; readonly checkedAt: string };
}

export interface ClusterAnatomy {
  readonly context: string;
  readonly server: string;
  readonly serverVersion: string | null;
  readonly generatedAt: string;
  readonly controlPlane: ControlPlaneAnatomy;
  readonly nodes: readonly NodeAnatomy[];
  readonly addons: readonly AddonAnatomy[];
  /** kube-system Pods no node runs yet (the scheduler has not placed them); absent when there are none. */
  readonly unscheduled?: readonly UnscheduledPod[];
  readonly absent: readonly AbsentComponent[];
  /** Resources that could not be read (403, …), so views can say what is missing instead of guessing. */
  readonly unreadable: readonly {
    readonly resource: string;
    readonly reason: string;
    /** Why: 'forbidden' (RBAC), 'unauthorized', 'unreachable', … (absent in anatomies made before it existed). */
    readonly kind?: string;
  }[];
  /**
   * Set when neither Nodes nor kube-system Pods could be read (an unreachable cluster, refused credentials):
   * nothing is classified then, and views show this error instead of an empty cluster.
   */
  readonly nothingRead?: { readonly reason: string };
  /**
   * The reads of the faces the user may not do (RBAC), each with the permission that would show it; absent when
   * the access of the context is not known yet or every read is allowed.
   */
  readonly hidden?: readonly HiddenRead[];
  /** How many of the faces' reads the server allows this user (SelfSubjectAccessReview), once it has answered. */
  readonly access?: { readonly allowed: number; readonly total: number };
  /**
   * The anatomy from where a limited user stands: what every authenticated user can read (the API server, its
   * discovery) and what the user's own namespaces show. Present when Nodes or kube-system's Pods are hidden.
   */
  readonly standpoint?: Standpoint;
  /**
   * The first paint of a large cluster: only the control plane is in (its nodes and static Pods); the rest of
   * the nodes, `nodes` in all (null when the server did not count them), and their Pods are still being listed.
   */
  readonly loading?: { readonly nodes: number | null };
  /** kube-system's Pods by the node they run on, when Nodes are hidden and these Pods are not (the standpoint shows them). */
  readonly podsOnHiddenNodes?: readonly { readonly node: string; readonly components: readonly ComponentPod[] }[];
}

/** Who acted on one of the user's objects, as the object or its Events show it. */
export interface StandpointActor {
  /** 'kube-scheduler', 'kube-controller-manager', 'kubelet', or the manager / reporting component as written. */
  readonly component: string;
  /** 'managedFields': the object's field manager; 'event': an Event it reported. */
  readonly via: 'managedFields' | 'event';
  /** The manager's operation, or the Event's reason ("Scheduled", "Pulled", "Started"). */
  readonly what: string;
  readonly time: string | null;
}

/** One of the user's Pods, with where it runs and who acted on it. */
export interface StandpointPod {
  readonly name: string;
  readonly namespace: string;
  readonly phase: string;
  readonly ready: boolean;
  readonly nodeName: string | null;
  readonly hostIP: string | null;
  /** 'ReplicaSet/app-5d9c8f' (its controlling owner), or null for a bare Pod. */
  readonly owner: string | null;
  /** The Deployment above the ReplicaSet, from its name and the pod-template-hash label (inferred). */
  readonly workload: string | null;
  readonly actors: readonly StandpointActor[];
}

export interface StandpointNamespace {
  readonly name: string;
  /** The Pods of the namespace, or null when they are hidden too. */
  readonly pods: readonly StandpointPod[] | null;
  /** Set when the namespace's Pods cannot be listed. */
  readonly hidden?: HiddenRead;
}

/** A node known only because a Pod the user may read runs on it: its name and address, nothing more. */
export interface InferredNode {
  readonly name: string;
  readonly hostIP: string | null;
  /** The user's Pods on it ('team/app-5d9c8f-x2x9q'). */
  readonly pods: readonly string[];
  /** kube-system's Pods on it, classified, when those may be read but Nodes may not. */
  readonly components?: readonly ComponentPod[];
  readonly evidence: readonly Evidence[];
}

/** An API group the server's discovery lists, and who serves it. */
export interface ServedGroup {
  readonly name: string;
  readonly preferredVersion: string | null;
  /**
   * 'kube-apiserver': a built-in group; 'aggregated': a well-known aggregated API (metrics.k8s.io is served by
   * metrics-server through kube-apiserver); 'extension': any other group, served through kube-apiserver by a
   * CustomResourceDefinition or an aggregated API server (discovery alone cannot tell which).
   */
  readonly servedBy: 'kube-apiserver' | 'aggregated' | 'extension';
  /** The server behind an aggregated group, where it is well known ('metrics-server'). */
  readonly server?: string;
}

export interface Standpoint {
  readonly apiServer: {
    readonly server: string;
    readonly version: string | null;
    /** Discovery's groups, or null when discovery could not be read. */
    readonly groups: readonly ServedGroup[] | null;
    /** kube-public/cluster-info (kubeadm, kind publish it for every user): the server it names. */
    readonly clusterInfo: { readonly server: string | null } | null;
  };
  readonly namespaces: readonly StandpointNamespace[];
  /** The nodes the user's Pods run on, inferred from `spec.nodeName` and `status.hostIP`. */
  readonly nodes: readonly InferredNode[];
}
