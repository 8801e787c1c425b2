import { resolveClientConfig } from '../core/anatomy/snapshot';
import {
  PlacementRequestError,
  placementJson,
  podOfManifest,
  readPlacement,
  readWaiting,
  waitingAnswerJson,
} from '../core/placement/placementRead';
import { renderPlacementText } from '../core/placement/render';
import { defaultPlacementStrings } from '../core/placement/strings';
import { defaultWaitingStrings, renderWaitingText } from '../core/placement/waitingText';
import { readManifestFile } from '../core/yaml/manifestFile';
import { cliCatalog, cliLanguage } from './language';
import { type CliCommand, type CliIo, EXIT_OK, namespaceOption, namespacesOf, parseCommandArgs, UsageError } from './run';

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
    let fromFile;
    if (positionals[0] !== undefined) {
      try {
        fromFile = podOfManifest(
          await readManifestFile(positionals[0]),
          values.line === undefined ? undefined : Number(values.line),
          positionals[0],
        );
      } catch (error) {
        if (error instanceof PlacementRequestError) throw new UsageError(error.message);
        throw error;
      }
    }

    const { context, config } = await resolveClientConfig({ kubeconfig: values.kubeconfig, context: values.context, env: io.env });
    const reading = await readPlacement({
      context,
      config,
      ...(podRef && { pod: { namespace: podRef[1]!, name: podRef[2]! } }),
      ...(fromFile && { manifest: fromFile }),
    });
    const { report, said, state, nodesHidden, boundHidden, suggested, edits, edited } = reading;
    if (values.json) {
      io.stdout.write(`${JSON.stringify(placementJson(reading), null, 2)}\n`);
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
  const reading = await readWaiting({ context, config, ...(values.namespace && { namespaces: namespacesOf(values.namespace) }) });
  io.stdout.write(
    values.json
      ? `${JSON.stringify(waitingAnswerJson(reading), null, 2)}\n`
      : renderWaitingText(reading.view, { limit: values.all ? Infinity : 10, context }, strings),
  );
  return EXIT_OK;
}
