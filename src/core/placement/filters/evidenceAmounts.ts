/** The amounts and names a filter failure's evidence is worded with (the sentences are the placement catalog's). */
import type { Taint } from '../objects';
import { formatAmount } from '../quantity';
import type { FilterEvidence } from './framework';

export const taintText = (taint: Taint) => `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;

/** The amounts of an insufficient resource, formatted; what is free is never negative. */
export function unrequestedText(evidence: Extract<FilterEvidence, { kind: 'insufficient' }>): {
  requested: string;
  free: string;
  allocatable: string;
} {
  return {
    requested: formatAmount(evidence.resource, evidence.requested),
    free: formatAmount(evidence.resource, Math.max(0, evidence.allocatable - evidence.used)),
    allocatable: formatAmount(evidence.resource, evidence.allocatable),
  };
}

/** How far above the least loaded domain the Pod would put its node's domain. */
export const spreadSkewOf = (evidence: Extract<FilterEvidence, { kind: 'spreadSkew' }>) => evidence.matching + 1 - evidence.minimum;
