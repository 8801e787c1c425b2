/**
 * Applying a manifest the way `kubectl apply --server-side` does, with a look first: every object goes to
 * kube-apiserver as a server-side apply with `dryRun=All`, which runs defaulting, admission (mutating webhooks,
 * the ServiceAccount admission, …) and validation and stores nothing. What comes back, against what the manifest
 * says, is what the API server would fill in; against the live object, what the apply would change.
 */
import { APPLY_PATCH_CONTENT_TYPE, KubeApiError, type KubeApi } from '../kube/kubeApi';
import { ApiDiscovery, groupVersionPath, type ApiResource } from '../kube/discovery';
import { diffObjects, type FieldChange } from './fieldDiff';
import { isRecord, ManifestError, type ManifestObject } from './manifestObjects';
import { type Autoscaler, autoscalersOf, fieldOwnership, type FieldOwnership } from './ownership';
import { alignKeys, displayChanges, displayObject, documentsYaml, unifiedDiff } from './render';

/** The field manager the product's writes are recorded under (metadata.managedFields). */
export const FIELD_MANAGER = 'cluster-anatomy';

export interface ApplyTarget extends ManifestObject {
  readonly resource: ApiResource;
  /** Where the object lands: the manifest's namespace, else the context's; undefined for cluster-scoped kinds. */
  readonly namespace?: string;
  /** The object's REST path. */
  readonly path: string;
  /** What is sent: the manifest's object, with the namespace it lands in written in, as kubectl does. */
  readonly body: Record<string, unknown>;
}

/** `Deployment default/web`, `Namespace shop`. */
export function targetName(target: Pick<ApplyTarget, 'kind' | 'namespace' | 'name'>): string {
  return `${target.kind} ${target.namespace ? `${target.namespace}/` : ''}${target.name}`;
}

/**
 * The manifest's objects with their resources from the server's discovery, their namespaces and paths; throws a
 * ManifestError naming the line of a kind the server does not serve or does not let anyone write.
 */
export async function resolveTargets(
  api: Pick<KubeApi, 'getJson'>,
  objects: readonly ManifestObject[],
  options: { readonly defaultNamespace?: string; readonly discovery?: ApiDiscovery } = {},
): Promise<ApplyTarget[]> {
  const discovery = options.discovery ?? new ApiDiscovery(api);
  const targets: ApplyTarget[] = [];
  for (const object of objects) {
    const resource = await discovery.resourceFor(object.apiVersion, object.kind);
    const where = `document ${object.document}${object.listItem !== undefined ? `, item ${object.listItem}` : ''}`;
    if (!resource)
      throw new ManifestError(
        `The server knows no kind ${JSON.stringify(object.kind)} in ${JSON.stringify(object.apiVersion)} (${where}).`,
        object.line,
      );
    if (!resource.verbs.includes('patch')) {
      throw new ManifestError(
        `The server does not let ${resource.plural} be written by server-side apply (its verbs: ${resource.verbs.join(', ') || 'none'}) (${where}).`,
        object.line,
      );
    }
    const namespace = resource.namespaced ? (object.namespace ?? (options.defaultNamespace || 'default')) : undefined;
    const body =
      namespace === undefined || object.namespace !== undefined
        ? object.body
        : { ...object.body, metadata: { ...(object.body.metadata as Record<string, unknown>), namespace } };
    const path = `${groupVersionPath(object.apiVersion)}${namespace !== undefined ? `/namespaces/${encodeURIComponent(namespace)}` : ''}/${resource.plural}/${encodeURIComponent(object.name)}`;
    targets.push({ ...object, resource, ...(namespace !== undefined && { namespace }), path, body });
  }
  return targets;
}

/** Why an object's dry run did not answer with the object. */
export interface DryRunProblem {
  /**
   * conflict: fields another manager owns (409; an apply with force takes them over). invalid: the server refused
   * the object (400, 422; the message names the field). namespace-pending: its namespace is created by an earlier
   * object of the same manifest, which a dry run does not store, so the server could not check it: it is dry-run
   * once the namespace exists, before it is written. refused: anything else the server answered (403, …).
   */
  readonly kind: 'conflict' | 'invalid' | 'namespace-pending' | 'refused';
  readonly statusCode?: number;
  /** As the server wrote it. */
  readonly message: string;
  /** A conflict's causes as the server listed them: each field and the manager that owns it. */
  readonly causes?: KubeApiError['causes'];
}

export interface PlannedObject {
  readonly target: ApplyTarget;
  /** The object as the server holds it now; undefined when it does not exist yet. */
  readonly live?: Record<string, unknown>;
  /** What the server would store (the dry run's answer; with force when there is a conflict). */
  readonly stored?: Record<string, unknown>;
  /** The manifest against what the server would store: defaults and admission's additions and changes. */
  readonly serverFilled: readonly FieldChange[];
  /** The live object against what the server would store: what the apply changes; undefined for a new object. */
  readonly liveChanges?: readonly FieldChange[];
  readonly problem?: DryRunProblem;
  /** What the apply does with each field: owned, taken from another manager, rewritten by a controller, removed. */
  readonly ownership?: FieldOwnership;
}

export interface ApplyPlan {
  readonly objects: readonly PlannedObject[];
  /** Fields the server would add across all objects (defaults and admission). */
  readonly addedCount: number;
  /** No object was refused: the apply can be sent (with force when `needsForce`). */
  readonly canApply: boolean;
  /** Objects the server could not check before the apply: their namespace is created by the manifest. */
  readonly unchecked: readonly PlannedObject[];
  /** Some object has fields another manager owns. */
  readonly needsForce: boolean;
}

export type WriteApi = Pick<KubeApi, 'getJson' | 'write'>;

/** One server-side apply of the target under the product's field manager; with `dryRun`, nothing is stored. */
export function applyRequest(api: WriteApi, target: ApplyTarget, options: { dryRun: boolean; force: boolean }): Promise<unknown> {
  return api.write(
    'PATCH',
    target.path,
    targetName(target),
    { json: target.body, contentType: APPLY_PATCH_CONTENT_TYPE },
    {
      fieldManager: FIELD_MANAGER,
      dryRun: options.dryRun,
      force: options.force,
      fieldValidation: 'Strict',
    },
  );
}

async function readLive(api: WriteApi, target: ApplyTarget): Promise<Record<string, unknown> | undefined> {
  try {
    const live = await api.getJson(target.path, targetName(target));
    return isRecord(live) ? live : undefined;
  } catch (error) {
    if (error instanceof KubeApiError && error.kind === 'not-found') return undefined;
    throw error;
  }
}

function problemOf(error: unknown, target: ApplyTarget, earlier: readonly ApplyTarget[]): DryRunProblem {
  if (!(error instanceof KubeApiError) || error.statusCode === undefined) throw error;
  const { statusCode, message } = error;
  if (statusCode === 409) return { kind: 'conflict', statusCode, message, ...(error.causes && { causes: error.causes }) };
  if (statusCode === 400 || statusCode === 422) return { kind: 'invalid', statusCode, message };
  const createsNamespace = earlier.some(
    (other) => other.kind === 'Namespace' && other.resource.group === '' && other.name === target.namespace,
  );
  if (statusCode === 404 && createsNamespace) return { kind: 'namespace-pending', statusCode, message };
  return { kind: 'refused', statusCode, message };
}

/** Asks the server, object by object, what it would store (nothing is stored), and compares. */
export async function planApply(api: WriteApi, targets: readonly ApplyTarget[]): Promise<ApplyPlan> {
  const objects: PlannedObject[] = [];
  const autoscalers = autoscalerReader(api, targets);
  for (const [index, target] of targets.entries()) {
    const live = await readLive(api, target);
    let stored: unknown;
    let problem: DryRunProblem | undefined;
    try {
      stored = await applyRequest(api, target, { dryRun: true, force: false });
    } catch (error) {
      problem = problemOf(error, target, targets.slice(0, index));
      // What a forced apply would store, so the conflict can be judged on the diff.
      if (problem.kind === 'conflict') stored = await applyRequest(api, target, { dryRun: true, force: true }).catch(() => undefined);
    }
    const answer = isRecord(stored) ? stored : undefined;
    const ownership =
      problem?.kind === 'namespace-pending'
        ? undefined
        : fieldOwnership({
            manager: FIELD_MANAGER,
            body: target.body,
            ...(live && { live }),
            ...(answer && { stored: answer }),
            ...(problem?.causes && { conflictCauses: problem.causes }),
            autoscalers: await autoscalers(target),
          });
    objects.push({
      target,
      ...(live && { live }),
      ...(answer && { stored: answer }),
      // Compared on the real values, shown without a Secret's.
      serverFilled: answer ? displayChanges(answer, diffObjects(target.body, answer)) : [],
      ...(live && answer && { liveChanges: displayChanges(answer, diffObjects(live, answer)) }),
      ...(problem && { problem }),
      ...(ownership && { ownership }),
    });
  }
  const problems = objects.map((object) => object.problem?.kind);
  return {
    objects,
    addedCount: objects.reduce((sum, object) => sum + object.serverFilled.filter((change) => change.change === 'added').length, 0),
    canApply: !problems.includes('invalid') && !problems.includes('refused'),
    unchecked: objects.filter((object) => object.problem?.kind === 'namespace-pending'),
    needsForce: problems.includes('conflict'),
  };
}

/**
 * The HorizontalPodAutoscalers that may scale a target: the manifest's own, and the cluster's in its namespace
 * (read once per namespace, only for objects that set spec.replicas; none when the list is refused).
 */
function autoscalerReader(api: WriteApi, targets: readonly ApplyTarget[]): (target: ApplyTarget) => Promise<Autoscaler[]> {
  const listed = new Map<string, Promise<Autoscaler[]>>();
  return async (target) => {
    const spec = target.body.spec;
    if (target.namespace === undefined || !isRecord(spec) || spec.replicas === undefined) return [];
    const namespace = target.namespace;
    const inManifest = autoscalersOf(targets.filter((other) => other.namespace === namespace).map((other) => other.body));
    let inCluster = listed.get(namespace);
    if (!inCluster) {
      inCluster = api
        .getJson(`/apis/autoscaling/v1/namespaces/${encodeURIComponent(namespace)}/horizontalpodautoscalers`, 'HorizontalPodAutoscalers')
        .then((list) =>
          // A list's items carry no kind of their own.
          autoscalersOf(
            (isRecord(list) && Array.isArray(list.items) ? list.items : []).map((item: unknown) =>
              isRecord(item) ? { ...item, kind: 'HorizontalPodAutoscaler' } : item,
            ),
          ),
        )
        .catch(() => []);
      listed.set(namespace, inCluster);
    }
    const names = new Set(inManifest.map((autoscaler) => autoscaler.name));
    return [...inManifest, ...(await inCluster).filter((autoscaler) => !names.has(autoscaler.name))];
  };
}

/** The two sides of the plan as YAML: the objects as sent, and as the server would store them (keys aligned). */
export function planDocuments(
  plan: ApplyPlan,
  noAnswer: (object: PlannedObject) => string = defaultNoAnswer,
): { manifest: string; stored: string } {
  const manifest = plan.objects.map((object) => displayObject(object.target.body));
  const stored = plan.objects.map((object, index) =>
    object.stored ? alignKeys(displayObject(object.stored), manifest[index]) : undefined,
  );
  const side = (objects: readonly unknown[], fallback: (index: number) => string) =>
    objects
      .map((object, index) => (object === undefined ? `${fallback(index).replace(/[\r\n]+/g, ' ')}\n` : documentsYaml([object])))
      .join('---\n');
  return { manifest: side(manifest, () => ''), stored: side(stored, (index) => noAnswer(plan.objects[index]!)) };
}

function defaultNoAnswer(object: PlannedObject): string {
  if (object.problem?.kind === 'namespace-pending') {
    return `# ${targetName(object.target)}: not checked by kube-apiserver: its namespace ${object.target.namespace} is created by this manifest, and a dry run creates nothing`;
  }
  return `# ${targetName(object.target)}: no dry-run answer (${object.problem?.message ?? 'none'})`;
}

/** The plan as a unified diff: the manifest as sent against what kube-apiserver would store. */
export function planDiffText(plan: ApplyPlan): string {
  const { manifest, stored } = planDocuments(plan);
  return unifiedDiff(manifest, stored, { before: 'your manifest', after: 'what kube-apiserver would store (dry run)' });
}

export interface AppliedObject {
  readonly target: ApplyTarget;
  /** created: it did not exist; unchanged: what the server answered is what it held at the dry run. */
  readonly outcome: 'created' | 'configured' | 'unchanged';
  readonly stored: Record<string, unknown>;
}

export interface ApplyFailure {
  readonly target: ApplyTarget;
  readonly statusCode?: number;
  /** 409: fields another manager owns; applying again with force takes them over. */
  readonly conflict: boolean;
  /** As the server wrote it. */
  readonly message: string;
  /**
   * The object could not be checked before the apply (its namespace is created by the manifest); its dry run,
   * once that namespace existed, refused it, and nothing after the namespace was written.
   */
  readonly checkedAfterNamespace?: boolean;
}

export interface ApplyReport {
  readonly applied: readonly AppliedObject[];
  /** The object the apply stopped at; the ones after it were not sent. */
  readonly failure?: ApplyFailure;
  /** Index in the plan of the first object not applied (the failed one): where a forced retry starts. */
  readonly next: number;
}

/**
 * The real server-side apply, object by object in the file's order (a Namespace before what goes in it), under
 * the field manager `cluster-anatomy`. Stops at the first refusal: later objects may depend on it. Objects the
 * plan could not check because their namespace did not exist are dry-run as soon as it is created, before
 * anything else is written, so a refusal among them leaves no more in the cluster than the namespace.
 */
export async function applyPlan(
  api: WriteApi,
  plan: ApplyPlan,
  options: { readonly force?: boolean; readonly from?: number } = {},
): Promise<ApplyReport> {
  const applied: AppliedObject[] = [];
  for (let index = options.from ?? 0; index < plan.objects.length; index++) {
    const { target, live } = plan.objects[index]!;
    let answer: unknown;
    try {
      answer = await applyRequest(api, target, { dryRun: false, force: options.force === true });
    } catch (error) {
      if (!(error instanceof KubeApiError) || error.statusCode === undefined) throw error;
      return {
        applied,
        failure: { target, statusCode: error.statusCode, conflict: error.statusCode === 409, message: error.message },
        next: index,
      };
    }
    const stored = isRecord(answer) ? answer : {};
    // By content, not resourceVersion: controllers write status in between, which is not the apply's doing.
    const outcome = !live ? 'created' : diffObjects(live, stored).length === 0 ? 'unchanged' : 'configured';
    applied.push({ target, outcome, stored });
    const refused = await checkObjectsIn(api, target, plan.objects.slice(index + 1), options.force === true);
    if (refused) return { applied, failure: refused, next: index + 1 };
  }
  return { applied, next: plan.objects.length };
}

/** After `namespace` is applied: the dry run of the plan's objects that waited for it; the first refusal, if any. */
async function checkObjectsIn(
  api: WriteApi,
  namespace: ApplyTarget,
  later: readonly PlannedObject[],
  force: boolean,
): Promise<ApplyFailure | undefined> {
  if (namespace.kind !== 'Namespace' || namespace.resource.group !== '') return undefined;
  for (const { target, problem } of later) {
    if (problem?.kind !== 'namespace-pending' || target.namespace !== namespace.name) continue;
    try {
      await applyRequest(api, target, { dryRun: true, force });
    } catch (error) {
      if (!(error instanceof KubeApiError) || error.statusCode === undefined) throw error;
      return {
        target,
        statusCode: error.statusCode,
        conflict: error.statusCode === 409,
        message: error.message,
        checkedAfterNamespace: true,
      };
    }
  }
  return undefined;
}

/** Kinds whose objects lead to Pods, with their groups: after an apply, these are worth following to running containers. */
const TRACEABLE_KINDS: Readonly<Record<string, string>> = {
  Deployment: 'apps',
  DaemonSet: 'apps',
  StatefulSet: 'apps',
  Job: 'batch',
  ReplicaSet: 'apps',
  Pod: '',
};

/** The first applied object whose way to running Pods can be followed. */
export function traceableObject(applied: readonly AppliedObject[]): { kind: string; namespace: string; name: string } | undefined {
  const found = applied.find(({ target }) => TRACEABLE_KINDS[target.kind] === target.resource.group && target.namespace !== undefined);
  return found && { kind: found.target.kind, namespace: found.target.namespace!, name: found.target.name };
}
