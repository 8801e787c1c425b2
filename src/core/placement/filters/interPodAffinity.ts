/**
 * InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity): the Pod's required affinity and anti-
 * affinity, and the anti-affinity of the Pods already bound, worked out once per question (its PreFilter) and
 * judged per node.
 */
import type { BoundPodsView } from '../boundPods';
import type { SchedulingPod } from '../objects';
import type { Check, InterPodState } from './framework';
import { termNamespaces, termSelects } from './shared';

/** Where the selected Pods run, worked out once per question (the plugin's PreFilter). */
export function interPodState(
  question: { readonly pod: SchedulingPod; readonly namespaceLabels?: (namespace: string) => Readonly<Record<string, string>> | undefined },
  bound: BoundPodsView | null,
  labelsOf: ReadonlyMap<string, Readonly<Record<string, string>>>,
): InterPodState | null {
  const { pod } = question;
  if (!bound) return null;
  const affinityDomains = pod.podAffinity.map(() => new Map<string, number>());
  const antiAffinityDomains = pod.podAntiAffinity.map(() => new Map<string, string>());
  const existingAntiAffinity = new Map<string, Map<string, string>>();
  if (pod.podAffinity.length > 0 || pod.podAntiAffinity.length > 0) {
    // Terms without a namespace selector only select in the namespaces they name (or the Pod's own): walk those.
    const namespaces = new Set<string>();
    let everywhere = false;
    for (const term of [...pod.podAffinity, ...pod.podAntiAffinity]) {
      const covered = termNamespaces(term, pod.namespace);
      if (covered === 'all' || covered === 'selector') everywhere = true;
      else for (const namespace of covered) namespaces.add(namespace);
    }
    const candidates = everywhere ? bound.all() : [...namespaces].flatMap((namespace) => [...bound.inNamespace(namespace)]);
    for (const other of candidates) {
      const labels = labelsOf.get(other.nodeName);
      if (!labels) continue;
      // A Pod counts for the affinity only when it matches every term (the scheduler's affinityCounts).
      if (
        pod.podAffinity.length > 0 &&
        pod.podAffinity.every((term) => termSelects(term, pod.namespace, other, question.namespaceLabels))
      ) {
        pod.podAffinity.forEach((term, index) => {
          const domain = labels[term.topologyKey];
          if (domain !== undefined) affinityDomains[index]!.set(domain, (affinityDomains[index]!.get(domain) ?? 0) + 1);
        });
      }
      pod.podAntiAffinity.forEach((term, index) => {
        const domain = labels[term.topologyKey];
        if (
          domain !== undefined &&
          !antiAffinityDomains[index]!.has(domain) &&
          termSelects(term, pod.namespace, other, question.namespaceLabels)
        )
          antiAffinityDomains[index]!.set(domain, other.key);
      });
    }
  }
  for (const other of bound.antiAffinityPods()) {
    const labels = labelsOf.get(other.nodeName);
    if (!labels) continue;
    for (const term of other.podAntiAffinity) {
      const domain = labels[term.topologyKey];
      if (domain === undefined || !termSelects(term, other.namespace, pod, question.namespaceLabels)) continue;
      let domains = existingAntiAffinity.get(term.topologyKey);
      if (!domains) existingAntiAffinity.set(term.topologyKey, (domains = new Map()));
      if (!domains.has(domain)) domains.set(domain, other.key);
    }
  }
  const noneSelected = affinityDomains.every((domains) => domains.size === 0);
  const selectsItself = pod.podAffinity.every((term) => termSelects(term, pod.namespace, pod, question.namespaceLabels));
  return {
    affinityDomains,
    firstOfSeries: pod.podAffinity.length > 0 && noneSelected && selectsItself,
    antiAffinityDomains,
    existingAntiAffinity,
  };
}

export const interPodAffinity: Check = (node, { pod, wording, interPod }) => {
  if (!interPod) return pod.podAffinity.length > 0 || pod.podAntiAffinity.length > 0 ? 'unknown' : undefined;
  if (pod.podAffinity.length > 0) {
    let allPresent = true;
    for (const [index, term] of pod.podAffinity.entries()) {
      const domain = node.labels[term.topologyKey];
      if (domain === undefined)
        return {
          filter: 'InterPodAffinity',
          reasons: wording.affinity,
          evidence: [{ kind: 'affinity', topologyKey: term.topologyKey, domain: null }],
        };
      if (!interPod.affinityDomains[index]!.has(domain)) allPresent = false;
    }
    if (!allPresent && !interPod.firstOfSeries) {
      const index = pod.podAffinity.findIndex((term, at) => !interPod.affinityDomains[at]!.has(node.labels[term.topologyKey]!));
      const term = pod.podAffinity[index]!;
      return {
        filter: 'InterPodAffinity',
        reasons: wording.affinity,
        evidence: [{ kind: 'affinity', topologyKey: term.topologyKey, domain: node.labels[term.topologyKey]! }],
      };
    }
  }
  for (const [index, term] of pod.podAntiAffinity.entries()) {
    const domain = node.labels[term.topologyKey];
    const other = domain === undefined ? undefined : interPod.antiAffinityDomains[index]!.get(domain);
    if (other)
      return {
        filter: 'InterPodAffinity',
        reasons: wording.antiAffinity,
        evidence: [{ kind: 'antiAffinity', topologyKey: term.topologyKey, domain: domain!, pod: other }],
      };
  }
  for (const [topologyKey, domains] of interPod.existingAntiAffinity) {
    const domain = node.labels[topologyKey];
    const other = domain === undefined ? undefined : domains.get(domain);
    if (other)
      return {
        filter: 'InterPodAffinity',
        reasons: wording.existingAntiAffinity,
        evidence: [{ kind: 'existingAntiAffinity', topologyKey, domain: domain!, pod: other }],
      };
  }
  return undefined;
};
