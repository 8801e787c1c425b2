import type { ComponentId, NodeAgentId } from '../componentIds';
import type { FieldReader, FieldValue, ScalarValue } from '../yaml/manifest/types';

export type { FieldReader, FieldValue, ScalarValue };

/**
 * Who acts on a field: the components of the anatomy contract, the node agents, two kinds of add-on the core
 * does not run itself but that some built-in kinds depend on, the tools that write well-known keys (kubectl,
 * kubeadm), and any other add-on, named by the entry (`named`: cert-manager, cluster-autoscaler).
 */
export type ActorId =
  Exclude<ComponentId, 'other'> | NodeAgentId | 'ingress-controller' | 'storage-provisioner' | 'kubectl' | 'kubeadm' | 'add-on';

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
  | 'validatingadmissionpolicy-status'
  // cloud-controller-manager's controllers
  | 'cloud-node'
  | 'cloud-node-lifecycle'
  | 'route'
  | 'service';

/**
 * When the actor acts: while kube-apiserver admits the write, when the object changes, when the scheduler places a
 * Pod (once per Pod, until it is bound), all the time, or while the Pod runs.
 */
export type Timing = 'admission' | 'on-change' | 'scheduling' | 'continuously' | 'run-time';

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
  /** This actor writes this very field (status, or values filled in for you). */
  readonly writes?: true;
  /**
   * This actor reads the field and writes something else instead: another object, by its kind (Service
   * `spec.selector` → `EndpointSlice`), or another field, by its path (`priorityClassName` → `spec.priority`).
   * Neither this nor `writes`: it only reads the field.
   */
  readonly writesOther?: string;
  /** The add-on's or tool's own name, for `add-on` (cert-manager, cluster-autoscaler). */
  readonly named?: string;
}

/** A test on one value; every property given must hold. */
export interface ValueTest {
  /** The value is one of these. */
  readonly equals?: readonly ScalarValue[];
  /** The value is a string starting with one of these. */
  readonly prefix?: readonly string[];
  /** true: the field is set (to anything, a map or a list included); false: it is not. */
  readonly present?: boolean;
}

/**
 * When an entry applies, beyond its kinds and paths: the field's own value, other fields of the object, its
 * namespace and name. Every property given must hold; an entry whose condition cannot be checked (no value
 * at hand) does not apply, so a general entry answers instead.
 */
export interface EntryCondition {
  readonly value?: ValueTest;
  /** Other fields by dotted path from the object (or from the Pod inside a template): `spec.loadBalancerClass`. */
  readonly fields?: Readonly<Record<string, ValueTest>>;
  readonly namespace?: ValueTest;
  readonly name?: ValueTest;
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
  /** The source that shows it: an official kubernetes.io page (with its anchor), or a Kubernetes source file. */
  readonly docs: string;
  /** Applies only when this holds; among entries for the same path, one whose condition holds wins. */
  readonly onlyIf?: EntryCondition;
}
