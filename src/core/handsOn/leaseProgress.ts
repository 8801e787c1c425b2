/**
 * The hands-on's last check is "run it again a little later: renewTime has moved on". This remembers, per node,
 * the first renewTime seen and the latest one, so the check can tell when kubelet's heartbeat has been seen.
 */
export class LeaseProgress {
  private readonly seen = new Map<string, { first: string; latest: string; durationSeconds: number | null; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A renewTime read for a node's Lease (from a list, a watch event or a snapshot). */
  observe(node: string, renewTime: string | null | undefined, durationSeconds: number | null = null): void {
    if (!renewTime || Number.isNaN(Date.parse(renewTime))) return;
    const known = this.seen.get(node);
    if (!known) {
      this.seen.set(node, { first: renewTime, latest: renewTime, durationSeconds, at: this.now() });
      return;
    }
    if (Date.parse(renewTime) > Date.parse(known.latest)) this.seen.set(node, { ...known, latest: renewTime, durationSeconds: durationSeconds ?? known.durationSeconds, at: this.now() });
  }

  /** True once a later renewTime than the first one seen has arrived. */
  advanced(node: string): boolean {
    const known = this.seen.get(node);
    return known !== undefined && known.latest !== known.first;
  }

  /** True when the latest renewTime is older than the Lease's duration: the kubelet has stopped renewing. */
  expired(node: string): boolean {
    const known = this.seen.get(node);
    if (!known || known.durationSeconds === null) return false;
    return this.now() - Date.parse(known.latest) > known.durationSeconds * 1000;
  }

  /** "first → latest" for a node that has advanced, as the two `kubectl get lease -o yaml` runs would show. */
  span(node: string): string | undefined {
    const known = this.seen.get(node);
    return known && known.latest !== known.first ? `${known.first} → ${known.latest}` : undefined;
  }

  /** A new context: what was seen of the old one's Leases says nothing of the new one's. */
  clear(): void {
    this.seen.clear();
  }
}
