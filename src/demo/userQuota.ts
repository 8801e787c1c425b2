/**
 * What the users' writes may add to the demo: a count per kind and a total of bytes. Only objects created
 * through the API count; the Pods, ReplicaSets and Events the controllers make have their own bounds (the
 * replicas cap, the simulation's Pod cap), so a fan-out never uses up the user's room.
 */
import { qualifiedResource, type KubeObject, type ResourceType } from './resources';
import { ApiError } from './status';
import type { ObjectStore } from './store';

/** Objects the users may add per kind, and namespaces: the simulation runs every one of them on this machine. */
export const MAX_USER_OBJECTS_PER_KIND = 2_000;
export const MAX_USER_NAMESPACES = 100;
/** All the objects users add, in bytes of JSON: 2,000 objects of 1.5 MiB per kind would not fit in memory. */
export const MAX_USER_BYTES = 256 * 1024 * 1024;

export class UserQuota {
  /** uid → stored bytes, per kind, of the objects created through the API and not yet deleted. */
  private readonly created = new Map<ResourceType, Map<string, number>>();
  private totalBytes = 0;

  constructor(store: ObjectStore) {
    // Deletions come from the API, the namespace controller and the garbage collector alike: the store sees them all.
    store.subscribe((event) => {
      if (event.type === 'DELETED') this.forget(event.resource, event.object.metadata.uid);
    });
  }

  /** Throws 403 when creating `object` (of `bytes`) would pass a cap; `replacing` is the stored version an update replaces. */
  check(resource: ResourceType, object: KubeObject, bytes: number, replacing?: KubeObject): void {
    const owned = this.created.get(resource);
    const previousBytes = replacing ? (owned?.get(replacing.metadata.uid ?? '') ?? 0) : 0;
    if (!replacing) {
      const cap = resource.plural === 'namespaces' ? MAX_USER_NAMESPACES : MAX_USER_OBJECTS_PER_KIND;
      if ((owned?.size ?? 0) >= cap)
        throw forbidden(resource, object, `the demo cluster holds at most ${cap} ${resource.plural} besides its own; delete some first`);
    } else if (previousBytes === 0) {
      return; // the cluster's own objects, or ones the controllers made: not the user's to account for
    }
    if (this.totalBytes - previousBytes + bytes > MAX_USER_BYTES) {
      throw forbidden(
        resource,
        object,
        `the objects users add to the demo cluster may hold at most ${MAX_USER_BYTES / 1024 / 1024} MiB in all; delete some first`,
      );
    }
  }

  /** Records a stored create (or an update of an object the user created). */
  record(resource: ResourceType, object: KubeObject, bytes: number, created: boolean): void {
    const uid = object.metadata.uid ?? '';
    let owned = this.created.get(resource);
    if (!created && !owned?.has(uid)) return;
    if (!owned) this.created.set(resource, (owned = new Map()));
    this.totalBytes += bytes - (owned.get(uid) ?? 0);
    owned.set(uid, bytes);
  }

  private forget(resource: ResourceType, uid: string | undefined): void {
    const owned = this.created.get(resource);
    const bytes = owned?.get(uid ?? '');
    if (bytes === undefined) return;
    owned!.delete(uid!);
    this.totalBytes -= bytes;
  }
}

function forbidden(resource: ResourceType, object: KubeObject, reason: string): ApiError {
  const name = object.metadata.name;
  return new ApiError(403, 'Forbidden', `${qualifiedResource(resource)} "${name}" is forbidden: ${reason}`, {
    name,
    ...(resource.group ? { group: resource.group } : {}),
    kind: resource.plural,
  });
}
