// `cluster-anatomy placement` against the real v1.20 kube-scheduler: Pods with node selectors, affinities,
// tolerations, requests that fit one node only, host ports, a cordon, topology spread and anti-affinity. The
// real scheduler binds each or leaves it Pending; the model must agree on every one: the bound node is
// judged feasible, and a Pending Pod has no feasible node, with the same reason counts as the scheduler's
// FailedScheduling message.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { placementCommand } from '../../../src/cli/placementCommand';
import { runCli } from '../../../src/cli/run';
import { parseSchedulerMessage } from '../../../src/core/placement/clusterRead';
import type { PlacementReport } from '../../../src/core/placement/place';
import { until } from '../../support/until';
import { createNamespace, type RealCluster, realCluster } from '../support/realClusters';
import { kindWorkerName } from '../support/shapes/kind';

const namespace = 'placement';
const controlPlane = 'multi-node-control-plane';
const worker = kindWorkerName(1);
const worker2 = kindWorkerName(2);
const hostname = 'kubernetes.io/hostname';
const controlPlaneToleration = { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' };

type Outcome = { node: string } | { pending: string };

interface Case {
  readonly name: string;
  readonly labels?: Record<string, string>;
  readonly spec: Record<string, unknown>;
  /** Fields of its one container (requests, ports). */
  readonly container?: Record<string, unknown>;
  /** What the real scheduler must do with it (so the test also checks the fixtures mean what they say). */
  readonly expect: { node: string | readonly string[] } | 'pending';
}

function pod(
  name: string,
  labels: Record<string, string>,
  spec: Record<string, unknown>,
  container: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels },
    spec: {
      terminationGracePeriodSeconds: 0,
      ...spec,
      containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.10.1', ...container }],
    },
  };
}

describe('placement agrees with the real kube-scheduler', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  const table: string[] = [];

  const kubectl = (args: string[], input?: string) =>
    execFileSync('kubectl', args, { env: cluster.env, encoding: 'utf8', ...(input !== undefined && { input }) });
  const create = (object: Record<string, unknown>) => kubectl(['create', '-f', '-'], JSON.stringify(object));

  async function placement(...args: string[]): Promise<PlacementReport> {
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: cluster.env,
    };
    const code = await runCli(['placement', ...args], io, [placementCommand]);
    assert.equal(code, 0, stderr);
    return JSON.parse(stdout) as PlacementReport;
  }

  /** Where the real scheduler put the Pod, or the message of its FailedScheduling Event. */
  async function outcome(name: string): Promise<Outcome> {
    return until(
      `the scheduler to decide on ${name}`,
      () => {
        const object = JSON.parse(kubectl(['get', 'pod', '-n', namespace, name, '-o', 'json']));
        if (object.spec.nodeName) return { node: object.spec.nodeName as string };
        const events = JSON.parse(
          kubectl([
            'get',
            'events',
            '-n',
            namespace,
            '--field-selector',
            `involvedObject.name=${name},reason=FailedScheduling`,
            '-o',
            'json',
          ]),
        ).items as { message: string }[];
        return events.length > 0 ? { pending: events[events.length - 1]!.message } : undefined;
      },
      60_000,
      250,
    );
  }

  async function agree(testCase: Case): Promise<void> {
    create(pod(testCase.name, testCase.labels ?? {}, testCase.spec, testCase.container));
    const decided = await outcome(testCase.name);
    const report = await placement('--pod', `${namespace}/${testCase.name}`, '--json');
    if ('node' in decided) {
      const wanted = testCase.expect === 'pending' ? [] : [testCase.expect.node].flat();
      assert.ok(
        wanted.includes(decided.node),
        `${testCase.name}: the scheduler put it on ${decided.node}, the case expects ${wanted.join(' or ') || 'Pending'}`,
      );
      const verdict = report.nodes.find((node) => node.node === decided.node);
      assert.equal(
        verdict?.feasible,
        true,
        `${testCase.name}: bound to ${decided.node}, the model says ${JSON.stringify(verdict?.failures)}`,
      );
      table.push(`| ${testCase.name} | bound to ${decided.node} | feasible: ${report.feasible.join(', ')} |`);
    } else {
      assert.equal(testCase.expect, 'pending', `${testCase.name}: the scheduler left it Pending: ${decided.pending}`);
      assert.deepEqual(report.feasible, [], `${testCase.name}: Pending, yet the model finds ${report.feasible.join(', ')}`);
      const said = parseSchedulerMessage(decided.pending);
      assert.ok(said, decided.pending);
      assert.deepEqual(
        report.reasonCounts,
        said.reasons,
        `${testCase.name}: the scheduler said "${decided.pending}", the model "${report.message}"`,
      );
      assert.equal(report.message, decided.pending.replace(/ preemption: .*$/s, ''));
      table.push(`| ${testCase.name} | Pending: ${decided.pending} | ${report.message} |`);
    }
  }

  before(async () => {
    cluster = await realCluster('kind');
    await createNamespace(cluster, namespace);
  });
  after(() => {
    if (!cluster) return;
    kubectl(['uncordon', worker2]);
    // The ballast Pods hold CPU on the workers: gone before the next tests schedule anything there.
    kubectl(['delete', 'namespace', namespace, '--timeout=120s']);
    // The agreement table for the record (the note of the release quotes it).
    console.log(['| Pod | the real scheduler | the model |', '|---|---|---|', ...table].join('\n'));
  });

  it('node selectors, required node affinity (expressions and fields) and tolerations', async () => {
    await agree({ name: 'plain', spec: {}, expect: { node: [worker, worker2] } });
    await agree({ name: 'selector-worker2', spec: { nodeSelector: { [hostname]: worker2 } }, expect: { node: worker2 } });
    await agree({
      name: 'affinity-worker',
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: hostname, operator: 'In', values: [worker, controlPlane] }] }],
            },
          },
        },
      },
      expect: { node: worker },
    });
    await agree({
      name: 'fields-worker2',
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [worker2] }] }],
            },
          },
        },
      },
      expect: { node: worker2 },
    });
    await agree({
      name: 'tolerates-control-plane',
      spec: { tolerations: [controlPlaneToleration], nodeSelector: { [hostname]: controlPlane } },
      expect: { node: controlPlane },
    });
    await agree({ name: 'control-plane-untolerated', spec: { nodeSelector: { [hostname]: controlPlane } }, expect: 'pending' });
    await agree({ name: 'no-such-label', spec: { nodeSelector: { disktype: 'ssd' } }, expect: 'pending' });
  });

  it('requests against what the bound Pods request, and host ports', async () => {
    // Bound by nodeName, past the scheduler: it still counts on worker, as the scheduler's cache counts it.
    create(pod('ballast', {}, { nodeName: worker }, { resources: { requests: { cpu: '7' } } }));
    await agree({ name: 'six-cpus', spec: {}, container: { resources: { requests: { cpu: '6' } } }, expect: { node: worker2 } });
    await agree({
      name: 'hundred-cpus',
      spec: { tolerations: [controlPlaneToleration] },
      container: { resources: { requests: { cpu: '100', memory: '1Gi' } } },
      expect: 'pending',
    });
    await agree({
      name: 'port-a',
      spec: { nodeSelector: { [hostname]: worker } },
      container: { ports: [{ containerPort: 80, hostPort: 30080 }] },
      expect: { node: worker },
    });
    await agree({
      name: 'port-b',
      spec: { nodeSelector: { [hostname]: worker } },
      container: { ports: [{ containerPort: 80, hostPort: 30080 }] },
      expect: 'pending',
    });
    await agree({
      name: 'port-c',
      spec: { nodeSelector: { [hostname]: worker } },
      container: { ports: [{ containerPort: 80, hostPort: 30080, protocol: 'UDP' }] },
      expect: { node: worker },
    });
  });

  it('a cordoned node', async () => {
    kubectl(['cordon', worker2]);
    try {
      await agree({ name: 'cordoned', spec: { nodeSelector: { [hostname]: worker2 } }, expect: 'pending' });
      await agree({
        name: 'tolerates-cordon',
        spec: {
          nodeSelector: { [hostname]: worker2 },
          tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }],
        },
        expect: { node: worker2 },
      });
    } finally {
      kubectl(['uncordon', worker2]);
    }
  });

  it('required pod anti-affinity, and the anti-affinity of Pods already there', async () => {
    const web = { app: 'web' };
    const apart = {
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: web }, topologyKey: hostname }] },
    };
    await agree({ name: 'web-1', labels: web, spec: { affinity: apart }, expect: { node: [worker, worker2] } });
    await agree({ name: 'web-2', labels: web, spec: { affinity: apart }, expect: { node: [worker, worker2] } });
    await agree({ name: 'web-3', labels: web, spec: { affinity: apart }, expect: 'pending' });
    // No rule of its own: the running web Pods' anti-affinity keeps it off both workers.
    await agree({ name: 'web-plain', labels: web, spec: {}, expect: 'pending' });
    await agree({
      name: 'near-web',
      spec: {
        affinity: {
          podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: web }, topologyKey: hostname }] },
        },
      },
      expect: { node: [worker, worker2] },
    });
    await agree({
      name: 'near-nothing',
      spec: {
        affinity: {
          podAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'none' } }, topologyKey: hostname }],
          },
        },
      },
      expect: 'pending',
    });
  });

  it('topology spread (DoNotSchedule)', async () => {
    const spread = { app: 'spread' };
    const constraint = {
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: hostname, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: spread } },
      ],
    };
    const workers = {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: hostname, operator: 'In', values: [worker, worker2] }] }],
          },
        },
      },
    };
    create(pod('spread-ballast-1', spread, { nodeName: worker }));
    create(pod('spread-ballast-2', spread, { nodeName: worker }));
    await agree({ name: 'spread-1', labels: spread, spec: { ...constraint, ...workers }, expect: { node: worker2 } });
    // worker has 2, worker2 1: one more on worker would be 3 - 1 = 2 above; worker2's host port is taken.
    create(pod('port-on-worker2', {}, { nodeName: worker2 }, { ports: [{ containerPort: 80, hostPort: 30081 }] }));
    await agree({
      name: 'spread-2',
      labels: spread,
      spec: { ...constraint, ...workers },
      container: { ports: [{ containerPort: 80, hostPort: 30081 }] },
      expect: 'pending',
    });
  });
});
