/**
 * Deltas between two anatomies for a visible webview: the nodes that changed, and those that went away.
 * Anything outside the nodes (control plane, addons, absences, what RBAC hides) changing is rare: that sends a full
 * snapshot.
 */
import type { ClusterAnatomy, LeaseInfo, NodeAnatomy } from '../anatomy/types';

export interface AnatomyDelta {
  readonly generatedAt: string;
  readonly upserted: readonly NodeAnatomy[];
  readonly removed: readonly string[];
}

/** The delta from `before` to `after`, or null when only a full snapshot can say what changed. */
export function diffAnatomy(before: ClusterAnatomy, after: ClusterAnatomy): AnatomyDelta | null {
  if (
    before.context !== after.context ||
    before.server !== after.server ||
    before.serverVersion !== after.serverVersion ||
    JSON.stringify([before.controlPlane, before.addons, before.absent, before.unreadable, before.nothingRead]) !==
      JSON.stringify([after.controlPlane, after.addons, after.absent, after.unreadable, after.nothingRead]) ||
    // What is hidden, and what the user sees from where they stand, change the drawing outside the nodes.
    JSON.stringify([before.hidden, before.access, before.standpoint]) !== JSON.stringify([after.hidden, after.access, after.standpoint]) ||
    // The first paint's header says the nodes are still being listed.
    JSON.stringify(before.loading) !== JSON.stringify(after.loading)
  ) {
    return null;
  }
  const previous = new Map(before.nodes.map((node) => [node.name, node]));
  const upserted: NodeAnatomy[] = [];
  for (const node of after.nodes) {
    const old = previous.get(node.name);
    previous.delete(node.name);
    // Models usually keep unchanged node objects, so identity is the cheap first test.
    if (old !== node && (!old || JSON.stringify(old) !== JSON.stringify(node))) upserted.push(node);
  }
  return { generatedAt: after.generatedAt, upserted, removed: [...previous.keys()] };
}

/** Applies a delta; node order follows the previous anatomy, new nodes at the end. */
export function applyAnatomyDelta(anatomy: ClusterAnatomy, delta: AnatomyDelta): ClusterAnatomy {
  const removed = new Set(delta.removed);
  const changed = new Map(delta.upserted.map((node) => [node.name, node]));
  const nodes: NodeAnatomy[] = [];
  for (const node of anatomy.nodes) {
    if (removed.has(node.name)) continue;
    nodes.push(changed.get(node.name) ?? node);
    changed.delete(node.name);
  }
  nodes.push(...changed.values());
  return { ...anatomy, generatedAt: delta.generatedAt, nodes };
}

/**
 * The anatomy with every node's Lease as the informer holds it now: an anatomy's Leases date from its last
 * rebuild, which renewals alone do not trigger. Nodes whose Lease did not change keep their identity.
 */
export function withLiveLeases(anatomy: ClusterAnatomy, leaseOf: (node: string) => LeaseInfo | null): ClusterAnatomy {
  let changed = false;
  const nodes = anatomy.nodes.map((node) => {
    const lease = leaseOf(node.name);
    if (!lease || lease.renewTime === node.lease?.renewTime) return node;
    changed = true;
    return { ...node, lease };
  });
  return changed ? { ...anatomy, nodes } : anatomy;
}

/** Records Lease renewals (the heartbeat pulse) without a full delta. */
export function applyLeaseRenewals(anatomy: ClusterAnatomy, renewals: readonly { node: string; renewTime: string }[]): ClusterAnatomy {
  if (renewals.length === 0) return anatomy;
  const byNode = new Map(renewals.map((renewal) => [renewal.node, renewal.renewTime]));
  return {
    ...anatomy,
    nodes: anatomy.nodes.map((node) => {
      const renewTime = byNode.get(node.name);
      if (renewTime === undefined) return node;
      const lease = node.lease ?? { renewTime, ageSeconds: 0, leaseDurationSeconds: null, holderIdentity: node.name };
      return { ...node, lease: { ...lease, renewTime, ageSeconds: 0 } };
    }),
  };
}
