import { randomUUID } from 'node:crypto';
import type { Disposable } from '../core/util/disposable';
import type { KubeObject, ResourceType } from './resources';

export type StoreEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  type: StoreEventType;
  resource: ResourceType;
  object: KubeObject;
  /** The object before this change (MODIFIED, DELETED): watches use it to turn selector exits into DELETED. */
  previous?: KubeObject;
  revision: number;
}

/** A requested resourceVersion older than the history the store keeps (the server answers 410 Expired). */
export class ExpiredError extends Error {
  constructor(
    readonly requested: number,
    readonly oldest: number,
  ) {
    super(`too old resource version: ${requested} (${oldest})`);
  }
}

export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** etcd's --max-request-bytes (1.5 MiB): the largest object kube-apiserver can store. */
export const MAX_OBJECT_BYTES = 1_572_864;

/** What etcd answers a write above MAX_OBJECT_BYTES; kube-apiserver passes it on as a 500 InternalError. */
export class ObjectTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super('etcdserver: request is too large');
  }
}

/**
 * The size of an object as stored: the bytes of its JSON. Not cached: the history keeps every version, and their
 * JSON would double what it holds; only what watches and lists send is.
 */
export function storedBytes(object: KubeObject): number {
  return Buffer.byteLength(jsonCache.get(object) ?? JSON.stringify(object));
}

const jsonCache = new WeakMap<object, string>();

/** Stored objects are never mutated (every change stores a new object), so their JSON can be cached. */
export function jsonOf(object: KubeObject): string {
  let json = jsonCache.get(object);
  if (json === undefined) {
    json = JSON.stringify(object);
    jsonCache.set(object, json);
  }
  return json;
}

/** Every write, the controllers' included, is held to etcd's limit: no object can grow the memory without bound. */
function refuseOversized(object: KubeObject): void {
  const bytes = storedBytes(object);
  if (bytes > MAX_OBJECT_BYTES) throw new ObjectTooLargeError(bytes);
}

/**
 * An etcd-like store: one revision counter for every object, objects kept in key order per resource, and a
 * bounded history of changes from which watches resume and old list pages are rebuilt.
 */
export class ObjectStore {
  private revisionCounter = 0;
  private readonly objects = new Map<ResourceType, Map<string, KubeObject>>();
  private readonly sortedKeys = new Map<ResourceType, string[]>();
  private readonly history: StoreEvent[] = [];
  private historyHead = 0;
  /** Revisions up to this one have been compacted away. */
  private compacted = 0;
  private readonly listeners = new Set<(event: StoreEvent) => void>();

  constructor(private readonly historyLimit = 50_000) {}

  get revision(): number {
    return this.revisionCounter;
  }

  get oldestRevision(): number {
    return this.compacted;
  }

  get(resource: ResourceType, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.objects.get(resource)?.get(objectKey(namespace, name));
  }

  /** Current objects of a resource in key order (namespace, then name), optionally within one namespace. */
  list(resource: ResourceType, namespace?: string): KubeObject[] {
    const table = this.objects.get(resource);
    if (!table) return [];
    const keys = this.keysOf(resource, table);
    const prefix = namespace ? `${namespace}/` : undefined;
    const result: KubeObject[] = [];
    for (const key of keys) {
      if (prefix && !key.startsWith(prefix)) continue;
      result.push(table.get(key)!);
    }
    return result;
  }

  count(resource: ResourceType): number {
    return this.objects.get(resource)?.size ?? 0;
  }

  /** The objects of a resource as they were at `revision`, rebuilt by undoing later history. */
  listAt(resource: ResourceType, revision: number, namespace?: string): KubeObject[] {
    if (revision >= this.revisionCounter) return this.list(resource, namespace);
    const later = this.eventsSince(revision).filter((event) => event.resource === resource);
    if (later.length === 0) return this.list(resource, namespace);
    const state = new Map(this.list(resource).map((object) => [objectKey(object.metadata.namespace, object.metadata.name), object]));
    for (let index = later.length - 1; index >= 0; index--) {
      const event = later[index]!;
      const key = objectKey(event.object.metadata.namespace, event.object.metadata.name);
      if (event.type === 'ADDED') state.delete(key);
      else state.set(key, event.previous!);
    }
    const prefix = namespace ? `${namespace}/` : undefined;
    return [...state.entries()]
      .filter(([key]) => !prefix || key.startsWith(prefix))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, object]) => object);
  }

  /** Stores a new object; fills uid, creationTimestamp and resourceVersion as the API server does. */
  create(resource: ResourceType, object: KubeObject): KubeObject {
    const key = objectKey(object.metadata.namespace, object.metadata.name);
    let table = this.objects.get(resource);
    if (!table) {
      table = new Map();
      this.objects.set(resource, table);
    }
    if (table.has(key)) throw new Error(`${resource.plural} "${object.metadata.name}" already exists`);
    const revision = this.revisionCounter + 1;
    const stored: KubeObject = {
      ...object,
      metadata: {
        ...object.metadata,
        uid: object.metadata.uid ?? randomUUID(),
        creationTimestamp: object.metadata.creationTimestamp ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        resourceVersion: String(revision),
      },
    };
    refuseOversized(stored);
    this.revisionCounter = revision;
    table.set(key, stored);
    this.sortedKeys.delete(resource);
    this.record({ type: 'ADDED', resource, object: stored, revision });
    return stored;
  }

  /** Replaces an existing object with a new version (a new object: stored ones are never mutated). */
  update(resource: ResourceType, object: KubeObject): KubeObject {
    const key = objectKey(object.metadata.namespace, object.metadata.name);
    const table = this.objects.get(resource);
    const previous = table?.get(key);
    if (!table || !previous) throw new Error(`${resource.plural} "${object.metadata.name}" not found`);
    const revision = this.revisionCounter + 1;
    const stored: KubeObject = {
      ...object,
      metadata: { ...object.metadata, uid: previous.metadata.uid, resourceVersion: String(revision) },
    };
    refuseOversized(stored);
    this.revisionCounter = revision;
    table.set(key, stored);
    this.record({ type: 'MODIFIED', resource, object: stored, previous, revision });
    return stored;
  }

  delete(resource: ResourceType, namespace: string | undefined, name: string): KubeObject | undefined {
    const key = objectKey(namespace, name);
    const table = this.objects.get(resource);
    const previous = table?.get(key);
    if (!table || !previous) return undefined;
    table.delete(key);
    this.sortedKeys.delete(resource);
    const revision = ++this.revisionCounter;
    // As in etcd-backed watches, the DELETED object carries the revision of its deletion.
    const removed: KubeObject = { ...previous, metadata: { ...previous.metadata, resourceVersion: String(revision) } };
    this.record({ type: 'DELETED', resource, object: removed, previous, revision });
    return removed;
  }

  /** Changes after `revision`, oldest first. Throws ExpiredError when some of them were compacted away. */
  eventsSince(revision: number): StoreEvent[] {
    if (revision < this.compacted) throw new ExpiredError(revision, this.compacted + 1);
    const result: StoreEvent[] = [];
    for (let index = this.history.length - 1; index >= this.historyHead; index--) {
      const event = this.history[index]!;
      if (event.revision <= revision) break;
      result.push(event);
    }
    return result.reverse();
  }

  /** Forgets every change so far, as an etcd compaction does: older resourceVersions become 410 Expired. */
  compact(): void {
    this.history.length = 0;
    this.historyHead = 0;
    this.compacted = this.revisionCounter;
  }

  subscribe(listener: (event: StoreEvent) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private keysOf(resource: ResourceType, table: Map<string, KubeObject>): string[] {
    let keys = this.sortedKeys.get(resource);
    if (!keys) {
      keys = [...table.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.sortedKeys.set(resource, keys);
    }
    return keys;
  }

  private record(event: StoreEvent): void {
    this.history.push(event);
    if (this.history.length - this.historyHead > this.historyLimit) {
      this.compacted = this.history[this.historyHead]!.revision;
      this.historyHead++;
      // Drop the consumed prefix now and then instead of shifting on every event.
      if (this.historyHead > this.historyLimit) {
        this.history.splice(0, this.historyHead);
        this.historyHead = 0;
      }
    }
    for (const listener of [...this.listeners]) listener(event);
  }
}
