/** The words a trace's steps are made of: what kind of step, done by which component, read from what evidence. */

/** The parts of the control plane and the nodes a step can be done by; `client` is whoever sent the request. */
export type TraceComponent = 'client' | 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler' | 'kubelet' | 'other';

export type TraceStepKind =
  | 'stored'
  | 'changed'
  | 'replicaset-created'
  | 'replicaset-scaled'
  | 'rollout-complete'
  | 'pod-created'
  | 'pod-deleted'
  | 'scheduled'
  | 'unschedulable'
  | 'image-pulling'
  | 'image-pulled'
  | 'container-created'
  | 'container-started'
  | 'ready'
  | 'container-stopping'
  | 'pod-removed'
  | 'slice-created'
  | 'endpoint-added'
  | 'endpoint-ready'
  | 'endpoint-not-ready'
  | 'endpoint-removed'
  | 'event';

export type EvidenceSource =
  'event' | 'managedFields' | 'condition' | 'containerStatus' | 'ownerReference' | 'metadata' | 'watch' | 'knowledge' | 'endpointSlice';

export interface TraceEvidence {
  readonly source: EvidenceSource;
  readonly text: string;
}

export interface TraceObjectRef {
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
}
