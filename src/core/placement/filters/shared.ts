/**
 * What more than one filter (and the preparation of a question) reads: whether a toleration tolerates a taint
 * (NodeUnschedulable, TaintToleration), and which Pods a pod affinity term selects (InterPodAffinity).
 */
import type { PodAffinityTerm, SchedulingPod, Taint, Toleration } from '../objects';
import { labelSelectorMatches } from '../selectors';

/** Whether a toleration tolerates a taint (the API's ToleratesTaint). */
export function tolerates(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key !== undefined && toleration.key !== '' && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
    case '':
      // An empty key with Exists tolerates everything; with Equal it only matches an empty key.
      if (!toleration.key && taint.key !== '') return false;
      return (toleration.value ?? '') === (taint.value ?? '');
    default:
      return false;
  }
}

export const untolerated = (pod: SchedulingPod, taints: readonly Taint[], effects: readonly string[]) =>
  taints.find((taint) => effects.includes(taint.effect) && !pod.tolerations.some((toleration) => tolerates(toleration, taint)));

const namedNamespaces = new WeakMap<PodAffinityTerm, ReadonlySet<string>>();

/** The namespaces a term covers: those it names, or the Pod's own (a namespaceSelector needs namespace labels). */
export function termNamespaces(term: PodAffinityTerm, ownNamespace: string): ReadonlySet<string> | 'all' | 'selector' {
  if (term.namespaceSelector) {
    const selector = term.namespaceSelector;
    if (Object.keys(selector.matchLabels).length === 0 && selector.matchExpressions.length === 0) return 'all';
    return 'selector';
  }
  if (term.namespaces.length === 0) return new Set([ownNamespace]);
  // Asked once per bound Pod in a question: the named set is made once per term.
  let named = namedNamespaces.get(term);
  if (!named) namedNamespaces.set(term, (named = new Set(term.namespaces)));
  return named;
}

/** Whether a term selects a Pod (namespace and labels). */
export function termSelects(
  term: PodAffinityTerm,
  termOwnerNamespace: string,
  pod: { readonly namespace: string; readonly labels: Readonly<Record<string, string>> },
  namespaceLabels?: (namespace: string) => Readonly<Record<string, string>> | undefined,
): boolean {
  if (!term.namespaceSelector && term.namespaces.length === 0) {
    if (pod.namespace !== termOwnerNamespace) return false;
    return labelSelectorMatches(term.labelSelector, pod.labels);
  }
  const namespaces = termNamespaces(term, termOwnerNamespace);
  if (namespaces === 'selector') {
    const labels = namespaceLabels?.(pod.namespace);
    const inNamedNamespace = term.namespaces.includes(pod.namespace);
    if (!inNamedNamespace && !(labels && labelSelectorMatches(term.namespaceSelector, labels))) return false;
  } else if (namespaces !== 'all' && !namespaces.has(pod.namespace)) return false;
  return labelSelectorMatches(term.labelSelector, pod.labels);
}
