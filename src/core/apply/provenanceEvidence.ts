/**
 * What a provenance needs from the cluster beyond the live object: a server-side dry run of the manifest (what
 * kube-apiserver's defaulting and admission add to it), the cluster's mutating webhooks, and, for a scale
 * target's replicas, the namespace's HorizontalPodAutoscalers. Every read that fails says why instead.
 */
import type { ClusterRead, ProvenanceEvidence } from '../fields/provenance';
import type { PathSegment } from '../yaml/yamlPath';
import { errorMessage } from '../util/errors';
import { FIELD_MANAGER, resolveTargets, targetName, type WriteApi } from './applyManifest';
import type { ApiDiscovery } from '../kube/discovery';
import { isRecord } from './manifestObjects';

export interface ProvenanceQuestion {
  readonly kind: string;
  readonly apiVersion: string;
  readonly name: string;
  /** Where the object is (the manifest's, else the context's namespace); undefined for cluster-scoped kinds. */
  readonly namespace?: string;
  /** Path from the object of the field asked about. */
  readonly path: readonly PathSegment[];
  /** The manifest's object; leave out for a live document. */
  readonly manifest?: unknown;
  /** For a live document (no manifest): the live object, dry-run without the field asked about. */
  readonly live?: unknown;
  readonly discovery?: ApiDiscovery;
  /** Why the manifest is not dry-run (an untrusted workspace sends no writes, not even a dry run); it is when left out. */
  readonly noDryRun?: string;
}

const WEBHOOKS_PATH = '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations';

async function listItems(api: Pick<WriteApi, 'getJson'>, path: string, what: string): Promise<ClusterRead<unknown>> {
  try {
    const list = await api.getJson(path, what);
    return { state: 'read', items: isRecord(list) && Array.isArray(list.items) ? list.items : [] };
  } catch (error) {
    return { state: 'unreadable', reason: errorMessage(error) };
  }
}

/** Asks the cluster; the dry run is a create under the product's field manager, storing nothing. */
export async function provenanceEvidence(api: WriteApi, question: ProvenanceQuestion): Promise<ProvenanceEvidence> {
  const replicas = question.path.length === 2 && question.path[0] === 'spec' && question.path[1] === 'replicas';
  const [dryRun, webhooks, autoscalers] = await Promise.all([
    question.manifest === undefined && question.live === undefined
      ? undefined
      : question.noDryRun !== undefined
        ? Promise.resolve<DryRunAnswer>({ answer: { state: 'failed', reason: question.noDryRun } })
        : dryRunOf(api, question),
    listItems(api, WEBHOOKS_PATH, 'MutatingWebhookConfigurations'),
    replicas && question.namespace
      ? listItems(
          api,
          `/apis/autoscaling/v1/namespaces/${encodeURIComponent(question.namespace)}/horizontalpodautoscalers`,
          'HorizontalPodAutoscalers',
        )
      : undefined,
  ]);
  return {
    ...(question.manifest !== undefined && { manifest: question.manifest }),
    ...(dryRun && { dryRun: dryRun.answer }),
    ...(dryRun?.resource && { resource: dryRun.resource }),
    webhooks,
    ...(autoscalers && { autoscalers }),
    yourManagers: [FIELD_MANAGER],
  };
}

interface DryRunAnswer {
  readonly answer: NonNullable<ProvenanceEvidence['dryRun']>;
  /** The object's resource (plural), from discovery. */
  readonly resource?: string;
}

/** Written by the server, not by whoever sends the object: a new object carries none of it. */
const SERVER_METADATA = ['uid', 'resourceVersion', 'creationTimestamp', 'generation', 'managedFields', 'selfLink', 'deletionTimestamp'];

/**
 * The object as a new one of the same kind and namespace: the server's bookkeeping and status gone, and a
 * generated name (a dry-run create of a name that exists is refused as AlreadyExists).
 */
function asNewObject(object: Record<string, unknown>, name: string): Record<string, unknown> {
  const copy = structuredClone(object);
  delete copy.status;
  const metadata = isRecord(copy.metadata) ? copy.metadata : {};
  for (const key of SERVER_METADATA) delete metadata[key];
  delete metadata.name;
  copy.metadata = { ...metadata, generateName: `${name.slice(0, 50)}-` };
  return copy;
}

/** `object` without the value at `path` (a list item is taken out of its list). */
function without(object: Record<string, unknown>, path: readonly PathSegment[]): Record<string, unknown> {
  const copy = structuredClone(object);
  let parent: unknown = copy;
  for (const segment of path.slice(0, -1)) {
    parent = isRecord(parent) || Array.isArray(parent) ? (parent as Record<string | number, unknown>)[segment] : undefined;
  }
  const last = path[path.length - 1];
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else if (isRecord(parent) && last !== undefined) delete parent[String(last)];
  return copy;
}

/**
 * What kube-apiserver would store if the manifest's object (or the live object without the field) were created
 * now: a dry-run create, so that its defaulting and admission act on exactly what was sent. A dry run of an
 * apply would merge into the live object, where every value the server once filled in is already.
 */
async function dryRunOf(api: WriteApi, question: ProvenanceQuestion): Promise<DryRunAnswer> {
  const withoutField = question.manifest === undefined;
  const source = withoutField ? question.live : question.manifest;
  if (!isRecord(source)) return { answer: { state: 'failed', reason: 'the object is not a map' } };
  const body = asNewObject(withoutField ? without(source, question.path) : source, question.name);
  try {
    const [target] = await resolveTargets(
      api,
      [
        {
          document: 1,
          line: 1,
          apiVersion: question.apiVersion,
          kind: question.kind,
          name: question.name,
          ...(question.namespace !== undefined && { namespace: question.namespace }),
          body,
        },
      ],
      {
        ...(question.namespace !== undefined && { defaultNamespace: question.namespace }),
        ...(question.discovery && { discovery: question.discovery }),
      },
    );
    const collection = target!.path.slice(0, target!.path.lastIndexOf('/'));
    const object = await api.write(
      'POST',
      collection,
      `${targetName(target!)} (dry run)`,
      { json: target!.body, contentType: 'application/json' },
      { fieldManager: FIELD_MANAGER, dryRun: true },
    );
    return { answer: { state: 'answered', object, ...(withoutField && { withoutField }) }, resource: target!.resource.plural };
  } catch (error) {
    return { answer: { state: 'failed', reason: errorMessage(error) } };
  }
}
