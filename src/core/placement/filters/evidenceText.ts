/** A filter failure's evidence in English, and the amounts and names the views word it with. */
import type { Taint } from '../objects';
import { formatAmount } from '../quantity';
import type { FilterEvidence } from './framework';

export const taintText = (taint: Taint) => `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;

/** The amounts of an insufficient resource, formatted; what is free is never negative. */
export function unrequestedText(evidence: Extract<FilterEvidence, { kind: 'insufficient' }>): { requested: string; free: string; allocatable: string } {
  return {
    requested: formatAmount(evidence.resource, evidence.requested),
    free: formatAmount(evidence.resource, Math.max(0, evidence.allocatable - evidence.used)),
    allocatable: formatAmount(evidence.resource, evidence.allocatable),
  };
}

/** How far above the least loaded domain the Pod would put its node's domain. */
export const spreadSkewOf = (evidence: Extract<FilterEvidence, { kind: 'spreadSkew' }>) => evidence.matching + 1 - evidence.minimum;

export function evidenceText(evidence: FilterEvidence): string {
  switch (evidence.kind) {
    case 'unschedulable':
      return 'the node is cordoned (spec.unschedulable), and the Pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule';
    case 'nodeName':
      return `the Pod asks for node ${evidence.wanted}`;
    case 'taint':
      return `the node has the taint ${taintText(evidence.taint)}, not tolerated`;
    case 'nodeSelector':
      return evidence.actual === null ? `nodeSelector ${evidence.key}=${evidence.wanted}: the node has no label ${evidence.key}` : `nodeSelector ${evidence.key}=${evidence.wanted}: the node has ${evidence.key}=${evidence.actual}`;
    case 'nodeAffinity':
      return evidence.terms === 0
        ? 'the required node affinity has no terms, which matches no node'
        : `none of the ${evidence.terms} required node affinity term${evidence.terms === 1 ? '' : 's'} matches${evidence.firstFailing ? ` (${evidence.firstFailing})` : ''}`;
    case 'hostPort':
      return `host port ${evidence.port.port}/${evidence.port.protocol}${evidence.port.hostIP !== '0.0.0.0' ? ` on ${evidence.port.hostIP}` : ''} is taken by ${evidence.usedBy}`;
    case 'tooManyPods':
      return `${evidence.pods} Pods already run there, and the node allows ${evidence.allowed}`;
    case 'insufficient': {
      const amounts = unrequestedText(evidence);
      return `${evidence.resource}: the Pod requests ${amounts.requested}, ${amounts.free} of ${amounts.allocatable} allocatable is unrequested`;
    }
    case 'spreadLabelMissing':
      return `the node has no label ${evidence.topologyKey}, which a topology spread constraint needs`;
    case 'spreadSkew':
      return `${evidence.topologyKey}=${evidence.domain} has ${evidence.matching} matching Pods; with this one it would be ${spreadSkewOf(evidence)} above the least loaded domain (${evidence.minimum}), more than maxSkew ${evidence.maxSkew}`;
    case 'affinity':
      return evidence.domain === null
        ? `the node has no label ${evidence.topologyKey}, the required pod affinity's topology key`
        : `no Pod the required pod affinity selects runs in ${evidence.topologyKey}=${evidence.domain}`;
    case 'antiAffinity':
      return `${evidence.pod} runs in ${evidence.topologyKey}=${evidence.domain}, and the Pod's required anti-affinity selects it`;
    case 'existingAntiAffinity':
      return `${evidence.pod} runs in ${evidence.topologyKey}=${evidence.domain}, and its required anti-affinity selects this Pod`;
  }
}
