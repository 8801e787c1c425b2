/**
 * The control plane's own Leases: kube-controller-manager and kube-scheduler renewing their leader-election
 * locks every retry period, kube-apiserver renewing its identity; a leader that stops renewing, and another
 * replica taking the lock.
 */
import {
  IDENTITY_LABEL,
  leaderComponents,
  leaderEventSource,
  leaderIdentity,
  leaderTakeover,
  renewedLease,
  type LeaderComponent,
} from '../fixture';
import type { KubeObject } from '../resources';
import { type Loose, leaseType } from './shared';
import { ControllersAndScheduler } from './controllers';

export abstract class ControlPlaneLeases extends ControllersAndScheduler {
  /** Leaders that stopped renewing, with the time of their last renewal. */
  private readonly stalledLeaders = new Map<LeaderComponent, number>();

  protected startControlPlaneLeases(): void {
    const renewLeaders = () => {
      this.after(this.timing.leaderRetryMs, renewLeaders);
      const now = Date.now();
      for (const component of leaderComponents) {
        const lease = this.store.get(leaseType, 'kube-system', component);
        if (lease && !this.stalledLeaders.has(component)) this.store.update(leaseType, renewedLease(lease, now));
      }
    };
    this.after(this.timing.leaderRetryMs, renewLeaders);
    const renewIdentity = () => {
      this.after(this.timing.identityRenewMs, renewIdentity);
      const now = Date.now();
      for (const lease of this.store.list(leaseType, 'kube-system')) {
        if (lease.metadata.labels?.[IDENTITY_LABEL] === 'kube-apiserver') this.store.update(leaseType, renewedLease(lease, now));
      }
    };
    this.after(this.timing.identityRenewMs, renewIdentity);
  }

  private leaderLease(component: LeaderComponent): KubeObject {
    const lease = leaderComponents.includes(component) ? this.store.get(leaseType, 'kube-system', component) : undefined;
    if (!lease) throw new Error(`no leader-election Lease for ${String(component)} (leaders: ${leaderComponents.join(', ')})`);
    return lease;
  }

  /** The leader stops renewing its lock (hung, or cut off from the API server): renewTime stays, the lock ages out. */
  stopLeaderRenewal(component: LeaderComponent): void {
    const lease = this.leaderLease(component);
    if (this.stalledLeaders.has(component)) return;
    this.stalledLeaders.set(component, Date.parse((lease.spec as Loose).renewTime as string));
  }

  /**
   * The leader renews again. Once its lock has expired (15 simulated seconds without a renewal) it has lost it:
   * the component exits, restarts and takes the lock under a new identity, as changeLeader does.
   */
  resumeLeaderRenewal(component: LeaderComponent): void {
    const lease = this.leaderLease(component);
    const lastRenewal = this.stalledLeaders.get(component);
    if (lastRenewal === undefined) return;
    this.stalledLeaders.delete(component);
    if (Date.now() - lastRenewal >= this.timing.leaderLeaseMs) this.changeLeader(component);
    else this.store.update(leaseType, renewedLease(lease, Date.now()));
  }

  /**
   * Another replica takes the lock: a new `<host>_<uuid>` (on the next control-plane node when there are several;
   * with one, the host stays, as when the component restarts), acquireTime now, leaseTransitions + 1, and the
   * LeaderElection Event. Returns the new holderIdentity.
   */
  changeLeader(component: LeaderComponent): string {
    const lease = this.leaderLease(component);
    this.stalledLeaders.delete(component);
    const controlPlanes = this.cluster.nodes.filter((node) => node.controlPlane);
    const holderHost = String((lease.spec as Loose).holderIdentity ?? '').replace(/_[^_]*$/, '');
    const current = controlPlanes.findIndex((node) => node.name === holderHost);
    const next = controlPlanes[(current + 1) % controlPlanes.length] ?? this.cluster.nodes[0]!;
    const identity = leaderIdentity(next.name, this.suffixes);
    const stored = this.store.update(leaseType, leaderTakeover(lease, identity, Date.now()));
    this.event('kube-system', stored, 'LeaderElection', `${identity} became leader`, { component: leaderEventSource[component] });
    return identity;
  }
}
