/**
 * What a provenance needs from the cluster beyond the live object: a server-side dry run of the manifest (what
 * kube-apiserver's defaulting and admission add to it), the cluster's mutating webhooks, and, for a scale
 * target's replicas, the namespace's HorizontalPodAutoscalers. Every read that fails says why instead.
 */
import type { ClusterRead, ProvenanceEvidence } from '../fields/provenance';
import type { PathSegment } from '../yaml/yamlPath';
import { errorMessage } from '../util/errors';
import { applyRequest, FIELD_MANAGER, resolveTargets, type WriteApi } from './applyManifest';
import type { ApiDiscovery } from './discovery';
import { isRecord } from './manifestObjects';

export interface ProvenanceQuestion {
  readonly kind: string;
  readonly apiVersion: string;
  readonly name: string;
  /** Where the object is (the manifest's, else the context's namespace); undefined for cluster-scoped kinds. */
  readonly namespace?: string;
  /** Path from the object of the field asked about. */
  readonly path: readonly PathSegment[];
  /** The manifest's object; leave out for a live document (nothing to dry-run: it is the live object). */
  readonly manifest?: unknown;
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

/** Asks the cluster; the dry run is a server-side apply under the product's field manager, forced, storing nothing. */
export async function provenanceEvidence(api: WriteApi, question: ProvenanceQuestion): Promise<ProvenanceEvidence> {
  const replicas = question.path.length === 2 && question.path[0] === 'spec' && question.path[1] === 'replicas';
  const [dryRun, webhooks, autoscalers] = await Promise.all([
    question.manifest === undefined
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

async function dryRunOf(api: WriteApi, question: ProvenanceQuestion): Promise<DryRunAnswer> {
  if (!isRecord(question.manifest)) return { answer: { state: 'failed', reason: 'the manifest is not an object' } };
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
          body: question.manifest,
        },
      ],
      {
        ...(question.namespace !== undefined && { defaultNamespace: question.namespace }),
        ...(question.discovery && { discovery: question.discovery }),
      },
    );
    // Forced: fields other managers own would otherwise refuse it, and nothing is stored either way.
    const object = await applyRequest(api, target!, { dryRun: true, force: true });
    return { answer: { state: 'answered', object }, resource: target!.resource.plural };
  } catch (error) {
    return { answer: { state: 'failed', reason: errorMessage(error) } };
  }
}
