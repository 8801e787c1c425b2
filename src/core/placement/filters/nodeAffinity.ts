/**
 * NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity): the Pod's nodeSelector and required node
 * affinity.
 */
import { nodeTermMatches, requirementText } from '../selectors';
import type { Check } from './framework';

export const nodeAffinity: Check = (node, { pod, wording }) => {
  for (const [key, wanted] of Object.entries(pod.nodeSelector)) {
    const actual = Object.hasOwn(node.labels, key) ? node.labels[key]! : null;
    if (actual !== wanted)
      return { filter: 'NodeAffinity', reasons: [wording.nodeAffinity], evidence: [{ kind: 'nodeSelector', key, wanted, actual }] };
  }
  const terms = pod.requiredNodeTerms;
  if (terms === null || terms.some((term) => nodeTermMatches(term, node))) return undefined;
  const first = terms[0];
  const failing = first
    ? [...first.matchExpressions, ...first.matchFields].find(
        (requirement) =>
          !nodeTermMatches({ matchExpressions: [requirement], matchFields: [] }, node) &&
          !nodeTermMatches({ matchExpressions: [], matchFields: [requirement] }, node),
      )
    : undefined;
  return {
    filter: 'NodeAffinity',
    reasons: [wording.nodeAffinity],
    evidence: [{ kind: 'nodeAffinity', terms: terms.length, firstFailing: failing ? requirementText(failing) : null }],
  };
};
