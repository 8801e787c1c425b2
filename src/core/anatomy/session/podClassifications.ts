/**
 * What each kube-system Pod is (a component, an addon, whose), kept per Pod until the Pod or the owners it is
 * classified by change: at 5,000 nodes a rebuild classifies only the Pods that moved.
 */
import type { SlimMeta, SlimPod } from '../../kube/slim';
import { classifyPod, type OwnerLookup, type PodClassification, toComponentPod } from '../classify';
import type { ComponentPod } from '../types';

interface CachedClassification {
  readonly resourceVersion: string;
  readonly ownersVersion: number;
  readonly classification: PodClassification;
  /** What the anatomy shows of the Pod; the same object until the Pod or its owners change. */
  readonly componentPod: ComponentPod;
}

export class PodClassifications {
  private readonly cache = new Map<string, CachedClassification>();
  private ownersVersion = 0;

  /** The Pod's classification, from the cache while neither the Pod nor the owners changed. */
  of(pod: SlimPod, lookup: OwnerLookup): { readonly classification: PodClassification; readonly componentPod: ComponentPod } {
    const key = podKey(pod);
    const cached = this.cache.get(key);
    if (cached && cached.resourceVersion === pod.metadata.resourceVersion && cached.ownersVersion === this.ownersVersion) return cached;
    const classification = classifyPod(pod, lookup);
    const entry = {
      resourceVersion: pod.metadata.resourceVersion,
      ownersVersion: this.ownersVersion,
      classification,
      componentPod: toComponentPod(pod, classification),
    };
    this.cache.set(key, entry);
    return entry;
  }

  /** ReplicaSets or Deployments changed (or became readable or not): every Pod is classified again. */
  ownersChanged(): void {
    this.ownersVersion++;
  }

  forget(pod: { readonly metadata: SlimMeta }): void {
    this.cache.delete(podKey(pod));
  }
}

function podKey(pod: { readonly metadata: SlimMeta }): string {
  return pod.metadata.uid || `${pod.metadata.namespace}/${pod.metadata.name}`;
}
