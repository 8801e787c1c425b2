/**
 * The Events of the traced objects, kept while tracing: the cluster deletes each Event an hour after its last
 * occurrence (kube-apiserver's --event-ttl), so a trace keeps its own copy. Bounded twice: a ring of the newest
 * Events per object, and a cap on the objects remembered (the oldest forgotten first).
 */
import type { TraceEvent } from './objects';

export const DEFAULT_EVENTS_PER_OBJECT = 64;
export const DEFAULT_MAX_OBJECTS = 2_000;

export class EventRing {
  /** Per involved object uid, its Events by Event uid, oldest first (a Map keeps insertion order). */
  private readonly byObject = new Map<string, Map<string, TraceEvent>>();
  private total = 0;
  private arrivals = 0;

  constructor(
    private readonly perObject = DEFAULT_EVENTS_PER_OBJECT,
    private readonly maxObjects = DEFAULT_MAX_OBJECTS,
  ) {}

  /** Records an Event, or its newer count and time; returns true when it is new or changed. */
  record(event: TraceEvent): boolean {
    if (!event.involvedUid || !event.uid) return false;
    let events = this.byObject.get(event.involvedUid);
    if (!events) {
      if (this.byObject.size >= this.maxObjects) this.forgetOldestObject();
      events = new Map();
      this.byObject.set(event.involvedUid, events);
    }
    const known = events.get(event.uid);
    if (known && known.count === event.count && known.lastTime === event.lastTime && known.message === event.message) return false;
    // A repeat moves to the newest end, so the ring drops what happened longest ago.
    if (known) events.delete(event.uid);
    else this.total++;
    // The order of arrival breaks ties between Events recorded in the same second (a watch delivers them in order).
    events.set(event.uid, { ...event, arrival: ++this.arrivals });
    if (events.size > this.perObject) {
      events.delete(events.keys().next().value!);
      this.total--;
    }
    return true;
  }

  eventsOf(uid: string): readonly TraceEvent[] {
    const events = this.byObject.get(uid);
    return events ? [...events.values()] : [];
  }

  /** The Events about an object by kind and name, whatever its uid (a Pod gone before the trace began is known by name). */
  eventsNamed(kind: string, name: string): readonly TraceEvent[] {
    const found: TraceEvent[] = [];
    for (const events of this.byObject.values())
      for (const event of events.values()) if (event.involvedKind === kind && event.involvedName === name) found.push(event);
    return found;
  }

  /** Every Event kept, oldest object first (what a saved trace keeps). */
  all(): TraceEvent[] {
    return [...this.byObject.values()].flatMap((events) => [...events.values()]);
  }

  get size(): number {
    return this.total;
  }

  private forgetOldestObject(): void {
    const oldest = this.byObject.keys().next().value;
    if (oldest === undefined) return;
    this.total -= this.byObject.get(oldest)!.size;
    this.byObject.delete(oldest);
  }
}
