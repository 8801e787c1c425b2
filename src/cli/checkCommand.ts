import { ClusterSession } from '../core/anatomy/clusterSession';
import { resolveClientConfig, SnapshotError } from '../core/anatomy/snapshot';
import { checkHandsOn, type HandsOnReport } from '../core/handsOn/checks';
import { commandLine, handsOnCommands } from '../core/handsOn/commands';
import { LeaseProgress } from '../core/handsOn/leaseProgress';
import { findingText, renderHandsOnText } from '../core/handsOn/render';
import { EXIT_PROBLEMS } from './healthCommand';
import { type CliCommand, EXIT_OK, parseCommandArgs, UsageError } from './run';

/** kubelet renews its Lease every 10 s by default; a little over one lease duration (40 s) sees every node's. */
const DEFAULT_WAIT_SECONDS = 45;

export const checkCommand: CliCommand = {
  name: 'check',
  summary: "the tutorial's hands-on checks on a live cluster (static Pods, DaemonSets, node agents, Leases)",
  usage: [
    'Usage: cluster-anatomy check [--kubeconfig FILE] [--context NAME] [--wait SECONDS] [--json]',
    '',
    "Runs the tutorial's hands-on on the cluster: the nodes and the control-plane label, kube-system's Pods and",
    'where they run, the static Pods (tier=control-plane, the mirror annotation), the DaemonSets, the coredns',
    'Deployment and the kube-dns Service, the kubelet and runtime versions each Node reports, and the Leases in',
    'kube-node-lease, whose renewTime must advance: it watches them for up to --wait seconds (default 45; 0 to',
    "not wait). A check that cannot hold on this kind of cluster (no static Pods on a hosted control plane) is",
    'explained, not failed. Exit 0 when every step holds, 3 when one does not, 1 when the cluster cannot be read.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, { kubeconfig: { type: 'string' }, context: { type: 'string' }, wait: { type: 'string' }, json: { type: 'boolean' } });
    const waitSeconds = values.wait === undefined ? DEFAULT_WAIT_SECONDS : Number(values.wait);
    if (!Number.isFinite(waitSeconds) || waitSeconds < 0 || waitSeconds > 600) throw new UsageError('--wait takes a number of seconds from 0 to 600');
    const { context, config } = await resolveClientConfig({ kubeconfig: values.kubeconfig, context: values.context, env: io.env });
    const session = new ClusterSession({ context, config, backoff: { initialMs: 60_000, maxMs: 60_000 } });
    try {
      await session.start();
      const first = session.snapshot();
      if (!first || first.nothingRead) {
        throw new SnapshotError(`Cannot read context "${context}" (${session.server}): ${first?.nothingRead?.reason ?? session.status.message ?? session.status.state}`);
      }
      const leases = new LeaseProgress();
      const observe = (node: string) => {
        const lease = session.leaseOf(node);
        leases.observe(node, lease);
      };
      for (const node of first.nodes) observe(node.name);
      const check = (): { report: HandsOnReport; anatomy: NonNullable<typeof first> } => {
        const anatomy = session.snapshot() ?? first;
        return { report: checkHandsOn({ anatomy, podLabels: (namespace, name) => session.podLabels(namespace, name), leases }), anatomy };
      };
      const waiting = () => check().report.steps.some((step) => step.outcome === 'waiting');
      if (waitSeconds > 0 && waiting()) {
        if (!values.json) io.stderr.write(`Watching the Leases in kube-node-lease for up to ${waitSeconds} s, until each renewTime advances…\n`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, waitSeconds * 1000);
          const subscription = session.onLeaseRenewed((node) => {
            observe(node);
            if (!waiting()) finish();
          });
          function finish() {
            clearTimeout(timer);
            subscription.dispose();
            resolve();
          }
        });
      }
      const { report, anatomy } = check();
      if (values.json) {
        const steps = report.steps.map((step) => ({
          ...step,
          commands: handsOnCommands(step.id, anatomy).map(commandLine),
          findings: step.findings.map((finding) => ({ ...finding, text: findingText(finding) })),
        }));
        io.stdout.write(`${JSON.stringify({ ...report, steps }, null, 2)}\n`);
      } else {
        io.stdout.write(renderHandsOnText(report, anatomy));
      }
      return report.allDone ? EXIT_OK : EXIT_PROBLEMS;
    } finally {
      session.dispose();
    }
  },
};
