import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startNodeAgent } from './nodeAgent';
import { shapeNamed } from './shapes';

/**
 * Runs the node agent of one cluster shape until SIGTERM, so a test in another process (the VS Code host)
 * can use a real cluster and drive its kubelets:
 *   node --import tsx test/real/support/nodeAgentMain.ts --kubeconfig admin.kubeconfig --shape kind [--seed] [--workers N]
 * Prints `ready` once the nodes are registered and their Pods run; reads `stop-heartbeat <node>` and
 * `resume-heartbeat <node>` lines on stdin and answers `ok <line>` or `error <message>`.
 */

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kubeconfig: { type: 'string' },
      shape: { type: 'string', default: 'kind' },
      workers: { type: 'string' },
      seed: { type: 'boolean', default: false },
      'lease-renew-seconds': { type: 'string' },
      'node-status-seconds': { type: 'string' },
    },
  });
  if (!values.kubeconfig) throw new Error('--kubeconfig is required');
  const shape = shapeNamed(values.shape!, values.workers ? { workers: Number(values.workers) } : {});
  const agent = await startNodeAgent({
    kubeconfigPath: values.kubeconfig,
    shape,
    ...(values['lease-renew-seconds'] ? { leaseRenewSeconds: Number(values['lease-renew-seconds']) } : {}),
    ...(values['node-status-seconds'] ? { nodeStatusSeconds: Number(values['node-status-seconds']) } : {}),
    onError: (message) => process.stderr.write(`${message}\n`),
  });
  if (values.seed) await shape.seed(values.kubeconfig);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await agent.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());

  createInterface({ input: process.stdin }).on('line', (line) => {
    const [command, node] = line.trim().split(/\s+/);
    try {
      if (command === 'stop-heartbeat' && node) agent.stopHeartbeat(node);
      else if (command === 'resume-heartbeat' && node) agent.resumeHeartbeat(node);
      else if (command) throw new Error(`unknown command: ${line.trim()}`);
      else return;
      process.stdout.write(`ok ${line.trim()}\n`);
    } catch (error) {
      process.stdout.write(`error ${(error as Error).message}\n`);
    }
  });

  await agent.whenSettled(600_000);
  process.stdout.write('ready\n');
}

main().catch((error: Error) => {
  process.stderr.write(`node agent: ${error.message}\n`);
  process.exit(1);
});
