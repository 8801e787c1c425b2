/**
 * One placement question answered from the cluster, as the CLI's `placement` and the assistants' tool both ask
 * it: for a Pod in the cluster or a manifest's Pod, which nodes it fits and why not the others, what the scheduler
 * said, and what would make it fit. And the waiting Pods of some namespaces, by workload and reason.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { KubeApi } from '../kube/kubeApi';
import { hiddenPlacementReads, readPlacementState, readPodObject, readSchedulerSaid, readTemplateOwner } from './clusterRead';
import { manifestPod, type ManifestPod } from './manifestPod';
import { schedulingPodOf } from './objects';
import { explainPlacement } from './place';
import { suggestPlacement } from './suggest';
import { editedObjectOf, jsonPointer, podSpecEdit } from './suggestEdit';
import { waitingView } from './waitingGroups';
import { readWaitingPods } from './waitingRead';
import { waitingJson } from './waitingText';

/** A request the user got wrong (two Pods in a file and no line, …): the CLI says it as a usage error. */
export class PlacementRequestError extends Error {}

/**
 * The Pod of the manifest document at `line` (1-based), or of the only document that makes a Pod; `lineOption` is
 * how the asker gives a line, for the error that asks for one.
 */
export function podOfManifest(
  text: string,
  line: number | undefined,
  source: string,
  lineOption = '--line L',
): ManifestPod & { object: unknown } {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) throw new Error(`${source}: not YAML`);
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  type Candidate = { range: readonly number[]; error?: string; made?: ManifestPod & { object: unknown } };
  const candidates: Candidate[] = [];
  for (const document of documents) {
    const error = document.errors[0];
    if (error) candidates.push({ range: document.range, error: `${source}: ${error.message.split('\n')[0]}` });
    else {
      const object: unknown = document.toJS({ maxAliasCount: 100 });
      const made = manifestPod(object);
      if (made) candidates.push({ range: document.range, made: { ...made, object } });
    }
  }
  let chosen = candidates;
  if (line !== undefined) {
    const offset = lineStarts[line - 1];
    if (offset === undefined) throw new Error(`${source}: line ${line} is outside the file`);
    chosen = candidates.filter(({ range }) => range[0]! <= offset && offset <= range[2]!);
  }
  const first = chosen[0];
  if (!first)
    throw new Error(
      line !== undefined
        ? `${source}:${line}: no Pod or workload with a Pod template at this line`
        : `${source}: no Pod or workload with a Pod template`,
    );
  if (first.error) throw new Error(first.error);
  if (chosen.length > 1)
    throw new PlacementRequestError(`${source} has ${chosen.length} objects that make Pods; pick one with ${lineOption}`);
  return first.made!;
}

export interface PlacementRequest {
  readonly context: string;
  readonly config: KubeConfig;
  /** A Pod in the cluster, or a manifest's Pod (from `podOfManifest`). */
  readonly pod?: { readonly namespace: string; readonly name: string };
  readonly manifest?: ManifestPod & { object: unknown };
}

/** Everything one placement answer rests on: the CLI words it, `placementJson` gives its contract. */
export async function readPlacement(request: PlacementRequest) {
  const { context, config } = request;
  // All bound Pods of a large cluster outweigh a list's usual cap as JSON; pages are slimmed as they arrive.
  const api = new KubeApi(config, { limits: { maxListBytes: 8 * 2 ** 30 } });
  const inCluster = request.pod ? await readPodObject(api, request.pod.namespace, request.pod.name) : undefined;
  const fromFile = request.manifest;
  if (!inCluster && !fromFile) throw new PlacementRequestError('give a Pod or a manifest');
  const pod = inCluster ? inCluster.pod : schedulingPodOf(fromFile!.pod, config.getContextObject(context)?.namespace || 'default');
  const [state, said] = await Promise.all([readPlacementState(api), readSchedulerSaid(api, pod)]);
  const { nodesHidden, boundHidden } = await hiddenPlacementReads(api, state);
  const question = {
    pod,
    nodes: state.nodes,
    bound: state.bound,
    ...(state.serverMinor !== undefined && { serverMinor: state.serverMinor }),
  };
  const report = explainPlacement(question);
  // What would make it fit, when it fits no node: each change as an edit of the manifest, or of the Pod's controller.
  const suggestions = nodesHidden ? undefined : suggestPlacement(question, report);
  const suggested = suggestions && (report.feasible.length === 0 || suggestions.cannot.length > 0) ? suggestions : undefined;
  const owner = inCluster && pod.controller ? await readTemplateOwner(api, pod.namespace, pod.controller) : null;
  const edited = inCluster
    ? editedObjectOf(inCluster.object, owner)
    : { object: fromFile!.object, name: fromFile!.from ?? `Pod ${pod.name}` };
  const edits = suggested?.suggestions.map((suggestion) => podSpecEdit(edited.object, suggestion.changes));
  return { context, report, said, state, nodesHidden, boundHidden, suggested, edits, edited, fromFile };
}

export type PlacementReading = Awaited<ReturnType<typeof readPlacement>>;

/** The placement answer's JSON contract (`cluster-anatomy placement --json`). */
export function placementJson(reading: PlacementReading): unknown {
  const { context, report, said, state, nodesHidden, boundHidden, suggested, edits, edited, fromFile } = reading;
  return {
    context,
    ...report,
    schedulerSaid: said.events,
    ...(fromFile?.from && { from: fromFile.from }),
    ...(state.boundError && { boundPodsError: state.boundError }),
    ...((nodesHidden || boundHidden) && { hidden: [nodesHidden, boundHidden].filter((read) => read !== undefined) }),
    ...(suggested && {
      suggestions: suggested.suggestions.map((suggestion, index) => {
        const edit = edits![index];
        return {
          ...suggestion,
          edit: edit
            ? { of: edited.name, jsonPatch: edit.map((operation) => ({ ...operation, path: jsonPointer(operation.path) })) }
            : null,
        };
      }),
      cannotSuggest: suggested.cannot,
    }),
  };
}

/** The Pods waiting for a node in these namespaces (else the context's), one model answer per scheduling signature. */
export async function readWaiting(request: { context: string; config: KubeConfig; namespaces?: readonly string[] }) {
  const { context, config } = request;
  const api = new KubeApi(config, { limits: { maxListBytes: 8 * 2 ** 30 } });
  const namespaces = request.namespaces?.length ? [...request.namespaces] : [config.getContextObject(context)?.namespace || 'default'];
  const [read, state] = await Promise.all([readWaitingPods(api, namespaces), readPlacementState(api)]);
  const { nodesHidden, boundHidden } = await hiddenPlacementReads(api, state);
  // Both reads list all namespaces' Pods: a refusal is said once.
  const hidden = [...read.hidden, ...[nodesHidden, boundHidden].filter((entry) => entry !== undefined)].filter(
    (entry, index, all) => all.findIndex((other) => other.id === entry.id) === index,
  );
  return { context, view: waitingView(read.pods, state.nodesError === undefined ? state : null, { ...read, hidden }) };
}

/** The waiting Pods' JSON contract (`cluster-anatomy placement --pending --json`). */
export function waitingAnswerJson(reading: Awaited<ReturnType<typeof readWaiting>>): unknown {
  return waitingJson(reading.view, reading.context);
}
