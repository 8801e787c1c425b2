import { readFile, stat } from 'node:fs/promises';
import { parseAllDocuments } from 'yaml';
import { resolveClientConfig } from '../core/anatomy/snapshot';
import { KubeApi } from '../core/kube/kubeApi';
import {
  hiddenPlacementReads,
  readPlacementState,
  readPodObject,
  readSchedulerSaid,
  readTemplateOwner,
} from '../core/placement/clusterRead';
import { manifestPod, type ManifestPod } from '../core/placement/manifestPod';
import { schedulingPodOf } from '../core/placement/objects';
import { explainPlacement } from '../core/placement/place';
import { renderPlacementText } from '../core/placement/render';
import { defaultPlacementStrings } from '../core/placement/strings';
import { suggestPlacement } from '../core/placement/suggest';
import { editedObjectOf, jsonPointer, podSpecEdit } from '../core/placement/suggestEdit';
import { waitingView } from '../core/placement/waitingGroups';
import { readWaitingPods } from '../core/placement/waitingRead';
import { defaultWaitingStrings, renderWaitingText, waitingJson } from '../core/placement/waitingText';
import { MAX_MANIFEST_CHARS } from '../core/yaml/yamlPath';
import { cliCatalog, cliLanguage } from './language';
import { type CliCommand, type CliIo, EXIT_OK, namespaceOption, namespacesOf, parseCommandArgs, UsageError } from './run';

/** The Pod of the manifest document at `line` (1-based), or of the only document that makes a Pod. */
async function podOfFile(file: string, line: number | undefined): Promise<ManifestPod & { object: unknown }> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  if (!info.isFile()) throw new Error(`${file}: not a file`);
  if (info.size > MAX_MANIFEST_CHARS * 4) throw new Error(`${file}: too large (limit ${MAX_MANIFEST_CHARS} characters)`);
  const text = await readFile(file, 'utf8');
  if (text.length > MAX_MANIFEST_CHARS) throw new Error(`${file}: too large (limit ${MAX_MANIFEST_CHARS} characters)`);
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) throw new Error(`${file}: not YAML`);
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  type Candidate = { range: readonly number[]; error?: string; made?: ManifestPod & { object: unknown } };
  const candidates: Candidate[] = [];
  for (const document of documents) {
    const error = document.errors[0];
    if (error) candidates.push({ range: document.range, error: `${file}: ${error.message.split('\n')[0]}` });
    else {
      const object: unknown = document.toJS({ maxAliasCount: 100 });
      const made = manifestPod(object);
      if (made) candidates.push({ range: document.range, made: { ...made, object } });
    }
  }
  let chosen = candidates;
  if (line !== undefined) {
    const offset = lineStarts[line - 1];
    if (offset === undefined) throw new Error(`${file}: line ${line} is outside the file`);
    chosen = candidates.filter(({ range }) => range[0]! <= offset && offset <= range[2]!);
  }
  const first = chosen[0];
  if (!first)
    throw new Error(
      line !== undefined
        ? `${file}:${line}: no Pod or workload with a Pod template at this line`
        : `${file}: no Pod or workload with a Pod template`,
    );
  if (first.error) throw new Error(first.error);
  if (chosen.length > 1) throw new UsageError(`${file} has ${chosen.length} objects that make Pods; pick one with --line L`);
  return first.made!;
}

export const placementCommand: CliCommand = {
  name: 'placement',
  summary: "which nodes a Pod fits, and why not the others, by the scheduler's filters on the live cluster",
  usage: [
    'Usage: cluster-anatomy placement (--pod NAMESPACE/NAME | FILE [--line L]) [--all] [--json] [--lang en|ja]',
    '                                 [--kubeconfig FILE] [--context NAME]',
    '       cluster-anatomy placement --pending [-n NAMESPACE]... [--all] [--json] [--lang en|ja]',
    '',
    "Re-runs kube-scheduler's filters (cordon, node name, taints and tolerations, node selector and required",
    'node affinity, host ports, resources against what bound Pods request, topology spread and required',
    'inter-Pod affinity) for one Pod against every node, and says for each node the first reason it does not',
    'fit, as the scheduler counts them in FailedScheduling. For a Pod in the cluster it also prints what the',
    'scheduler last said. FILE is a manifest: a Pod, or a workload whose Pod template is judged.',
    'Scores and tie-breaks cannot be read from outside the scheduler and are never guessed. For a bound Pod it',
    'shows, node by node, the inputs the default scores weigh: the other replicas of its controller, the room',
    'left after it, its topology spread constraints and preferred affinities, and when it was bound.',
    'For a Pod that fits no node it says what would make it fit: each change (a toleration, a nodeSelector or',
    'required node affinity dropped, a lower request, a host port freed, anti-affinity or spread relaxed) is',
    'checked by re-running the filters with it, and comes with its edit as a JSON Patch of the manifest (for a',
    "Pod in the cluster, of its controller's Pod template). What the model cannot judge is said, not guessed.",
    'Needs to list Nodes and all Pods (requests, ports, labels); without the Pods, says what is unknown.',
    "--lang ja words the report in Japanese (the scheduler's own messages stay as it writes them).",
    '--pending: the Pods waiting for a node in every namespace the user may read (else in the -n namespaces,',
    "or the context's), one line per workload and reason, with the model's answer worked out once per",
    'scheduling signature; scheduling gates, PreEnqueue rejections, nominated nodes and gangs missing members',
    'are said as the server reports them, with the Kubernetes version each comes from.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        pod: { type: 'string' },
        line: { type: 'string' },
        all: { type: 'boolean' },
        json: { type: 'boolean' },
        kubeconfig: { type: 'string' },
        context: { type: 'string' },
        lang: { type: 'string' },
        pending: { type: 'boolean' },
        ...namespaceOption,
      },
      true,
    );
    if (values.pending) {
      if (values.pod !== undefined || positionals.length > 0 || values.line !== undefined)
        throw new UsageError('--pending goes without --pod, FILE or --line');
      return pendingReport(values, io);
    }
    if (values.namespace !== undefined) throw new UsageError('--namespace goes with --pending');
    const strings = cliCatalog(defaultPlacementStrings, cliLanguage(values.lang));
    if ((values.pod === undefined) === (positionals.length === 0)) throw new UsageError('give either --pod NAMESPACE/NAME or one FILE');
    if (positionals.length > 1) throw new UsageError('give exactly one FILE');
    if (values.line !== undefined && (values.pod !== undefined || !/^\d+$/.test(values.line) || Number(values.line) < 1)) {
      throw new UsageError(
        values.pod !== undefined ? '--line goes with FILE' : `--line must be a whole number from 1 (got '${values.line}')`,
      );
    }
    const podRef = values.pod === undefined ? undefined : /^([^/\s]+)\/([^/\s]+)$/.exec(values.pod);
    if (values.pod !== undefined && !podRef) throw new UsageError(`--pod must be NAMESPACE/NAME (got '${values.pod}')`);
    const fromFile =
      positionals[0] === undefined
        ? undefined
        : await podOfFile(positionals[0], values.line === undefined ? undefined : Number(values.line));

    const { context, config } = await resolveClientConfig({ kubeconfig: values.kubeconfig, context: values.context, env: io.env });
    // All bound Pods of a large cluster outweigh a list's usual cap as JSON; pages are slimmed as they arrive.
    const api = new KubeApi(config, { limits: { maxListBytes: 8 * 2 ** 30 } });
    const inCluster = podRef ? await readPodObject(api, podRef[1]!, podRef[2]!) : undefined;
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
    if (values.json) {
      io.stdout.write(
        `${JSON.stringify(
          {
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
          },
          null,
          2,
        )}\n`,
      );
    } else {
      io.stdout.write(
        renderPlacementText(
          report,
          {
            limit: values.all ? Infinity : 20,
            said,
            ...(fromFile?.from && { from: fromFile.from }),
            ...(state.boundError && { boundError: state.boundError }),
            context,
            ...(nodesHidden && { nodesHidden }),
            ...(boundHidden && { boundHidden }),
            ...(suggested && { suggestions: { result: suggested, edits: edits!, editOf: edited.name } }),
          },
          strings,
        ),
      );
      if (fromFile?.perNode)
        io.stdout.write(
          "A DaemonSet's controller makes one Pod per node and pins each to its node; this is where the template itself fits.\n",
        );
    }
    return EXIT_OK;
  },
};

/** `placement --pending`: the waiting Pods by workload and reason, one model answer per scheduling signature. */
async function pendingReport(
  values: {
    readonly namespace?: string[];
    readonly json?: boolean;
    readonly all?: boolean;
    readonly lang?: string;
    readonly kubeconfig?: string;
    readonly context?: string;
  },
  io: CliIo,
): Promise<number> {
  const strings = cliCatalog(defaultWaitingStrings, cliLanguage(values.lang));
  const { context, config } = await resolveClientConfig({ kubeconfig: values.kubeconfig, context: values.context, env: io.env });
  const api = new KubeApi(config, { limits: { maxListBytes: 8 * 2 ** 30 } });
  const namespaces = namespacesOf(values.namespace) ?? [config.getContextObject(context)?.namespace || 'default'];
  const [read, state] = await Promise.all([readWaitingPods(api, namespaces), readPlacementState(api)]);
  const { nodesHidden, boundHidden } = await hiddenPlacementReads(api, state);
  // Both reads list all namespaces' Pods: a refusal is said once.
  const hidden = [...read.hidden, ...[nodesHidden, boundHidden].filter((entry) => entry !== undefined)].filter(
    (entry, index, all) => all.findIndex((other) => other.id === entry.id) === index,
  );
  const view = waitingView(read.pods, state.nodesError === undefined ? state : null, { ...read, hidden });
  io.stdout.write(
    values.json
      ? `${JSON.stringify(waitingJson(view, context), null, 2)}\n`
      : renderWaitingText(view, { limit: values.all ? Infinity : 10, context }, strings),
  );
  return EXIT_OK;
}
