/**
 * A suggested placement change as an edit of the manifest: a few JSON Patch operations (RFC 6902) on the Pod
 * spec, under spec.template.spec for a workload. The same operations apply to a plain object (what `kubectl
 * patch --type json` would send) and to the YAML of a manifest in the editor (manifestEdit.ts).
 */
import { type Loose, podRequests } from './objects';
import { formatAmount } from './quantity';
import type { PlacementChange } from './suggest';
import type { EditOperation, EditPath } from '../yaml/manifestEdit';

export type { EditOperation, EditPath } from '../yaml/manifestEdit';

/** Where the Pod spec sits in each kind that makes Pods. */
export const podSpecPaths: Readonly<Record<string, EditPath>> = {
  Pod: ['spec'],
  Deployment: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  ReplicationController: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

const record = (value: unknown): Loose => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An operation's path as a JSON pointer ("/spec/nodeSelector/disktype", "~1" for a slash in a key). */
export const jsonPointer = (path: EditPath) => path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The operations as `kubectl patch --type json` takes them. */
export const jsonPatchText = (operations: readonly EditOperation[]) =>
  JSON.stringify(operations.map((operation) => ({ ...operation, path: jsonPointer(operation.path) })));

/** A copy of `object` with the operations applied (they come from podSpecEdit: every parent exists). */
export function applyEdit(object: unknown, operations: readonly EditOperation[]): unknown {
  const copy = structuredClone(object);
  for (const operation of operations) {
    let parent: unknown = copy;
    for (const part of operation.path.slice(0, -1)) parent = (parent as Loose)[part as string];
    const last = operation.path[operation.path.length - 1]!;
    if (Array.isArray(parent)) {
      if (operation.op === 'remove') parent.splice(Number(last), 1);
      else if (last === '-') parent.push(operation.value);
      else if (operation.op === 'add') parent.splice(Number(last), 0, operation.value);
      else parent[Number(last)] = operation.value;
    } else if (operation.op === 'remove') delete (parent as Loose)[last];
    else (parent as Loose)[last] = operation.value;
  }
  return copy;
}

/** The one container whose request can carry a lower Pod request, and its new amount; undefined when none can. */
function lowerableContainer(spec: Loose, change: Extract<PlacementChange, { kind: 'lowerRequest' }>) {
  const containers = list(spec.containers);
  const amounts = containers.map((container) => podRequests({ containers: [container] })[change.resource] ?? 0);
  // Only when the Pod's request is its containers' sum (no init container or overhead decides it).
  if ((podRequests(spec)[change.resource] ?? 0) !== amounts.reduce((sum, amount) => sum + amount, 0)) return undefined;
  const largest = amounts.indexOf(Math.max(...amounts));
  const amount = amounts[largest]! - (change.from - change.to);
  return largest >= 0 && amount > 0 ? { index: largest, amount } : undefined;
}

/**
 * The edit of a Pod spec (under `prefix`) that makes one change, or undefined when the change is not this Pod's
 * (a host port another Pod holds) or no single edit makes it (a request an init container decides).
 */
function editFor(spec: Loose, change: PlacementChange, prefix: EditPath): EditOperation[] | undefined {
  switch (change.kind) {
    case 'tolerate':
      return Array.isArray(spec.tolerations)
        ? [{ op: 'add', path: [...prefix, 'tolerations', '-'], value: change.toleration }]
        : [{ op: 'add', path: [...prefix, 'tolerations'], value: [change.toleration] }];
    case 'dropNodeSelector':
      return [{ op: 'remove', path: [...prefix, 'nodeSelector', change.key] }];
    case 'changeNodeSelector':
      return [{ op: 'replace', path: [...prefix, 'nodeSelector', change.key], value: change.value }];
    case 'dropNodeAffinity':
      return [{ op: 'remove', path: [...prefix, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution'] }];
    case 'lowerRequest': {
      const target = lowerableContainer(spec, change);
      if (!target) return undefined;
      const container = record(list(spec.containers)[target.index]);
      const quantity = formatAmount(change.resource, target.amount);
      const at = [...prefix, 'containers', target.index, 'resources'];
      if (!container.resources) return [{ op: 'add', path: at, value: { requests: { [change.resource]: quantity } } }];
      const requests = record(container.resources).requests;
      if (!requests) return [{ op: 'add', path: [...at, 'requests'], value: { [change.resource]: quantity } }];
      return [
        {
          op: Object.hasOwn(record(requests), change.resource) ? 'replace' : 'add',
          path: [...at, 'requests', change.resource],
          value: quantity,
        },
      ];
    }
    case 'freeHostPort':
      return undefined;
    case 'dropAntiAffinity':
      return [
        { op: 'remove', path: [...prefix, 'affinity', 'podAntiAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', change.index] },
      ];
    case 'raiseMaxSkew':
      return [{ op: 'replace', path: [...prefix, 'topologySpreadConstraints', change.index, 'maxSkew'], value: change.to }];
    case 'spreadScheduleAnyway':
      return [
        { op: 'replace', path: [...prefix, 'topologySpreadConstraints', change.index, 'whenUnsatisfiable'], value: 'ScheduleAnyway' },
      ];
  }
}

/**
 * The edit of a manifest object (a Pod, or a workload whose Pod template is edited) that makes the changes;
 * undefined when one of them is not an edit of this object. Several changes are edited one after the other, so
 * two tolerations both land.
 */
export function podSpecEdit(object: unknown, changes: readonly PlacementChange[]): EditOperation[] | undefined {
  const kind = record(object).kind;
  const prefix = typeof kind === 'string' ? podSpecPaths[kind] : undefined;
  if (!prefix) return undefined;
  const operations: EditOperation[] = [];
  let current = object;
  for (const change of changes) {
    let spec: unknown = current;
    for (const part of prefix) spec = record(spec)[part as string];
    const edit = editFor(record(spec), change, prefix);
    if (!edit) return undefined;
    operations.push(...edit);
    current = applyEdit(current, edit);
  }
  return operations;
}

/**
 * The object a suggestion edits for a Pod in the cluster: the Pod itself, or, when a workload made it, that
 * workload's Pod template (see readTemplateOwner), where the change has to go to stay.
 */
export function editedObjectOf(
  podObject: unknown,
  controller: { readonly kind: string; readonly name: string } | null,
): {
  object: unknown;
  name: string;
} {
  const metadata = record(record(podObject).metadata);
  if (!controller || !podSpecPaths[controller.kind])
    return { object: { ...record(podObject), kind: 'Pod' }, name: `Pod ${String(metadata.name ?? '')}` };
  const template = { template: { spec: record(podObject).spec } };
  return {
    object: { kind: controller.kind, spec: controller.kind === 'CronJob' ? { jobTemplate: { spec: template } } : template },
    name: `${controller.kind} ${controller.name}`,
  };
}
