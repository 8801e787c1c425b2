// The live trace against the real control plane: a Deployment applied, scaled, rolled out and a Pod deleted
// with real kubectl; the trace's components and order must be what the real controllers and scheduler
// recorded (their Events and managedFields, read back with kubectl). kubelet here is the test's node agent, a
// stand-in that writes Pod status as kubelet would but records no Events: its steps are checked as such.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { savedTraceOf, savedTraceText } from '../../../src/core/trace/savedTrace';
import { renderTraceText, stepText } from '../../../src/core/trace/render';
import type { Trace } from '../../../src/core/trace/timeline';
import { readTrace } from '../../../src/core/trace/traceSession';
import { realCluster } from '../support/realClusters';
import { kubectlAsync, runTraceScenario, type ScenarioResult, scenarioChecks } from '../../support/traceScenario';
import { until } from '../../support/until';

describe('the live trace on the real control plane', function () {
  this.timeout(400_000);
  let result: ScenarioResult;

  before(async () => {
    const cluster = await realCluster('kind');
    result = await runTraceScenario(cluster, { image: 'registry.k8s.io/pause:3.10.1', timeoutMs: 150_000, readAfterwards: true });
    if (process.env.TRACE_PRINT) process.stdout.write(renderTraceText(result.trace, { evidence: process.env.TRACE_PRINT === 'evidence' }));
  });

  for (const { name, check } of scenarioChecks({ kubeletEvents: false })) it(name, () => check(result));

  it('read afterwards, the trace tells the same story Pod by Pod: the same Pods, creator, node, binder and deleter', () => {
    const afterwards = result.afterwards!;
    if (process.env.TRACE_PRINT) process.stdout.write(renderTraceText(afterwards, { evidence: process.env.TRACE_PRINT === 'evidence' }));
    // TRACE_SAVE=FILE keeps it (the screenshots replay one).
    if (process.env.TRACE_SAVE) writeFileSync(process.env.TRACE_SAVE, savedTraceText(savedTraceOf(afterwards, [], { context: 'kind' })));
    const podsOf = (trace: Trace) => {
      const pods = new Map<string, { creator?: string; node?: string; binder?: string; deleter?: string; fromEvents: boolean }>();
      for (const step of trace.steps.filter((candidate) => candidate.object.kind === 'Pod')) {
        const pod = pods.get(step.object.name) ?? { fromEvents: false };
        if (step.kind === 'pod-created') pod.creator = `${step.component}/${step.actor}`;
        if (step.kind === 'scheduled') Object.assign(pod, { node: step.node!, binder: `${step.component}/${step.actor}` });
        if (step.kind === 'pod-deleted') pod.deleter = `${step.component}/${step.actor}`;
        pod.fromEvents ||= step.readFromEvents;
        pods.set(step.object.name, pod);
      }
      return pods;
    };
    const live = podsOf(result.trace);
    const read = podsOf(afterwards);
    assert.deepEqual([...read.keys()].sort(), [...live.keys()].sort(), 'the same Pods');
    // The first ReplicaSet's three Pods and the Pod deleted by kubectl were gone: told from their Events.
    const gone = [...read].filter(([, pod]) => pod.fromEvents).map(([name]) => name);
    assert.equal(gone.length, 4, gone.join(', '));
    assert.ok(gone.includes(result.deletedPod));
    assert.ok(![...live.values()].some((pod) => pod.fromEvents), 'the live trace saw every Pod');
    for (const [name, pod] of read) {
      const seen = live.get(name)!;
      assert.ok(pod.creator && pod.binder && pod.node, `${name}: ${JSON.stringify(pod)}`);
      assert.deepEqual([pod.creator, pod.node, pod.binder], [seen.creator, seen.node, seen.binder], name);
      // A client's deletion is recorded by no Event: only the watch that saw it knows of it.
      if (name === result.deletedPod) assert.deepEqual([seen.deleter, pod.deleter], ['client/a client', undefined]);
      else assert.equal(pod.deleter, seen.deleter, name);
    }
    assert.equal([...read.values()].filter((pod) => pod.deleter === 'kube-controller-manager/replicaset-controller').length, 3);
    // Each step read from Events says so in its sentence, and is marked in the JSON: created, bound and deleted for
    // the first ReplicaSet's Pods, created and bound for kubectl's (the node agent records no kubelet Events).
    const marked = afterwards.steps.filter((step) => step.readFromEvents);
    assert.equal(marked.length, 3 * 3 + 2, marked.map((step) => step.id).join(', '));
    assert.ok(marked.every((step) => stepText(step).endsWith('(read from Events: the Pod is gone)')));
  });
});

describe('the trace of a StatefulSet and a Job on the real control plane', function () {
  this.timeout(300_000);

  it("a StatefulSet's Pods are created by statefulset-controller, a Job's by job-controller, each bound by kube-scheduler", async () => {
    const cluster = await realCluster('kind');
    const manifest = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: trace-db, namespace: default}
spec:
  serviceName: trace-db
  replicas: 2
  selector: {matchLabels: {app: trace-db}}
  template:
    metadata: {labels: {app: trace-db}}
    spec:
      terminationGracePeriodSeconds: 0
      containers: [{name: db, image: registry.k8s.io/pause:3.10.1}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: trace-job, namespace: default}
spec:
  template:
    spec:
      restartPolicy: Never
      containers: [{name: once, image: registry.k8s.io/pause:3.10.1}]
`;
    await kubectlAsync(cluster, ['apply', '-f', '-'], manifest);
    try {
      const config = new KubeConfig();
      config.loadFromFile(cluster.kubeconfigPath);
      const statefulSet = await until(
        'both StatefulSet Pods Ready',
        async () => {
          const trace = await readTrace(config, { kind: 'StatefulSet', namespace: 'default', name: 'trace-db' });
          return trace.counts.ready === 2 && trace;
        },
        120_000,
        500,
      );
      const created = statefulSet.steps.filter((step) => step.kind === 'pod-created');
      assert.deepEqual(
        created.map((step) => step.object.name),
        ['trace-db-0', 'trace-db-1'],
      );
      assert.ok(
        created.every((step) => step.actor === 'statefulset-controller' && step.component === 'kube-controller-manager'),
        JSON.stringify(created),
      );
      // OrderedReady: the second Pod is created only once the first is Ready. Both are recorded in whole seconds,
      // and here often in the same one, so the check is on the recorded times.
      const firstReady = statefulSet.steps.find((step) => step.kind === 'ready' && step.object.name === 'trace-db-0')!;
      assert.ok(firstReady.at <= created[1]!.at, `${firstReady.time} ≤ ${created[1]!.time}`);
      const job = await until(
        "the Job's Pod scheduled",
        async () => {
          const trace = await readTrace(config, { kind: 'Job', namespace: 'default', name: 'trace-job' });
          return trace.steps.some((step) => step.kind === 'scheduled') && trace;
        },
        120_000,
        500,
      );
      const jobPod = job.steps.find((step) => step.kind === 'pod-created')!;
      assert.deepEqual([jobPod.actor, jobPod.component], ['job-controller', 'kube-controller-manager']);
      assert.equal(job.steps.find((step) => step.kind === 'scheduled')!.actor, 'default-scheduler');
    } finally {
      await kubectlAsync(cluster, ['delete', 'statefulset/trace-db', 'job/trace-job', '-n', 'default', '--wait=false']);
    }
  });
});
