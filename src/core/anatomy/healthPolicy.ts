/**
 * The one health policy: every view (tree, diagram, CLI, Markdown) asks here whether a node or a Pod is well,
 * so no two of them can disagree. Heartbeats are judged from a Lease as of `now`, never from a snapshot's age.
 */
import type { ComponentPod, LeaseInfo, NodeAnatomy } from './types';

/** `stale`: a node whose heartbeat stopped; `absent`: a component this cluster does not have. */
export type Health = 'ok' | 'warn' | 'error' | 'unknown' | 'stale' | 'absent' | 'neutral';

/** Lease duration assumed when the Lease does not say (kubelet's default, docs/anatomy.md "Heartbeats"). */
export const defaultLeaseDurationSeconds = 40;

/** Parsed renewal times by Lease object: views re-check thousands of heartbeats every second. */
const renewedAt = new WeakMap<LeaseInfo, number>();

/** Seconds since the Lease was renewed, at `now` (ms); null when there is no Lease. */
export function leaseAgeSeconds(lease: LeaseInfo | null | undefined, now: number): number | null {
  if (!lease) return null;
  let renewed = renewedAt.get(lease);
  if (renewed === undefined) {
    renewed = Date.parse(lease.renewTime);
    renewedAt.set(lease, renewed);
  }
  return Number.isFinite(renewed) ? Math.max(0, (now - renewed) / 1000) : lease.ageSeconds;
}

/** A heartbeat has stopped when the Lease is older than its duration (the node controller's own test). */
export function heartbeatStopped(lease: LeaseInfo | null | undefined, now: number): boolean {
  const age = leaseAgeSeconds(lease, now);
  if (age === null) return false;
  return age > (lease?.leaseDurationSeconds ?? defaultLeaseDurationSeconds);
}

/** When a heartbeat that is running now will count as stopped (ms), or undefined without a Lease. */
export function heartbeatDeadline(lease: LeaseInfo | null | undefined): number | undefined {
  if (!lease) return undefined;
  const renewed = Date.parse(lease.renewTime);
  return Number.isFinite(renewed) ? renewed + (lease.leaseDurationSeconds ?? defaultLeaseDurationSeconds) * 1000 : undefined;
}

/**
 * A node: stale when its heartbeat stopped or the node controller says Unknown, otherwise its Ready condition.
 * `lease` is the Lease as of now when the caller has it (the node's own may date from the last rebuild).
 */
export function nodeHealth(node: NodeAnatomy, now: number, lease: LeaseInfo | null | undefined = node.lease): Health {
  if (heartbeatStopped(lease, now) || node.ready === 'Unknown') return 'stale';
  return node.ready === 'True' ? 'ok' : 'error';
}

/**
 * A Pod: a container in trouble or a failed Pod is an error; a finished one (Succeeded) is neither good nor
 * bad; ready is ok; running or pending without being ready is a warning.
 */
export function podHealth(pod: Pick<ComponentPod, 'phase' | 'ready' | 'reason'>): Health {
  if (pod.reason || pod.phase === 'Failed') return 'error';
  if (pod.phase === 'Succeeded') return 'neutral';
  if (pod.ready) return 'ok';
  return pod.phase === 'Unknown' ? 'unknown' : 'warn';
}

/** The health of a component from all its Pods: every one ready, some, or none. */
export function podsHealth(pods: readonly ComponentPod[]): Health {
  if (pods.length === 0) return 'unknown';
  const healths = pods.map(podHealth);
  if (healths.every((health) => health === 'ok')) return 'ok';
  if (healths.some((health) => health === 'ok')) return 'warn';
  return healths.includes('error') ? 'error' : 'warn';
}

/** Unit templates of a duration; {0} is the number. */
export interface DurationUnits {
  readonly seconds: string;
  readonly minutes: string;
  readonly hours: string;
  readonly days: string;
}

export const defaultDurationUnits: DurationUnits = { seconds: '{0}s', minutes: '{0}m', hours: '{0}h', days: '{0}d' };

/** "12s", "3m", "2h 5m", "4d": how long ago, in every view (the units are localised by the caller). */
export function formatDuration(seconds: number, units: DurationUnits = defaultDurationUnits): string {
  const unit = (template: string, value: number) => template.replace('{0}', String(value));
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return unit(units.seconds, s);
  if (s < 3600) return unit(units.minutes, Math.floor(s / 60));
  if (s < 86400) {
    const minutes = Math.floor((s % 3600) / 60);
    const hours = unit(units.hours, Math.floor(s / 3600));
    return minutes ? `${hours} ${unit(units.minutes, minutes)}` : hours;
  }
  return unit(units.days, Math.floor(s / 86400));
}
