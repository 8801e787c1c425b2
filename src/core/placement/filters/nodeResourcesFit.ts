/**
 * NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources, fit.go): the Pod's requests and the node's
 * Pod count within what it allocates.
 */
import type { Check, FilterEvidence } from './framework';

export const nodeResourcesFit: Check = (node, { wording, bound, resources, requests }) => {
  if (!bound) return 'unknown';
  const load = bound.load(node.name);
  const allowedPods = node.allocatable.pods ?? 0;
  const tooMany = load.pods.size + 1 > allowedPods;
  let short: string[] | undefined;
  for (const resource of resources) {
    if (requests[resource]! + (load.requested[resource] ?? 0) > (node.allocatable[resource] ?? 0)) (short ??= []).push(resource);
  }
  if (!tooMany && !short) return undefined;
  // Only a node that fails pays for the words and the evidence.
  const reasons: string[] = [];
  const evidence: FilterEvidence[] = [];
  if (tooMany) {
    reasons.push(wording.tooManyPods);
    evidence.push({ kind: 'tooManyPods', pods: load.pods.size, allowed: allowedPods });
  }
  for (const resource of short ?? []) {
    reasons.push(wording.insufficient(resource));
    evidence.push({
      kind: 'insufficient',
      resource,
      requested: requests[resource]!,
      used: load.requested[resource] ?? 0,
      allocatable: node.allocatable[resource] ?? 0,
    });
  }
  return { filter: 'NodeResourcesFit', reasons, evidence };
};
