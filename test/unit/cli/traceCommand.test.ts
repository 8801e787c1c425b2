import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { traceCommand } from '../../../src/cli/traceCommand';
import { runCli } from '../../../src/cli/run';
import { EventRing } from '../../../src/core/trace/eventRing';
import { traceEventOf, traceObjectOf } from '../../../src/core/trace/objects';
import { savedTraceOf, savedTraceText } from '../../../src/core/trace/savedTrace';
import { buildTrace, type TraceStep } from '../../../src/core/trace/timeline';
import { demoRequest, type RunningDemo, runOnDemo, startDemo } from '../../support/demo';

function io() {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, env: {} } };
}

/** A Deployment whose only Pod is gone: its steps come from its ReplicaSet's Events. */
function savedFile(): string {
  const root = traceObjectOf(
    { metadata: { name: 'web', namespace: 'default', uid: 'd1', creationTimestamp: '2026-12-03T10:00:00Z' }, spec: { replicas: 1 } },
    'Deployment',
  );
  const rs = traceObjectOf(
    {
      metadata: {
        name: 'web-1',
        namespace: 'default',
        uid: 'r1',
        creationTimestamp: '2026-12-03T10:00:01Z',
        ownerReferences: [{ kind: 'Deployment', name: 'web', uid: 'd1', controller: true }],
      },
      spec: { replicas: 0 },
    },
    'ReplicaSet',
  );
  const events = new EventRing();
  events.record(
    traceEventOf({
      metadata: { uid: 'e1' },
      involvedObject: { kind: 'ReplicaSet', name: 'web-1', uid: 'r1' },
      reason: 'SuccessfulCreate',
      message: 'Created pod: web-1-a',
      source: { component: 'replicaset-controller' },
      lastTimestamp: '2026-12-03T10:00:02Z',
    }),
  );
  const trace = buildTrace({
    target: { kind: 'Deployment', namespace: 'default', name: 'web' },
    root,
    replicaSets: [rs],
    pods: [],
    events,
  });
  const file = join(mkdtempSync(join(tmpdir(), 'ca-trace-')), 'web.trace.json');
  writeFileSync(file, savedTraceText(savedTraceOf(trace, events.all(), { context: 'kind-kind' })));
  return file;
}

describe('cluster-anatomy trace --open', () => {
  it('prints a saved trace without a cluster, the steps read from Events marked so', async () => {
    const file = savedFile();
    const { out, io: cliIo } = io();
    assert.equal(await runCli(['trace', '--open', file], cliIo, [traceCommand]), 0);
    assert.match(out.stdout, /Trace of Deployment default\/web/);
    assert.match(out.stdout, /Pod web-1-a created by replicaset-controller \(read from Events: the Pod is gone\)/);
    assert.match(out.stdout, /from context "kind-kind"; 1 Events kept\./);
    const json = io();
    assert.equal(await runCli(['trace', '--open', file, '--json'], json.io, [traceCommand]), 0);
    const parsed = JSON.parse(json.out.stdout);
    assert.equal(parsed.format, 'cluster-anatomy/trace');
    assert.deepEqual(
      parsed.trace.steps.filter((step: { readFromEvents: boolean }) => step.readFromEvents).map((step: { text: string }) => step.text),
      ['Pod web-1-a created by replicaset-controller (read from Events: the Pod is gone)'],
    );
  });

  it('says what is wrong with a broken file, and --open takes no cluster options', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'ca-trace-')), 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'cluster-anatomy/trace', version: 1, savedAt: 'now' }));
    const { out, io: cliIo } = io();
    assert.equal(await runCli(['trace', '--open', bad], cliIo, [traceCommand]), 1);
    assert.match(out.stderr, /Cannot open the saved trace .*bad\.json: savedAt is not a time/);
    assert.equal(out.stdout, '');
    assert.equal(await runCli(['trace', '--open', bad, 'deploy/web'], io().io, [traceCommand]), 2);
    assert.equal(await runCli(['trace', '--open', bad, '--context', 'x'], io().io, [traceCommand]), 2);
  });
});

describe('cluster-anatomy trace --save', function () {
  this.timeout(60_000);

  it('keeps what it read of the demo, with its Events; --open prints the same trace without the cluster', async () => {
    const demo = await startDemo({ timeScale: 20 });
    const folder = mkdtempSync(join(tmpdir(), 'ca-trace-'));
    try {
      const kubeconfig = join(folder, 'kubeconfig');
      writeFileSync(kubeconfig, demo.cluster.kubeconfigYaml());
      const file = join(folder, 'coredns.trace.json');
      const read = io();
      const args = ['trace', 'deploy/coredns', '-n', 'kube-system', '--kubeconfig', kubeconfig];
      assert.equal(await runCli([...args, '--save', file], read.io, [traceCommand]), 0);
      assert.match(read.out.stderr, /^Trace saved to .*coredns\.trace\.json \(\d+ steps, [1-9]\d* Events\)\n$/);
      // Service kube-dns selects coredns's Pods: the Deployment's trace shows their endpoints made ready too.
      assert.match(
        read.out.stdout,
        /kube-controller-manager \(endpointslice-controller\) Endpoint \S+ of Pod coredns-\S+ on \S+ ready in EndpointSlice kube-dns-\S+: kubelet made the Pod Ready/,
      );
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      assert.deepEqual([saved.format, saved.version, saved.context], ['cluster-anatomy/trace', 1, 'kind-multi-node']);
      assert.ok(saved.events.some((event: { reason: string }) => event.reason === 'Scheduled'));
      await demo.stop();
      const opened = io();
      assert.equal(await runCli(['trace', '--open', file], opened.io, [traceCommand]), 0);
      assert.ok(opened.out.stdout.startsWith(read.out.stdout.trimEnd()), opened.out.stdout);
    } finally {
      await demo.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('cluster-anatomy trace svc/NAME on the demo', function () {
  this.timeout(90_000);
  let demo: RunningDemo;

  beforeEach(async () => {
    demo = await startDemo({ timeScale: 20 });
  });
  afterEach(async () => {
    await demo?.stop();
  });

  const post = async (path: string, body: unknown) => {
    const answer = await demoRequest(demo.cluster, path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(answer.status, 201, answer.text);
  };

  it('follows the Service live: its slice created by the EndpointSlice controller, each Pod Ready by kubelet, then its endpoint ready', async () => {
    const following = runOnDemo(demo, traceCommand, 'svc/shop', '--follow', '--for', '12', '--json');
    // The trace starts before the Service exists: every step is seen live.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await post('/api/v1/namespaces/default/services', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'shop' },
      spec: { selector: { app: 'shop' }, ports: [{ port: 80 }] },
    });
    await post('/apis/apps/v1/namespaces/default/deployments', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'shop' },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'shop' } },
        template: { metadata: { labels: { app: 'shop' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
      },
    });
    const { code, stdout, stderr } = await following;
    assert.equal(code, 0, stderr);
    const steps = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as TraceStep & { text: string });
    const kinds = steps.map((step) => step.kind);
    assert.equal(kinds[0], 'stored', kinds.join(', '));
    const created = steps.find((step) => step.kind === 'slice-created')!;
    assert.deepEqual([created.component, created.actor], ['kube-controller-manager', 'endpointslice-controller']);
    // What the slice holds now, read from the API as kubectl would.
    const slice = (
      await demoRequest(
        demo.cluster,
        '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dshop',
      )
    ).json().items[0];
    assert.equal(created.object.name, slice.metadata.name);
    const ready = steps.filter((step) => step.kind === 'endpoint-ready');
    assert.deepEqual(
      ready.map((step) => [step.endpoint!.targetName, step.node, step.endpoint!.addresses[0], step.endpoint!.podReadyBy]).sort(),
      slice.endpoints
        .map((endpoint: { targetRef: { name: string }; nodeName: string; addresses: string[] }) => [
          endpoint.targetRef.name,
          endpoint.nodeName,
          endpoint.addresses[0],
          'kubelet',
        ])
        .sort(),
    );
    for (const step of ready) {
      // Seen by the watch, timed by the slice's write: no bound to report.
      assert.equal(step.endpoint!.notAfter, null);
      assert.notEqual(step.seenAt, null);
      const podReady = steps.findIndex((candidate) => candidate.kind === 'ready' && candidate.object.name === step.endpoint!.targetName);
      assert.ok(podReady !== -1 && podReady < steps.indexOf(step), `kubelet's Ready of ${step.endpoint!.targetName} comes first`);
      assert.match(step.text, /^Endpoint \S+ of Pod \S+ on \S+ ready in EndpointSlice \S+: kubelet made the Pod Ready$/);
    }
  });

  it('a user who may not list EndpointSlices gets the Service and a line saying what could not be read, with the can-i line', async () => {
    demo.cluster.control.forbid('endpointslices.discovery.k8s.io', 'kube-system');
    const { code, stdout, stderr } = await runOnDemo(demo, traceCommand, 'svc/kube-dns', '-n', 'kube-system');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /Service kube-dns stored by kube-apiserver/);
    assert.match(stdout, /^EndpointSlices in kube-system: hidden from you — needs list endpointslices\.discovery\.k8s\.io in kube-system/m);
    assert.match(
      stdout,
      /^ {2}Check: kubectl auth can-i list endpointslices\.discovery\.k8s\.io -n kube-system --context kind-multi-node$/m,
    );
    assert.doesNotMatch(stdout, /Endpoints: 0/);
    assert.doesNotMatch(stdout, /EndpointSlice kube-dns-/);
  });
});
