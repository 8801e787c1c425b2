import type { Event } from '../util/event';
import type { ClusterAnatomy, LeaseInfo } from './types';

/** Where the views get the live anatomy from. Implemented by LiveAnatomy (the current context's ClusterSession). */
export interface AnatomySource {
  /**
   * The anatomy as last announced by onDidChange, or undefined before the first complete list. Reading it has
   * no effect: it neither rebuilds nor fires.
   */
  readonly current: ClusterAnatomy | undefined;
  /** Fires (coalesced) when the anatomy changed. */
  readonly onDidChange: Event<ClusterAnatomy>;
  /** Fires with a node's name each time its Lease is renewed (the heartbeat). */
  readonly onLeaseRenewed?: Event<string>;
  /**
   * A node's Lease as of now. `current` is rebuilt on structural changes only, not on every renewal, so its
   * lease times lag; heartbeats are read here.
   */
  leaseOf?(node: string): LeaseInfo | null;
  /** Fires when the cluster behind the source is replaced or gone (a context switch), before any new anatomy. */
  readonly onDidChangeSession?: Event<unknown>;
}
