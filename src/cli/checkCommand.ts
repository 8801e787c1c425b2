import { defaultEvidenceStrings } from '../core/anatomy/strings';
import { defaultHandsOnStrings } from '../core/handsOn/strings';
import { handsOnJson, runHandsOnChecks } from '../core/workspace/handsOnRead';
import { renderHandsOnText, stepsNotChecked } from '../core/handsOn/render';
import { EXIT_NOT_CHECKED, EXIT_PROBLEMS } from './healthCommand';
import { cliCatalog, cliLanguage } from './language';
import { type CliCommand, EXIT_OK, namespaceOption, namespacesOf, parseCommandArgs, UsageError } from './run';

/** kubelet renews its Lease every 10 s by default; a little over one lease duration (40 s) sees every node's. */
const DEFAULT_WAIT_SECONDS = 45;

export const checkCommand: CliCommand = {
  name: 'check',
  summary: "the tutorial's hands-on checks on a live cluster (static Pods, DaemonSets, node agents, Leases)",
  usage: [
    'Usage: cluster-anatomy check [--kubeconfig FILE] [--context NAME] [-n NAMESPACE]… [--wait SECONDS] [--json] [--lang en|ja]',
    '',
    "Runs the tutorial's hands-on on the cluster: the nodes and the control-plane label, kube-system's Pods and",
    'where they run, the static Pods (tier=control-plane, the mirror annotation), the DaemonSets, the coredns',
    'Deployment and the kube-dns Service, the kubelet and runtime versions each Node reports, and the Leases in',
    'kube-node-lease, whose renewTime must advance: it watches them for up to --wait seconds (default 45; 0 to',
    'not wait). A check that cannot hold on this kind of cluster (no static Pods on a hosted control plane) is',
    'explained, not failed. Exit 0 when every step holds, 3 when one does not, 4 when none fails but some could',
    'not be checked (RBAC hides what they read: each names the permission and the kubectl auth can-i line that',
    'checks it), 1 when the cluster cannot be read.',
    '--lang ja words the steps and the findings in Japanese.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      ...namespaceOption,
      wait: { type: 'string' },
      json: { type: 'boolean' },
      lang: { type: 'string' },
    });
    const language = cliLanguage(values.lang);
    const strings = cliCatalog(defaultHandsOnStrings, language);
    const evidence = cliCatalog(defaultEvidenceStrings, language);
    const waitSeconds = values.wait === undefined ? DEFAULT_WAIT_SECONDS : Number(values.wait);
    if (!Number.isFinite(waitSeconds) || waitSeconds < 0 || waitSeconds > 600)
      throw new UsageError('--wait takes a number of seconds from 0 to 600');
    const { report, anatomy } = await runHandsOnChecks(
      { kubeconfig: values.kubeconfig, context: values.context, env: io.env, namespaces: namespacesOf(values.namespace) },
      waitSeconds,
      () => {
        if (!values.json)
          io.stderr.write(`Watching the Leases in kube-node-lease for up to ${waitSeconds} s, until each renewTime advances…\n`);
      },
    );
    io.stdout.write(
      values.json
        ? `${JSON.stringify(handsOnJson(report, anatomy, strings, evidence), null, 2)}\n`
        : renderHandsOnText(report, anatomy, strings, evidence),
    );
    if (report.allDone) return EXIT_OK;
    // Nothing fails, but RBAC hid what some steps read: "could not check", not "does not hold".
    const onlyNotChecked =
      report.steps.every((step) => step.outcome === 'done' || step.outcome === 'unknown') && stepsNotChecked(report) > 0;
    return onlyNotChecked ? EXIT_NOT_CHECKED : EXIT_PROBLEMS;
  },
};
