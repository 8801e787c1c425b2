import { readFile, writeFile } from 'node:fs/promises';
import { resolveClientConfig } from '../core/anatomy/snapshot';
import { parseTraceTarget } from '../core/trace/objects';
import { renderTraceText, traceJson, traceLines, stepText } from '../core/trace/render';
import { parseSavedTrace, type SavedTrace, savedTraceOf, savedTraceText } from '../core/trace/savedTrace';
import type { TraceStep } from '../core/trace/timeline';
import { errorMessage } from '../core/util/errors';
import { inlineText } from '../core/util/visibleText';
import { openTrace, TraceReadError } from '../core/workspace/traceRead';
import { type CliCommand, EXIT_FAILURE, EXIT_OK, parseCommandArgs, UsageError } from './run';

export const traceCommand: CliCommand = {
  name: 'trace',
  summary: 'who did what, in what order, for a Deployment, DaemonSet, StatefulSet, Job, ReplicaSet, Pod or Service',
  usage: [
    'Usage: cluster-anatomy trace KIND/NAME [-n NAMESPACE] [--follow [--for SECONDS]] [--evidence] [--json]',
    '                               [--save FILE] [--kubeconfig FILE] [--context NAME]',
    '       cluster-anatomy trace --open FILE [--evidence] [--json]',
    '',
    'Puts together what the cluster recorded about a workload and what it made (ReplicaSets and Pods, by',
    'ownerReferences): stored by kube-apiserver, ReplicaSets created and scaled by the Deployment controller, Pods',
    'created by the ReplicaSet controller, bound to a node by kube-scheduler, images pulled and containers',
    'started by kubelet, Ready: each step with the component that did it (from managedFields, Events and',
    'conditions), the time the cluster recorded and the time since the step before. --evidence prints what each',
    'step was read from. --follow keeps watching and prints each step as it happens (until Ctrl-C, or for',
    '--for seconds); the Events it sees are kept while it runs, though the cluster deletes them after an hour.',
    'Pods gone before the trace began (a rollout read a minute later) are told from the Events that still name',
    'them, within their hour; those steps say "read from Events" (in --json, "readFromEvents": true).',
    '--save FILE keeps the trace (its steps and the Events it saw, as versioned JSON) once it is read, or when',
    '--follow ends; --open FILE prints a saved trace again, without a cluster.',
    'A Service (svc/NAME) is traced through its EndpointSlices (label kubernetes.io/service-name, in',
    'discovery.k8s.io/v1, or v1beta1 where the cluster serves only that): each slice created by the controller its',
    'endpointslice.kubernetes.io/managed-by label names, and each endpoint added, made ready, terminating or',
    'removed by it, with its Pod, node and address, after kubelet made the Pod Ready. A slice keeps no time per',
    "endpoint: read afterwards, such a step says so and gives the slice's last write as the latest it can have been.",
    "A workload's trace also shows its own Pods' endpoints, in the slices of the Services that select them.",
    'EndpointSlices you may not list are named, with the kubectl auth can-i lines that check it.',
    'KIND as kubectl spells it: deploy, ds, sts, rs, job, po, svc, or the full name.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        namespace: { type: 'string', short: 'n' },
        follow: { type: 'boolean', short: 'f' },
        for: { type: 'string' },
        evidence: { type: 'boolean' },
        json: { type: 'boolean' },
        save: { type: 'string' },
        open: { type: 'string' },
        kubeconfig: { type: 'string' },
        context: { type: 'string' },
      },
      true,
    );
    if (values.open !== undefined) {
      if (positionals.length > 0 || values.follow || values.save || values.namespace || values.kubeconfig || values.context)
        throw new UsageError('--open reads a saved trace, not a cluster: it takes only --evidence and --json');
      let saved;
      try {
        saved = parseSavedTrace(await readFile(values.open, 'utf8'));
      } catch (error) {
        io.stderr.write(`Cannot open the saved trace ${inlineText(values.open)}: ${inlineText(errorMessage(error), Infinity)}\n`);
        return EXIT_FAILURE;
      }
      io.stdout.write(
        values.json
          ? `${JSON.stringify({ ...saved, trace: traceJson(saved.trace) }, null, 2)}\n`
          : `${renderTraceText(saved.trace, { evidence: values.evidence, ...(saved.context && { context: saved.context }) })}${savedFromText(saved)}\n`,
      );
      return EXIT_OK;
    }
    if (positionals.length !== 1) throw new UsageError('give one KIND/NAME, e.g. deploy/web');
    const forSeconds = values.for === undefined ? undefined : Number(values.for);
    if (values.for !== undefined && (!values.follow || !Number.isFinite(forSeconds) || forSeconds! <= 0 || forSeconds! > 86_400)) {
      throw new UsageError(values.follow ? '--for takes a number of seconds from 1 to 86400' : '--for goes with --follow');
    }
    const { context, config } = await resolveClientConfig({ kubeconfig: values.kubeconfig, context: values.context, env: io.env });
    const namespace = values.namespace ?? config.getContextObject(context)?.namespace ?? 'default';
    let target;
    try {
      target = parseTraceTarget(positionals[0]!, namespace);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    let opened;
    try {
      opened = await openTrace({ context, config, target });
    } catch (error) {
      if (!(error instanceof TraceReadError)) throw error;
      io.stderr.write(`${error.message}\n`);
      return EXIT_FAILURE;
    }
    const { session, close } = opened;
    try {
      const trace = session.flush();
      const save = async () => {
        if (values.save === undefined) return;
        const saved = savedTraceOf(session.flush(), session.keptEvents(), { context });
        await writeFile(values.save, savedTraceText(saved), 'utf8');
        io.stderr.write(`Trace saved to ${inlineText(values.save)} (${saved.trace.steps.length} steps, ${saved.events.length} Events)\n`);
      };
      if (!values.follow) {
        await save();
        io.stdout.write(
          values.json ? `${JSON.stringify(traceJson(trace), null, 2)}\n` : renderTraceText(trace, { evidence: values.evidence, context }),
        );
        return EXIT_OK;
      }
      // Following: the history first, then each step as it is recorded (JSON: one step per line).
      const print = (steps: readonly TraceStep[], before: TraceStep | undefined) => {
        if (values.json) for (const step of steps) io.stdout.write(`${JSON.stringify({ ...step, text: stepText(step) })}\n`);
        else for (const line of traceLines(steps, { evidence: values.evidence }, undefined, before)) io.stdout.write(`${line}\n`);
      };
      if (values.json) print(trace.steps, undefined);
      else io.stdout.write(renderTraceText(trace, { evidence: values.evidence, context }));
      if (!values.json)
        io.stderr.write(
          `Following ${target.kind} ${inlineText(namespace)}/${inlineText(target.name)}${forSeconds ? ` for ${forSeconds} s` : ''}; Ctrl-C stops.\n`,
        );
      let last = trace.steps.at(-1);
      session.onDidAddSteps((steps) => {
        print(steps, last);
        last = steps.at(-1);
      });
      await new Promise<void>((resolve) => {
        const stop = () => {
          clearTimeout(timer);
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        const timer = forSeconds === undefined ? undefined : setTimeout(stop, forSeconds * 1000);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      session.flush();
      await save();
      return EXIT_OK;
    } finally {
      close();
    }
  },
};

/** Where a saved trace came from, below its steps. */
function savedFromText(saved: SavedTrace): string {
  return `Saved ${saved.savedAt}${saved.context ? ` from context "${inlineText(saved.context)}"` : ''}; ${saved.events.length} Events kept.`;
}
