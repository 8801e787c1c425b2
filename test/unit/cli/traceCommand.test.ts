import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { traceCommand } from '../../../src/cli/traceCommand';
import { runCli } from '../../../src/cli/run';
import { EventRing } from '../../../src/core/trace/eventRing';
import { traceEventOf, traceObjectOf } from '../../../src/core/trace/objects';
import { savedTraceOf, savedTraceText } from '../../../src/core/trace/savedTrace';
import { buildTrace } from '../../../src/core/trace/timeline';
import { startDemo } from '../../support/demo';

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
