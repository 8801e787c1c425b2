/**
 * What an experiment left changed, and how to put it back. Deleting a mirror Pod or a CoreDNS Pod undoes itself
 * (kubelet, the ReplicaSet controller); a stopped heartbeat stays stopped and an extra CoreDNS replica stays,
 * until the learner resumes the heartbeat or scales back. Kept per context: an undo acts on the cluster it was
 * done to.
 */
import type { ClusterAnatomy } from '../anatomy/types';
import type { ExperimentId, ExperimentPlan } from './experiments';

export const UNDOS = ['resumeHeartbeat', 'scaleCoreDnsBack'] as const;
export type UndoId = (typeof UNDOS)[number];

/** One thing to put back: the node whose heartbeat to resume, or the Deployment and the replicas it had. */
export interface PendingUndo {
  readonly id: UndoId;
  readonly experiment: ExperimentId;
  readonly context: string;
  /** The node (resumeHeartbeat) or the Deployment (scaleCoreDnsBack). */
  readonly subject: string;
  /** scaleCoreDnsBack: the replicas to go back to. */
  readonly replicas?: number;
}

/** The experiments that put themselves back, and who does it. */
export const SELF_UNDOING: Readonly<Partial<Record<ExperimentId, 'kubelet' | 'replicaSet'>>> = {
  deleteMirrorPod: 'kubelet',
  deleteCoreDnsPod: 'replicaSet',
};

export class ExperimentUndos {
  private undos: PendingUndo[] = [];
  /** Scales the cluster has been seen to take: until then the write may still be on its way. */
  private readonly applied = new WeakSet<PendingUndo>();

  /** An experiment was run on `context`: what it changed until it is undone. */
  record(plan: ExperimentPlan, context: string): void {
    const undo: PendingUndo | undefined =
      plan.id === 'stopHeartbeat'
        ? { id: 'resumeHeartbeat', experiment: plan.id, context, subject: plan.subject }
        : plan.id === 'scaleCoreDns' && plan.replicas
          ? { id: 'scaleCoreDnsBack', experiment: plan.id, context, subject: plan.subject, replicas: plan.replicas.from }
          : undefined;
    if (!undo) return;
    // Scaling twice goes back to where the first scale started.
    const earlier = this.undos.find((known) => known.id === undo.id && known.context === context && known.subject === undo.subject);
    if (!earlier) this.undos.push(undo);
  }

  /**
   * What is still to undo on this anatomy's cluster: a heartbeat stopped on a node it still has; a Deployment
   * not yet back at its replicas. A scale the cluster has taken and then shows undone (scaled back by hand) is
   * forgotten; one it has not taken yet (the write is on its way) is kept.
   */
  pending(anatomy: Pick<ClusterAnatomy, 'context' | 'nodes' | 'addons'> | undefined): PendingUndo[] {
    if (!anatomy) return [];
    this.undos = this.undos.filter((undo) => {
      if (undo.context !== anatomy.context || undo.id !== 'scaleCoreDnsBack') return true;
      const deployment = anatomy.addons.find((addon) => addon.kind === 'Deployment' && addon.name === undo.subject);
      if (!deployment) return false;
      if (deployment.desired !== undo.replicas) this.applied.add(undo);
      return !this.applied.has(undo) || deployment.desired !== undo.replicas;
    });
    return this.undos.filter(
      (undo) =>
        undo.context === anatomy.context && (undo.id !== 'resumeHeartbeat' || anatomy.nodes.some((node) => node.name === undo.subject)),
    );
  }

  /** The undo was done. */
  done(undo: Pick<PendingUndo, 'id' | 'context' | 'subject'>): void {
    this.undos = this.undos.filter((known) => !(known.id === undo.id && known.context === undo.context && known.subject === undo.subject));
  }

  /** The cluster of `context` is gone (the demo stopped): nothing of it is left to undo. */
  forget(context: string): void {
    this.undos = this.undos.filter((known) => known.context !== context);
  }
}
