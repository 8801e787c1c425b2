/**
 * The one place a context's collections are watched, as client-go's shared informer factory does it: one list
 * and watch per (path, label selector, field selector), started by the first subscriber and stopped after the
 * last, with one backoff and one state for all of them. Each subscriber keeps its own slim projection, so a
 * feature that needs little of a large collection keeps little.
 *
 * The price of sharing: a subscriber that joins a running collection is filled by a fresh list of the whole
 * collection, and the watch resumes from that list, so every subscriber sees one sequence of events. Starting a
 * trace in kube-system lists four of the anatomy's collections again (placement, all Nodes); while that list
 * runs the others hear nothing new, and if it fails, the collection retries for all of them.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { KubeApi, type ResponseLimits } from './kubeApi';
import { type CollectionOptions, type Projection, SharedCollection, type WatchState, WatchSubscription } from './resourceWatch';
import type { SlimMeta } from './slim';
import type { Disposable } from '../util/disposable';

export interface WatchHubOptions {
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /** Caps on list pages and response bytes for every collection (a subscriber may raise them for its own). */
  readonly limits?: Partial<ResponseLimits>;
  readonly healthyAfterMs?: number;
  readonly random?: () => number;
}

export interface SubscribeOptions<T> extends Projection<T> {
  /** API path of the collection, e.g. /api/v1/namespaces/kube-system/pods. */
  readonly path: string;
  /** For messages: "Pods in kube-system". */
  readonly what: string;
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  readonly pageSize?: number;
  /** Caps for this collection when this subscriber is the one that starts it (all bound Pods of a large cluster). */
  readonly limits?: Partial<ResponseLimits>;
}

/** One open collection, for diagnostics and the tests that count streams. */
export interface OpenCollection {
  readonly path: string;
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  readonly subscribers: number;
  readonly state: WatchState;
}

const collectionKey = (path: string, labelSelector = '', fieldSelector = '') => JSON.stringify([path, labelSelector, fieldSelector]);

export class WatchHub implements Disposable {
  private readonly collections = new Map<string, SharedCollection>();
  private disposed = false;
  private oneOffApi: KubeApi | undefined;

  constructor(
    private readonly config: KubeConfig,
    private readonly options: WatchHubOptions = {},
  ) {}

  /**
   * A subscription to a collection, joined when it starts. A selected subscription that can say which objects
   * its selectors select (`matches`) is served by the unselected collection of its path when one is open:
   * kube-system's Pods are watched once, for the anatomy and for a trace of a kube-system Deployment alike. A
   * wider collection that fails (RBAC may grant one object by name, not the list) serves nobody else.
   */
  subscribe<T extends { readonly metadata: SlimMeta }>(options: SubscribeOptions<T>): WatchSubscription<T> {
    const selected = Boolean(options.labelSelector || options.fieldSelector);
    return new WatchSubscription<T>(options, () => {
      const wider = selected && options.matches ? this.collections.get(collectionKey(options.path)) : undefined;
      return wider?.state === 'synced'
        ? { collection: wider, filtered: true }
        : { collection: this.collectionFor(options), filtered: false };
    });
  }

  /** The same context's one-off reads beside its watches: API discovery, access checks. */
  get api(): KubeApi {
    this.oneOffApi ??= new KubeApi(this.config);
    return this.oneOffApi;
  }

  /** The collections open now. */
  openCollections(): OpenCollection[] {
    return [...this.collections.values()].map((collection) => {
      const { path, labelSelector, fieldSelector } = collection.options;
      return {
        path,
        ...(labelSelector && { labelSelector }),
        ...(fieldSelector && { fieldSelector }),
        subscribers: collection.memberCount,
        state: collection.state,
      };
    });
  }

  private collectionFor(options: SubscribeOptions<unknown>): SharedCollection {
    const key = collectionKey(options.path, options.labelSelector, options.fieldSelector);
    const open = this.collections.get(key);
    if (open) return open;
    const settings: CollectionOptions = {
      path: options.path,
      what: options.what,
      ...(options.labelSelector && { labelSelector: options.labelSelector }),
      ...(options.fieldSelector && { fieldSelector: options.fieldSelector }),
      ...(options.pageSize && { pageSize: options.pageSize }),
      ...(this.options.backoff && { backoff: this.options.backoff }),
      ...(this.options.healthyAfterMs !== undefined && { healthyAfterMs: this.options.healthyAfterMs }),
      ...(this.options.random && { random: this.options.random }),
      limits: { ...this.options.limits, ...options.limits },
    };
    const collection = new SharedCollection(this.config, settings);
    // A disposed hub still hands out subscriptions (a feature racing a context switch); they stay stopped.
    if (this.disposed) collection.dispose();
    else this.collections.set(key, collection);
    collection.onDidBecomeEmpty(() => {
      this.collections.delete(key);
      collection.dispose();
    });
    return collection;
  }

  dispose(): void {
    this.disposed = true;
    for (const collection of this.collections.values()) collection.dispose();
    this.collections.clear();
  }
}
