import type { Event } from '../util/event';
import type { ClusterAnatomy } from './types';

/** Where the views get the live anatomy from. Implemented by the AnatomyModel of the current context. */
export interface AnatomySource {
  /** The latest anatomy, or undefined before the first complete list. */
  readonly current: ClusterAnatomy | undefined;
  /** Fires (coalesced) when the anatomy changed. */
  readonly onDidChange: Event<ClusterAnatomy>;
  /** Fires with a node's name each time its Lease is renewed (the heartbeat). */
  readonly onLeaseRenewed?: Event<string>;
}
