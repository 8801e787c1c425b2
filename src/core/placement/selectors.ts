/** Label and node selectors, matched as the API's own helpers match them. */
import type { LabelSelector, NodeSelectorTerm, SelectorRequirement } from './objects';

function integer(value: string | undefined): number | undefined {
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
}

/** One node selector requirement against a label set (or the node's fields). */
export function requirementMatches(requirement: SelectorRequirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.hasOwn(labels, requirement.key);
  const value = has ? labels[requirement.key] : undefined;
  switch (requirement.operator) {
    case 'In':
      return has && requirement.values.includes(value!);
    case 'NotIn':
      return !has || !requirement.values.includes(value!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      const own = integer(value);
      const bound = requirement.values.length === 1 ? integer(requirement.values[0]) : undefined;
      if (own === undefined || bound === undefined) return false;
      return requirement.operator === 'Gt' ? own > bound : own < bound;
    }
    default:
      return false;
  }
}

/**
 * A node selector term: every expression on the labels and every field (only metadata.name exists) must match.
 * A term with neither matches no node.
 */
export function nodeTermMatches(
  term: NodeSelectorTerm,
  node: { readonly name: string; readonly labels: Readonly<Record<string, string>> },
): boolean {
  if (term.matchExpressions.length === 0 && term.matchFields.length === 0) return false;
  const fields = { 'metadata.name': node.name };
  return (
    term.matchExpressions.every((requirement) => requirementMatches(requirement, node.labels)) &&
    term.matchFields.every(
      (requirement) =>
        requirement.key === 'metadata.name' &&
        (requirement.operator === 'In' || requirement.operator === 'NotIn') &&
        requirementMatches(requirement, fields),
    )
  );
}

/** A label selector: null selects nothing, an empty one everything. */
export function labelSelectorMatches(selector: LabelSelector | null, labels: Readonly<Record<string, string>>): boolean {
  if (!selector) return false;
  for (const [key, value] of Object.entries(selector.matchLabels)) if (labels[key] !== value) return false;
  return selector.matchExpressions.every((requirement) => {
    // Label selectors know In, NotIn, Exists and DoesNotExist; anything else makes the selector invalid.
    if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(requirement.operator)) return false;
    return requirementMatches(requirement, labels);
  });
}

/** A requirement as kubectl would print it: `disktype In (ssd, nvme)`. */
export function requirementText(requirement: SelectorRequirement): string {
  const values = requirement.values.length > 0 ? ` (${requirement.values.join(', ')})` : '';
  return `${requirement.key} ${requirement.operator}${values}`;
}
