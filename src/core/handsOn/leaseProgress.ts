/**
 * The hands-on's last check is "run it again a little later: renewTime has moved on". This remembers, per node,
 * the first renewTime seen and the latest Lease, so the check can tell when kubelet's heartbeat has been seen.
 */
import { heartbeatStopped } from '../anatomy/healthPolicy';
import type { LeaseInfo } from '../anatomy/types';

export class LeaseProgress {
  private readonly seen = new Map<string, { readonly first: string; readonly latest: LeaseInfo }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A node's Lease as read (from a list, a watch event or a snapshot). */
  observe(node: string, lease: LeaseInfo | null | undefined): void {
    if (!lease || Number.isNaN(Date.parse(lease.renewTime))) return;
    const known = this.seen.get(node);
    if (!known) this.seen.set(node, { first: lease.renewTime, latest: lease });
    else if (Date.parse(lease.renewTime) > Date.parse(known.latest.renewTime)) this.seen.set(node, { first: known.first, latest: lease });
  }

  /** True once a later renewTime than the first one seen has arrived. */
  advanced(node: string): boolean {
    const known = this.seen.get(node);
    return known !== undefined && known.latest.renewTime !== known.first;
  }

  /** True when the kubelet has stopped renewing, by the one health policy the tree and the diagram use. */
  expired(node: string): boolean {
    const known = this.seen.get(node);
    return known !== undefined && heartbeatStopped(known.latest, this.now());
  }

  /** "first → latest" for a node that has advanced, as the two `kubectl get lease -o yaml` runs would show. */
  span(node: string): string | undefined {
    const known = this.seen.get(node);
    return known && this.advanced(node) ? `${known.first} → ${known.latest.renewTime}` : undefined;
  }

  /** A new context: what was seen of the old one's Leases says nothing of the new one's. */
  clear(): void {
    this.seen.clear();
  }
}
