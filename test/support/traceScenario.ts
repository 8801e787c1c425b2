/**
 * One story told to a cluster with real kubectl while a live trace watches: apply a Deployment, scale it, roll it
 * out, delete a Pod. Run against the real control plane and against the demo, so the two can be compared with
 * each other and with what each cluster itself recorded (its Events and managedFields, read back with kubectl).
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { parseScaling, type Trace, type TraceStep } from '../../src/core/trace/timeline';
import { readTrace, TraceSession } from '../../src/core/trace/traceSession';
import { WatchHub } from '../../src/core/kube/watchHub';
import { until } from './until';

export interface ScenarioCluster {
  readonly kubeconfigPath: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface ScenarioResult {
  readonly trace: Trace;
  /** Every step the live trace announced, in the order it announced them. */
  readonly announced: readonly TraceStep[];
  /** The cluster's own Events about the Deployment, its ReplicaSets and Pods (kubectl get events -o json). */
  readonly events: readonly {
    reason: string;
    component: string;
    involvedKind: string;
    involvedName: string;
    message: string;
    time: string;
  }[];
  /** The managers recorded on each ReplicaSet and Pod (kubectl get -o json --show-managed-fields). */
  readonly managers: ReadonlyMap<string, readonly { manager: string; operation: string; subresource?: string }[]>;
  readonly replicaSets: readonly string[];
  readonly deletedPod: string;
  /** With `readAfterwards`: the same story read once it was over by a trace that did not watch it. */
  readonly afterwards?: Trace;
}

export function kubectlAsync(cluster: ScenarioCluster, args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'kubectl',
      ['--kubeconfig', cluster.kubeconfigPath, ...args],
      { env: cluster.env, maxBuffer: 64 * 2 ** 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`kubectl ${args.join(' ')}: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

export const scenarioNamespace = 'default';
export const scenarioName = 'trace-web';

const manifest = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${scenarioName}
  labels: { app: ${scenarioName} }
spec:
  replicas: 2
  selector:
    matchLabels: { app: ${scenarioName} }
  template:
    metadata:
      labels: { app: ${scenarioName} }
    spec:
      terminationGracePeriodSeconds: 0
      containers:
      - name: web
        image: ${image}
`;

/** Ready Pods of the newest ReplicaSet equal `replicas`, and no other ReplicaSet has Pods left. */
function settled(trace: Trace, replicas: number, replicaSetCount: number): boolean {
  return (
    trace.counts.pods === replicas &&
    trace.counts.ready === replicas &&
    trace.steps.filter((step) => step.kind === 'replicaset-created').length === replicaSetCount
  );
}

export async function runTraceScenario(
  cluster: ScenarioCluster,
  options: { image: string; timeoutMs?: number; readAfterwards?: boolean },
): Promise<ScenarioResult> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const kubectl = (...args: string[]) => kubectlAsync(cluster, args);
  const config = new KubeConfig();
  config.loadFromFile(cluster.kubeconfigPath);
  const hub = new WatchHub(config);
  const session = new TraceSession({
    hub,
    target: { kind: 'Deployment', namespace: scenarioNamespace, name: scenarioName },
    throttleMs: 50,
  });
  const announced: TraceStep[] = [];
  session.onDidAddSteps((steps) => announced.push(...steps));
  const directory = mkdtempSync(join(tmpdir(), 'cluster-anatomy-trace-'));
  try {
    await session.start();
    assert.equal(session.current.root, null, 'the Deployment must not exist before the story begins');
    const file = join(directory, 'deployment.yaml');
    writeFileSync(file, manifest(options.image));
    await kubectl('apply', '-f', file);
    await until('2 Ready Pods', () => settled(session.flush(), 2, 1), timeoutMs);
    await kubectl('scale', '-n', scenarioNamespace, `deployment/${scenarioName}`, '--replicas=3');
    await until('3 Ready Pods', () => settled(session.flush(), 3, 1), timeoutMs);
    await kubectl('rollout', 'restart', '-n', scenarioNamespace, `deployment/${scenarioName}`);
    await until(
      'the rollout to a second ReplicaSet with 3 Ready Pods',
      () =>
        settled(session.flush(), 3, 2) &&
        session.current.steps.some((step) => step.kind === 'replicaset-scaled' && step.replicas?.to === 0),
      timeoutMs,
    );
    const pods = JSON.parse(await kubectl('get', 'pods', '-n', scenarioNamespace, '-l', `app=${scenarioName}`, '-o', 'json')).items as {
      metadata: { name: string; deletionTimestamp?: string };
    }[];
    const deletedPod = pods.find((pod) => !pod.metadata.deletionTimestamp)!.metadata.name;
    await kubectl('delete', 'pod', '-n', scenarioNamespace, deletedPod, '--wait=false');
    await until(
      'a replacement Ready Pod',
      () => {
        const trace = session.flush();
        return (
          settled(trace, 3, 2) &&
          trace.steps.some((step) => step.kind === 'pod-deleted' && step.object.name === deletedPod) &&
          trace.steps.filter((step) => step.kind === 'ready').length >= 2 + 1 + 3 + 1
        );
      },
      timeoutMs,
    );
    const trace = session.flush();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kubectl's JSON, read field by field
    const rawEvents = JSON.parse(await kubectl('get', 'events', '-n', scenarioNamespace, '-o', 'json')).items as Record<string, any>[];
    const events = rawEvents
      .filter((event) => String(event.involvedObject?.name ?? '').startsWith(scenarioName))
      .map((event) => ({
        reason: String(event.reason),
        component: String(event.reportingComponent || event.source?.component || ''),
        involvedKind: String(event.involvedObject.kind),
        involvedName: String(event.involvedObject.name),
        message: String(event.message),
        time: String(event.lastTimestamp ?? event.eventTime ?? event.firstTimestamp),
      }));
    const managers = new Map<string, { manager: string; operation: string; subresource?: string }[]>();
    for (const kind of ['replicasets', 'pods', 'deployments']) {
      const items = JSON.parse(
        await kubectl('get', kind, '-n', scenarioNamespace, '-l', `app=${scenarioName}`, '-o', 'json', '--show-managed-fields'),
      ).items as { metadata: { name: string; managedFields?: { manager: string; operation: string; subresource?: string }[] } }[];
      for (const item of items)
        managers.set(
          `${kind}/${item.metadata.name}`,
          (item.metadata.managedFields ?? []).map(({ manager, operation, subresource }) => ({
            manager,
            operation,
            ...(subresource && { subresource }),
          })),
        );
    }
    const replicaSets = trace.steps.filter((step) => step.kind === 'replicaset-created').map((step) => step.object.name);
    const afterwards = options.readAfterwards
      ? await readTrace(config, { kind: 'Deployment', namespace: scenarioNamespace, name: scenarioName })
      : undefined;
    await kubectl('delete', 'deployment', '-n', scenarioNamespace, scenarioName, '--wait=false');
    return { trace, announced, events, managers, replicaSets, deletedPod, ...(afterwards && { afterwards }) };
  } finally {
    session.dispose();
    hub.dispose();
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * The story as a sequence independent of generated names and exact timing: the workload's own steps in order
 * (ReplicaSets named by their order of creation), then each Pod's steps in order.
 */
export function storyOf(result: ScenarioResult): { workload: string[]; podSequences: string[][] } {
  const rsIndex = (name: string) => {
    const index = result.replicaSets.indexOf(name);
    return index === -1 ? name : `rs${index + 1}`;
  };
  const workload = result.trace.steps
    .filter((step) => step.object.kind !== 'Pod')
    .map(
      (step) =>
        `${step.kind}${step.object.kind === 'ReplicaSet' ? ` ${rsIndex(step.object.name)}` : ''}${step.replicas ? ` →${step.replicas.to}` : ''} [${step.component}]`,
    );
  const byPod = new Map<string, string[]>();
  for (const step of result.trace.steps.filter((candidate) => candidate.object.kind === 'Pod')) {
    byPod.set(step.object.name, [...(byPod.get(step.object.name) ?? []), `${step.kind} [${step.component}]`]);
  }
  return { workload, podSequences: [...byPod.values()] };
}

/** The rolling update of 3 replicas (maxSurge 25% → 1, maxUnavailable 25% → 0), as the real controller steps it. */
export const expectedScalings = ['rs1 →2', 'rs1 →3', 'rs2 →1', 'rs1 →2', 'rs2 →2', 'rs1 →1', 'rs2 →3', 'rs1 →0'];

export interface ScenarioCheck {
  readonly name: string;
  check(result: ScenarioResult): void;
}

/**
 * What the trace must agree on with the cluster's own records, on any cluster. `kubeletEvents`: whether the
 * cluster's kubelet records Events (a real kubelet and the demo's do; the real tier's stand-in node agent does
 * not, and its steps are read from the status it wrote).
 */
export function scenarioChecks(options: { kubeletEvents: boolean }): ScenarioCheck[] {
  return [
    {
      name: "each ScalingReplicaSet the Deployment controller recorded is a step, by deployment-controller, in the rolling update's order",
      check(result) {
        const recorded = result.events.filter((event) => event.reason === 'ScalingReplicaSet');
        assert.ok(recorded.length >= 4, `${recorded.length} ScalingReplicaSet Events`);
        assert.ok(
          recorded.every((event) => event.component === 'deployment-controller'),
          JSON.stringify(recorded),
        );
        const steps = result.trace.steps.filter(
          (step) => step.kind === 'replicaset-scaled' && step.evidence.some((item) => item.source === 'event'),
        );
        const key = (name: string, to: number) => `${name} to ${to}`;
        const fromEvents = recorded.map((event) => parseScaling(event.message)!).map((scaling) => key(scaling.name, scaling.to));
        assert.deepEqual(steps.map((step) => key(step.object.name, step.replicas!.to)).sort(), [...fromEvents].sort());
        assert.ok(steps.every((step) => step.component === 'kube-controller-manager' && step.actor === 'deployment-controller'));
        const rsIndex = (name: string) => `rs${result.replicaSets.indexOf(name) + 1}`;
        assert.deepEqual(
          steps.map((step) => `${rsIndex(step.object.name)} →${step.replicas!.to}`),
          expectedScalings,
        );
      },
    },
    {
      name: 'the ReplicaSet controller created each Pod (SuccessfulCreate), and kube-controller-manager is the manager recorded on Pods and ReplicaSets',
      check(result) {
        const created = result.trace.steps.filter((step) => step.kind === 'pod-created');
        const recorded = result.events.filter((event) => event.reason === 'SuccessfulCreate');
        assert.ok(recorded.length >= 7, `${recorded.length} SuccessfulCreate`);
        assert.ok(
          recorded.every((event) => event.component === 'replicaset-controller'),
          JSON.stringify(recorded),
        );
        for (const event of recorded) {
          const pod = event.message.replace(/^Created pod: /, '');
          const step = created.find((candidate) => candidate.object.name === pod);
          assert.ok(step, `no step for ${pod}`);
          assert.deepEqual([step.component, step.actor], ['kube-controller-manager', 'replicaset-controller']);
        }
        for (const name of result.replicaSets)
          assert.equal(result.managers.get(`replicasets/${name}`)?.[0]?.manager, 'kube-controller-manager', name);
        for (const step of created) {
          const managers = result.managers.get(`pods/${step.object.name}`);
          if (managers) assert.equal(managers[0]!.manager, 'kube-controller-manager', step.object.name);
        }
      },
    },
    {
      name: "kube-scheduler bound each Pod: the node in the trace is the node of default-scheduler's Scheduled Event",
      check(result) {
        const scheduled = result.events.filter((event) => event.reason === 'Scheduled');
        assert.ok(scheduled.length >= 7);
        for (const event of scheduled) {
          assert.equal(event.component, 'default-scheduler');
          const [, pod, node] = /^Successfully assigned [^/]+\/(\S+) to (\S+)$/.exec(event.message)!;
          const step = result.trace.steps.find((candidate) => candidate.kind === 'scheduled' && candidate.object.name === pod);
          assert.ok(step, `no scheduled step for ${pod}`);
          assert.deepEqual([step.component, step.actor, step.node], ['kube-scheduler', 'default-scheduler', node]);
        }
      },
    },
    {
      name: options.kubeletEvents
        ? "each Pod's own steps come in causal order: created, bound, then kubelet's Events and status, Ready"
        : "each Pod's own steps come in causal order: created, bound, then started and Ready by the stand-in node agent (from the status it wrote)",
      check(result) {
        const { podSequences } = storyOf(result);
        assert.ok(podSequences.length >= 7);
        for (const sequence of podSequences) {
          const kinds = sequence.map((entry) => entry.split(' ')[0]!);
          assert.deepEqual(kinds.slice(0, 2), ['pod-created', 'scheduled'], sequence.join(', '));
          const ready = kinds.indexOf('ready');
          const started = kinds.indexOf('container-started');
          if (ready !== -1) assert.ok(started !== -1 && started < ready, sequence.join(', '));
        }
        const kubelet = result.trace.steps.filter((step) => step.kind === 'container-started' || step.kind === 'ready');
        assert.ok(kubelet.length >= 14);
        assert.ok(kubelet.every((step) => step.component === 'kubelet'));
        const started = kubelet.filter((step) => step.kind === 'container-started');
        if (options.kubeletEvents) {
          assert.ok(
            started.every((step) => step.evidence[0]!.source === 'event' && /kubelet/.test(step.evidence[0]!.text)),
            JSON.stringify(started.map((step) => step.evidence)),
          );
        } else {
          assert.ok(started.every((step) => step.evidence.every((item) => item.source !== 'event')));
          assert.ok(
            kubelet.every((step) => step.evidence.some((item) => item.source === 'managedFields' && item.text.includes('kubelet'))),
          );
        }
      },
    },
    {
      name: "the client steps: stored (kubectl's client-side apply), scaled, restarted by kubectl-rollout, the deleted Pod by a client",
      check(result) {
        const stored = result.trace.steps[0]!;
        assert.deepEqual([stored.kind, stored.component, stored.actor], ['stored', 'kube-apiserver', 'kubectl-client-side-apply']);
        const changes = result.trace.steps.filter((step) => step.kind === 'changed');
        assert.ok(
          changes.every((step) => step.component === 'client'),
          JSON.stringify(changes.map((step) => step.actor)),
        );
        // kubectl scale: by its manager where the server records scale writes (1.22 on), else seen by the watch.
        const scaled = changes.find((step) => step.replicas?.to === 3)!;
        assert.ok(scaled, JSON.stringify(changes));
        assert.ok(scaled.actor.startsWith('kubectl') || scaled.evidence.some((item) => item.source === 'watch'), JSON.stringify(scaled));
        const restarted = changes.findIndex((step) => step.actor === 'kubectl-rollout');
        assert.ok(restarted !== -1, 'kubectl rollout restart is recorded as manager kubectl-rollout');
        assert.ok(changes.indexOf(scaled) < restarted, 'scaled before the restart');
        const deleted = result.trace.steps.find((step) => step.kind === 'pod-deleted' && step.object.name === result.deletedPod)!;
        assert.equal(deleted.component, 'client');
        // Never negative: a whole-second record may read earlier than a precise one it followed in that second.
        for (let index = 1; index < result.trace.steps.length; index++) {
          assert.equal(
            result.trace.steps[index]!.latencyMs,
            Math.max(0, result.trace.steps[index]!.at - result.trace.steps[index - 1]!.at),
          );
        }
      },
    },
    {
      name: 'the live trace announced each step as it happened: every step of the story after the Deployment existed',
      check(result) {
        const ids = new Set(result.announced.map((step) => step.id));
        assert.deepEqual(
          result.trace.steps.filter((step) => !ids.has(step.id)).map((step) => step.id),
          [],
        );
      },
    },
  ];
}
