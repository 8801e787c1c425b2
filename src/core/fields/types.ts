import type { ComponentId, NodeAgentId } from '../anatomy/types';

/**
 * Who acts on a field: the components of the anatomy contract, the node agents, and two kinds of add-on the
 * core does not run itself but that some built-in kinds depend on.
 */
export type ActorId = Exclude<ComponentId, 'other'> | NodeAgentId | 'ingress-controller' | 'storage-provisioner';

/** Controllers inside kube-controller-manager (and cloud-controller-manager), named after their --controllers names. */
export type ControllerId =
  | 'attach-detach'
  | 'clusterrole-aggregation'
  | 'cronjob'
  | 'daemonset'
  | 'deployment'
  | 'disruption'
  | 'endpointslice'
  | 'ephemeral-volume'
  | 'garbage-collector'
  | 'horizontal-pod-autoscaler'
  | 'job'
  | 'namespace'
  | 'node-ipam'
  | 'node-lifecycle'
  | 'persistentvolume-binder'
  | 'persistentvolume-expander'
  | 'persistentvolume-protection'
  | 'persistentvolumeclaim-protection'
  | 'pod-garbage-collector'
  | 'replicaset'
  | 'replicationcontroller'
  | 'resourcequota'
  | 'root-ca-cert-publisher'
  | 'serviceaccount'
  | 'serviceaccount-token'
  | 'statefulset'
  | 'taint-eviction'
  | 'ttl-after-finished'
  // cloud-controller-manager's controllers
  | 'cloud-node'
  | 'cloud-node-lifecycle'
  | 'route'
  | 'service';

/** When the actor acts: while kube-apiserver admits the write, when the object changes, all the time, or while the Pod runs. */
export type Timing = 'admission' | 'on-change' | 'continuously' | 'run-time';

/** A text in both languages of the product. */
export interface Localized {
  readonly en: string;
  readonly ja: string;
}

export type Language = keyof Localized;

export interface FieldActor extends Localized {
  readonly id: ActorId;
  readonly controller?: ControllerId;
  readonly when: Timing;
  /** Set when this actor writes the field (status, or values filled in for you); otherwise it reads it. */
  readonly writes?: true;
}

/**
 * One entry of the knowledge base: which components act on a field of some kinds.
 *
 * `kinds`: `group/Kind` (`apps/Deployment`), `Kind` for the core group (`Pod`), or `*` for every kind.
 * `paths`: dotted patterns. `[*]` any item, `*` any key, `**` anything below, `a|b` either key,
 * `["kubernetes.io/hostname"]` a key with dots or slashes.
 */
export interface FieldEntry {
  readonly kinds: readonly string[];
  readonly paths: readonly string[];
  /** First = the component that primarily acts. */
  readonly actors: readonly FieldActor[];
  /** An official kubernetes.io page that says so. */
  readonly docs: string;
}
