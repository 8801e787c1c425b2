/**
 * What a server-side apply does with each field of a manifest: the fields the product's field manager will own,
 * the fields another manager owns with another value (a conflict, which Apply with Force takes over), the fields a
 * controller keeps writing (the manifest's value will not hold), and the fields the manager applied before and now
 * leaves out (removed, unless another manager owns them too).
 *
 * The server's own answers come first: the dry run's 409 lists each conflicting field and its manager, and the
 * dry run's object (forced, when there is a conflict) carries the managedFields the apply would leave. Where the
 * server gave no such answer, the live object's managedFields are read the way the server reads them.
 */
import { fieldsV1Paths } from '../fields/managedFields';
import type { StatusCause } from '../kube/kubeApi';
import { isRecord } from './manifestObjects';

/** A field as fieldsV1 names it: `f:spec`, `k:{"name":"web"}`, `v:"x"`, `i:0`, and `.` for an item itself. */
type FieldTokens = readonly string[];

/** The manager kube-apiserver records the fields of an object under when it has no managedFields at its first apply. */
export const BEFORE_FIRST_APPLY = 'before-first-apply';

/** The manager client-side `kubectl apply` writes under, and the annotation it keeps the applied object in. */
export const CLIENT_SIDE_APPLY_MANAGER = 'kubectl-client-side-apply';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

interface ManagerSet {
  readonly manager: string;
  readonly operation: string;
  readonly apiVersion?: string;
  readonly subresource?: string;
  readonly paths: readonly FieldTokens[];
}

export interface FieldConflict {
  /** As the server prints it: `.spec.template.spec.containers[name="web"].image`. */
  readonly field: string;
  readonly manager: string;
  /** The value in the cluster now; absent when it could not be found. */
  readonly live?: unknown;
  /** The manifest's value. */
  readonly yours?: unknown;
}

/** Who writes a field again after the apply, whatever the manifest says. */
export type FieldWriter =
  | {
      readonly kind: 'autoscaler';
      readonly name: string;
      readonly minReplicas?: number;
      readonly maxReplicas?: number;
    }
  | { readonly kind: 'deployment-controller' }
  | { readonly kind: 'rollout-restart' };

export interface ControlledField {
  readonly field: string;
  readonly yours: unknown;
  readonly writer: FieldWriter;
}

export interface RemovedField {
  readonly field: string;
  /** The value in the cluster now. */
  readonly value?: unknown;
  /** Other managers that own it too: it stays, no longer yours. Empty: the apply removes it (or resets it). */
  readonly keptBy: readonly string[];
  /** The dry run's value, when the server resets the field to its default instead of removing it. */
  readonly resetTo?: unknown;
}

/**
 * How the object came to be as it is: new; applied by this manager before; written by client-side
 * `kubectl apply`; with no managedFields at all (its first server-side apply records its fields under
 * before-first-apply); or written by others only.
 */
export type OwnershipHistory = 'new' | 'yours' | 'client-side-apply' | 'no-managed-fields' | 'others';

export interface FieldOwnership {
  readonly manager: string;
  readonly history: OwnershipHistory;
  /** The fields the manager will own (printed); undefined when the server gave no answer to read them from. */
  readonly owned?: readonly string[];
  /** Fields owned together with other managers that set the same value. */
  readonly shared: readonly { readonly manager: string; readonly fields: readonly string[] }[];
  readonly conflicts: readonly FieldConflict[];
  /** server: the conflicts are the dry run's 409; managed-fields: computed from the live managedFields. */
  readonly conflictSource: 'server' | 'managed-fields';
  /** What Apply with Force takes, manager by manager: from the forced dry run's managedFields where there is one. */
  readonly takeovers: readonly { readonly manager: string; readonly fields: readonly FieldConflict[] }[];
  readonly notHolding: readonly ControlledField[];
  readonly removed: readonly RemovedField[];
}

export interface OwnershipInput {
  /** The field manager the apply is made under. */
  readonly manager: string;
  /** The manifest's object as sent. */
  readonly body: Record<string, unknown>;
  readonly live?: Record<string, unknown>;
  /** The dry run's object (forced when the unforced one conflicted); undefined when the server gave none. */
  readonly stored?: Record<string, unknown>;
  /** The causes of the unforced dry run's 409, when it conflicted. */
  readonly conflictCauses?: readonly StatusCause[];
  /** HorizontalPodAutoscalers of the object's namespace (in the cluster and in the manifest). */
  readonly autoscalers?: readonly Autoscaler[];
}

export function fieldOwnership(input: OwnershipInput): FieldOwnership {
  const { manager, body, live, stored } = input;
  const liveSets = live ? managerSets(live) : [];
  const storedSets = stored ? managerSets(stored) : undefined;
  const mine = (sets: readonly ManagerSet[] | undefined) =>
    sets?.find((set) => set.manager === manager && set.operation === 'Apply' && !set.subresource);
  const history: OwnershipHistory = !live
    ? 'new'
    : liveSets === undefined
      ? 'no-managed-fields'
      : mine(liveSets)
        ? 'yours'
        : liveSets.some((set) => set.manager === CLIENT_SIDE_APPLY_MANAGER) && lastApplied(live) !== undefined
          ? 'client-side-apply'
          : 'others';

  const serverConflicts = input.conflictCauses ? conflictsFromCauses(input.conflictCauses, body, live) : [];
  const conflicts = serverConflicts.length > 0 ? serverConflicts : conflictsFromManagedFields(manager, body, live, liveSets ?? []);
  const ownedPaths = mine(storedSets)?.paths.filter((path) => path.at(-1) !== '.');
  const owned = ownedPaths?.map(printedPath);

  const shared = new Map<string, string[]>();
  if (ownedPaths && storedSets) {
    for (const set of storedSets) {
      if (set.manager === manager || set.subresource === 'status') continue;
      const theirs = new Set(set.paths.map(keyOf));
      for (const path of ownedPaths) if (theirs.has(keyOf(path))) add(shared, set.manager, printedPath(path));
    }
  }

  return {
    manager,
    history,
    ...(owned && { owned }),
    shared: [...shared].map(([name, fields]) => ({ manager: name, fields: unique(fields) })),
    conflicts,
    conflictSource: serverConflicts.length > 0 ? 'server' : 'managed-fields',
    takeovers: takeoversOf(conflicts, live, liveSets ?? [], storedSets, new Set(ownedPaths?.map(keyOf))),
    notHolding: controlledFields(body, input.autoscalers ?? []),
    removed: removedFields(manager, body, live, stored, liveSets ?? [], storedSets),
  };
}

/** The manager a 409's cause names: `conflict with "kubectl-client-side-apply" using apps/v1`. */
export function causeManager(cause: StatusCause): string | undefined {
  const quoted = /conflict with ("(?:[^"\\]|\\.)*")/.exec(cause.message ?? '')?.[1];
  if (!quoted) return undefined;
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

function conflictsFromCauses(
  causes: readonly StatusCause[],
  body: Record<string, unknown>,
  live: Record<string, unknown> | undefined,
): FieldConflict[] {
  const conflicts: FieldConflict[] = [];
  for (const cause of causes) {
    const manager = causeManager(cause);
    if (cause.field === undefined || manager === undefined) continue;
    const now = live ? valueAtPrinted(live, cause.field) : { found: false };
    const yours = valueAtPrinted(body, cause.field);
    conflicts.push({
      field: cause.field,
      manager,
      ...(now.found && { live: now.value }),
      ...(yours.found && { yours: yours.value }),
    });
  }
  return conflicts;
}

/** As the server decides: a field another manager owns that the manifest sets to another value. */
function conflictsFromManagedFields(
  manager: string,
  body: Record<string, unknown>,
  live: Record<string, unknown> | undefined,
  sets: readonly ManagerSet[],
): FieldConflict[] {
  if (!live) return [];
  const conflicts: FieldConflict[] = [];
  for (const set of sets) {
    if ((set.manager === manager && set.operation === 'Apply') || set.subresource === 'status') continue;
    for (const path of set.paths) {
      if (path.at(-1) === '.') continue;
      const yours = valueAt(body, path, true);
      if (!yours.found) continue;
      const now = valueAt(live, path, false);
      if (now.found && sameValue(now.value, yours.value)) continue;
      conflicts.push({ field: printedPath(path), manager: set.manager, ...(now.found && { live: now.value }), yours: yours.value });
    }
  }
  return conflicts;
}

/**
 * Force takes from each manager what it owns in the live object and, in the forced dry run's answer, no longer
 * owns while the apply's manager does (a controller's own writes in between are not taken); without that answer,
 * the conflicting fields.
 */
function takeoversOf(
  conflicts: readonly FieldConflict[],
  live: Record<string, unknown> | undefined,
  liveSets: readonly ManagerSet[],
  storedSets: readonly ManagerSet[] | undefined,
  owned: ReadonlySet<string>,
): FieldOwnership['takeovers'] {
  const taken = new Map<string, FieldConflict[]>();
  const fromServer = new Set<string>();
  if (storedSets && owned.size > 0 && conflicts.length > 0) {
    for (const set of liveSets) {
      if (set.subresource === 'status') continue;
      const after = storedSets.find((candidate) => setKey(candidate) === setKey(set));
      const kept = new Set((after?.paths ?? []).map(keyOf));
      fromServer.add(set.manager);
      for (const path of set.paths) {
        if (path.at(-1) === '.' || kept.has(keyOf(path)) || !owned.has(keyOf(path))) continue;
        const field = printedPath(path);
        const conflict = conflicts.find((candidate) => candidate.field === field && candidate.manager === set.manager);
        const now = live ? valueAt(live, path, false) : { found: false };
        add(taken, set.manager, conflict ?? { field, manager: set.manager, ...(now.found && { live: now.value }) });
      }
    }
  }
  // A manager the live object does not list (before-first-apply is recorded during the apply itself).
  for (const conflict of conflicts) if (!fromServer.has(conflict.manager)) add(taken, conflict.manager, conflict);
  return [...taken].map(([name, fields]) => ({ manager: name, fields }));
}

function removedFields(
  manager: string,
  body: Record<string, unknown>,
  live: Record<string, unknown> | undefined,
  stored: Record<string, unknown> | undefined,
  liveSets: readonly ManagerSet[],
  storedSets: readonly ManagerSet[] | undefined,
): RemovedField[] {
  const before = liveSets.find((set) => set.manager === manager && set.operation === 'Apply' && !set.subresource);
  if (!live || !before) return [];
  const after = storedSets?.find((set) => set.manager === manager && set.operation === 'Apply' && !set.subresource);
  const stillApplied = after
    ? new Set(after.paths.map(keyOf))
    : new Set(before.paths.filter((path) => valueAt(body, withoutItself(path), true).found).map(keyOf));
  const left = before.paths.filter((path) => !stillApplied.has(keyOf(path)));
  // An item left out whole is one removal, not one per field of it.
  const items = left.filter((path) => path.at(-1) === '.').map(withoutItself);
  const removed: RemovedField[] = [];
  for (const path of left) {
    const field = withoutItself(path);
    if (path.at(-1) !== '.' && items.some((item) => item.length < field.length && item.every((token, index) => field[index] === token)))
      continue;
    const others = (storedSets ?? liveSets).filter(
      (set) => set.manager !== manager && set.subresource !== 'status' && set.paths.some((owned) => keyOf(owned) === keyOf(path)),
    );
    const now = valueAt(live, field, false);
    const keptBy = unique(others.map((set) => set.manager));
    // The dry run's answer says what happens to a field no one owns any more: gone, or back to its default.
    const then = stored && keptBy.length === 0 ? valueAt(stored, field, false) : { found: false };
    // Back to the value it has: nothing changes but who owns it, which no one does now.
    if (then.found && now.found && sameValue(then.value, now.value)) continue;
    removed.push({
      field: printedPath(field),
      ...(now.found && { value: now.value }),
      keptBy,
      ...(then.found && { resetTo: then.value }),
    });
  }
  return removed;
}

/** A HorizontalPodAutoscaler, as far as who it scales and within what. */
export interface Autoscaler {
  readonly name: string;
  readonly target: { readonly apiVersion?: string; readonly kind: string; readonly name: string };
  readonly minReplicas?: number;
  readonly maxReplicas?: number;
}

/** The HorizontalPodAutoscalers among objects (a list's items, or a manifest's bodies). */
export function autoscalersOf(objects: readonly unknown[]): Autoscaler[] {
  const found: Autoscaler[] = [];
  for (const object of objects) {
    if (!isRecord(object) || object.kind !== 'HorizontalPodAutoscaler' || !isRecord(object.metadata) || !isRecord(object.spec)) continue;
    const { name } = object.metadata;
    const { scaleTargetRef: target, minReplicas, maxReplicas } = object.spec;
    if (typeof name !== 'string' || !isRecord(target) || typeof target.kind !== 'string' || typeof target.name !== 'string') continue;
    found.push({
      name,
      target: { kind: target.kind, name: target.name, ...(typeof target.apiVersion === 'string' && { apiVersion: target.apiVersion }) },
      ...(typeof minReplicas === 'number' && { minReplicas }),
      ...(typeof maxReplicas === 'number' && { maxReplicas }),
    });
  }
  return found;
}

/** Kinds a HorizontalPodAutoscaler scales through their scale subresource, with their groups. */
const SCALABLE_KINDS: Readonly<Record<string, string>> = {
  Deployment: 'apps',
  ReplicaSet: 'apps',
  StatefulSet: 'apps',
  ReplicationController: '',
};

const groupOf = (apiVersion: unknown) => (typeof apiVersion === 'string' && apiVersion.includes('/') ? apiVersion.split('/')[0]! : '');

/** Fields the manifest sets that a controller or a command writes again: the manifest's value does not hold. */
export function controlledFields(body: Record<string, unknown>, autoscalers: readonly Autoscaler[]): ControlledField[] {
  const found: ControlledField[] = [];
  const { kind, apiVersion, metadata, spec } = body;
  const name = isRecord(metadata) ? metadata.name : undefined;
  if (typeof kind === 'string' && SCALABLE_KINDS[kind] === groupOf(apiVersion) && isRecord(spec) && spec.replicas !== undefined) {
    for (const autoscaler of autoscalers) {
      const { target } = autoscaler;
      if (target.kind !== kind || target.name !== name) continue;
      if (target.apiVersion !== undefined && groupOf(target.apiVersion) !== groupOf(apiVersion)) continue;
      const { minReplicas, maxReplicas } = autoscaler;
      found.push({
        field: '.spec.replicas',
        yours: spec.replicas,
        writer: {
          kind: 'autoscaler',
          name: autoscaler.name,
          ...(minReplicas !== undefined && { minReplicas }),
          ...(maxReplicas !== undefined && { maxReplicas }),
        },
      });
    }
  }
  if (kind === 'Deployment' && groupOf(apiVersion) === 'apps') {
    const revision = valueAtPrinted(body, '.metadata.annotations.deployment.kubernetes.io/revision');
    if (revision.found)
      found.push({
        field: '.metadata.annotations.deployment.kubernetes.io/revision',
        yours: revision.value,
        writer: { kind: 'deployment-controller' },
      });
  }
  const restartedAt = '.spec.template.metadata.annotations.kubectl.kubernetes.io/restartedAt';
  const restart = valueAtPrinted(body, restartedAt);
  if (restart.found) found.push({ field: restartedAt, yours: restart.value, writer: { kind: 'rollout-restart' } });
  return found;
}

/** The object's managedFields, entry by entry; undefined when it has none at all. */
function managerSets(object: Record<string, unknown>): ManagerSet[] | undefined {
  const metadata = isRecord(object.metadata) ? object.metadata : undefined;
  const entries = metadata?.managedFields;
  if (!Array.isArray(entries) || entries.length === 0) return undefined;
  return entries.filter(isRecord).flatMap((entry) =>
    typeof entry.manager === 'string' && (entry.fieldsType === undefined || entry.fieldsType === 'FieldsV1')
      ? [
          {
            manager: entry.manager,
            operation: typeof entry.operation === 'string' ? entry.operation : '',
            ...(typeof entry.apiVersion === 'string' && { apiVersion: entry.apiVersion }),
            ...(typeof entry.subresource === 'string' && entry.subresource !== '' && { subresource: entry.subresource }),
            paths: fieldsV1Paths(entry.fieldsV1),
          },
        ]
      : [],
  );
}

/** The object's client-side `kubectl apply` annotation, when it has one. */
export function lastApplied(object: Record<string, unknown>): string | undefined {
  const annotations = isRecord(object.metadata) ? object.metadata.annotations : undefined;
  const value = isRecord(annotations) ? annotations[LAST_APPLIED] : undefined;
  return typeof value === 'string' ? value : undefined;
}

const setKey = (set: ManagerSet) =>
  [set.manager, set.operation, set.subresource ?? '', set.operation === 'Apply' ? '' : (set.apiVersion ?? '')].join('\n');
const keyOf = (path: FieldTokens) => path.join('\n');
const withoutItself = (path: FieldTokens) => (path.at(-1) === '.' ? path.slice(0, -1) : path);
const unique = <T>(items: readonly T[]) => [...new Set(items)];

function add<T>(map: Map<string, T[]>, key: string, item: T): void {
  const items = map.get(key) ?? [];
  items.push(item);
  map.set(key, items);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A path of fieldsV1 tokens as the server prints it in a conflict: `.spec.containers[name="web"].image`. */
export function printedPath(path: FieldTokens): string {
  return path
    .map((token) => {
      if (token.startsWith('f:')) return `.${token.slice(2)}`;
      if (token.startsWith('i:')) return `[${token.slice(2)}]`;
      if (token.startsWith('v:')) return `[=${JSON.stringify(parseJson(token.slice(2)))}]`;
      if (token.startsWith('k:')) {
        const keys = parseJson(token.slice(2));
        if (!isRecord(keys)) return `[${token.slice(2)}]`;
        return `[${Object.entries(keys)
          .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
          .join(',')}]`;
      }
      return '';
    })
    .join('');
}

function sameScalar(a: unknown, b: unknown): boolean {
  return (
    a === b ||
    ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string') && String(a) === String(b))
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (sameScalar(a, b)) return true;
  if (isRecord(a) && isRecord(b))
    return Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => key in b && sameValue(a[key], b[key]));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  return false;
}

/**
 * The value at a path of fieldsV1 tokens. `lenientKeys`: a manifest's list item may leave out a key field the
 * server defaults (a port's protocol), so a missing key field matches.
 */
function valueAt(object: unknown, path: FieldTokens, lenientKeys: boolean): { found: boolean; value?: unknown } {
  let node: unknown = object;
  for (const token of path) {
    if (token === '.') break;
    if (token.startsWith('f:')) {
      const key = token.slice(2);
      if (!isRecord(node) || !(key in node)) return { found: false };
      node = node[key];
    } else if (token.startsWith('k:')) {
      const keys = parseJson(token.slice(2));
      if (!Array.isArray(node) || !isRecord(keys)) return { found: false };
      node = node.find(
        (item) =>
          isRecord(item) &&
          Object.entries(keys).every(([name, value]) => (lenientKeys && !(name in item)) || sameScalar(item[name], value)),
      );
    } else if (token.startsWith('v:')) {
      const value = parseJson(token.slice(2));
      node = Array.isArray(node) ? node.find((item) => sameValue(item, value)) : undefined;
    } else if (token.startsWith('i:')) {
      node = Array.isArray(node) ? node[Number(token.slice(2))] : undefined;
    } else {
      return { found: false };
    }
    if (node === undefined) return { found: false };
  }
  return { found: true, value: node };
}

/**
 * The value at a path as the server prints it. A map key may hold dots (`.metadata.annotations.example.com/x`),
 * so each `.name` is matched against the keys the map has, longest first.
 */
export function valueAtPrinted(object: unknown, printed: string): { found: boolean; value?: unknown } {
  if (printed === '') return { found: true, value: object };
  if (printed.startsWith('.')) {
    if (!isRecord(object)) return { found: false };
    const rest = printed.slice(1);
    const keys = Object.keys(object)
      .filter((key) => rest.startsWith(key) && (rest.length === key.length || rest[key.length] === '.' || rest[key.length] === '['))
      .sort((a, b) => b.length - a.length);
    for (const key of keys) {
      const found = valueAtPrinted(object[key], rest.slice(key.length));
      if (found.found) return found;
    }
    return { found: false };
  }
  if (printed.startsWith('[')) {
    if (!Array.isArray(object)) return { found: false };
    const parsed = parseSelector(printed);
    if (!parsed) return { found: false };
    const item =
      parsed.index !== undefined
        ? object[parsed.index]
        : parsed.value !== undefined
          ? object.find((candidate) => sameValue(candidate, parsed.value))
          : object.find(
              (candidate) =>
                isRecord(candidate) &&
                Object.entries(parsed.keys ?? {}).every(([name, value]) => !(name in candidate) || sameScalar(candidate[name], value)),
            );
    return item === undefined ? { found: false } : valueAtPrinted(item, printed.slice(parsed.length));
  }
  return { found: false };
}

/** `[name="web",port=80]`, `[=“x”]` or `[0]` at the start of `text`, with the characters it takes. */
function parseSelector(text: string): { length: number; index?: number; value?: unknown; keys?: Record<string, unknown> } | undefined {
  const index = /^\[(\d+)\]/.exec(text);
  if (index) return { length: index[0].length, index: Number(index[1]) };
  let position = 1;
  const readValue = (): unknown => {
    const start = position;
    if (text[position] === '"') {
      position++;
      while (position < text.length && text[position] !== '"') position += text[position] === '\\' ? 2 : 1;
      position++;
    } else {
      while (position < text.length && text[position] !== ',' && text[position] !== ']') position++;
    }
    return parseJson(text.slice(start, position));
  };
  if (text[position] === '=') {
    position++;
    const value = readValue();
    return text[position] === ']' ? { length: position + 1, value } : undefined;
  }
  const keys: Record<string, unknown> = {};
  while (position < text.length) {
    const equals = text.indexOf('=', position);
    if (equals < 0) return undefined;
    const name = text.slice(position, equals);
    position = equals + 1;
    keys[name] = readValue();
    if (text[position] === ']') return { length: position + 1, keys };
    if (text[position] !== ',') return undefined;
    position++;
  }
  return undefined;
}
