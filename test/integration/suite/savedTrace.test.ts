// A saved trace in a real VS Code, without a cluster: "Open a Saved Trace…" shows its steps in the Trace view
// (a Pod gone before it was read, told from its Events, says so), the replay steps back and on and plays to the
// end, a broken file is refused with a clear error and loses nothing, and "Save the Trace…" writes it again.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EventRing } from '../../../src/core/trace/eventRing';
import { traceEventOf, traceObjectOf } from '../../../src/core/trace/objects';
import { savedTraceOf, savedTraceText } from '../../../src/core/trace/savedTrace';
import { buildTrace } from '../../../src/core/trace/timeline';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';
const at = (seconds: number) => new Date(Date.parse('2026-12-03T10:00:00Z') + seconds * 1000).toISOString().replace('.000Z', 'Z');

/** A Deployment read after its first Pod was replaced: that Pod's steps come from the Events that name it. */
function savedTrace(): string {
  const root = traceObjectOf(
    {
      metadata: {
        name: 'web',
        namespace: 'default',
        uid: 'd1',
        creationTimestamp: at(0),
        managedFields: [{ manager: 'kubectl-create', operation: 'Update', time: at(0), fieldsV1: { 'f:spec': {} } }],
      },
      spec: { replicas: 1 },
    },
    'Deployment',
  );
  const rs = traceObjectOf(
    {
      metadata: {
        name: 'web-1',
        namespace: 'default',
        uid: 'r1',
        creationTimestamp: at(1),
        ownerReferences: [{ kind: 'Deployment', name: 'web', uid: 'd1', controller: true }],
      },
      spec: { replicas: 0 },
    },
    'ReplicaSet',
  );
  const events = new EventRing();
  const rsEvent = (uid: string, reason: string, message: string, seconds: number) =>
    traceEventOf({
      metadata: { uid },
      involvedObject: { kind: 'ReplicaSet', name: 'web-1', uid: 'r1' },
      reason,
      message,
      source: { component: 'replicaset-controller' },
      lastTimestamp: at(seconds),
    });
  events.record(rsEvent('e1', 'SuccessfulCreate', 'Created pod: web-1-a', 2));
  events.record(
    traceEventOf({
      metadata: { uid: 'e2' },
      involvedObject: { kind: 'Pod', name: 'web-1-a', uid: 'p1' },
      reason: 'Scheduled',
      message: 'Successfully assigned default/web-1-a to worker2',
      reportingComponent: 'default-scheduler',
      eventTime: at(3),
    }),
  );
  events.record(rsEvent('e3', 'SuccessfulDelete', 'Deleted pod: web-1-a', 5));
  const trace = buildTrace({
    target: { kind: 'Deployment', namespace: 'default', name: 'web' },
    root,
    replicaSets: [rs],
    pods: [],
    events,
  });
  return savedTraceText(savedTraceOf(trace, events.all(), { context: 'kind-kind' }));
}

describe('a saved trace', function () {
  this.timeout(60_000);
  let api: ClusterAnatomyApi;
  let folder: string;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    folder = mkdtempSync(join(tmpdir(), 'cluster-anatomy-saved-trace-'));
  });

  after(() => rmSync(folder, { recursive: true, force: true }));

  it('opens without a cluster: the Trace view shows its rows, the steps read from Events marked, and replays them', async () => {
    const file = join(folder, 'web.trace.json');
    writeFileSync(file, savedTrace());
    const opened = await vscode.commands.executeCommand<{ kind: string; name: string } | undefined>(
      'clusterAnatomy.trace.open',
      vscode.Uri.file(file),
    );
    assert.deepEqual([opened?.kind, opened?.name], ['Deployment', 'web']);
    const shown = await until('the saved trace in the Trace view', () => (api.trace()?.items.length === 5 ? api.trace() : undefined));
    assert.equal(shown.state, 'ended');
    assert.equal(shown.description, 'Deployment default/web · saved trace · step 5 of 5');
    assert.deepEqual(
      shown.items.map((item) => item.step),
      [
        'Deployment web stored by kube-apiserver (sent by kubectl-create)',
        'ReplicaSet web-1 created by deployment-controller',
        'Pod web-1-a created by replicaset-controller (read from Events: the Pod is gone)',
        'Pod web-1-a bound to node worker2 (read from Events: the Pod is gone)',
        'Pod web-1-a deleted by replicaset-controller (read from Events: the Pod is gone)',
      ],
    );
    assert.match(shown.items[3]!.description, /^Pod web-1-a bound to node worker2 \(read from Events: the Pod is gone\) · \+1 s$/);

    await vscode.commands.executeCommand('clusterAnatomy.trace.previousStep');
    await vscode.commands.executeCommand('clusterAnatomy.trace.previousStep');
    await until('two steps back', () => api.trace()?.items.length === 3);
    assert.equal(api.trace()!.description, 'Deployment default/web · saved trace · step 3 of 5');
    await vscode.commands.executeCommand('clusterAnatomy.trace.nextStep');
    await until('a step on', () => api.trace()?.items.length === 4);
    // Played on from where it stands at 16× the recorded pace, to the last step. The view's rows follow the replay's
    // state once VS Code has asked for them again: both are waited for.
    await vscode.commands.executeCommand('clusterAnatomy.trace.replay', 16);
    await until(
      'the replay to end with every step shown',
      () => api.trace()?.state === 'ended' && api.trace()?.items.length === 5,
      30_000,
      50,
    );
    assert.equal(api.trace()!.description, 'Deployment default/web · saved trace · step 5 of 5');
  });

  it('refuses a broken file with a clear error, and the trace shown stays', async () => {
    const before = api.trace()!;
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, JSON.stringify({ format: 'cluster-anatomy/trace', version: 1, savedAt: at(0), trace: { target: 42 } }));
    const opened = await vscode.commands.executeCommand('clusterAnatomy.trace.open', vscode.Uri.file(broken));
    assert.equal(opened, undefined);
    assert.deepEqual(api.trace(), before);
  });

  it('saves the trace shown again, as it was saved', async () => {
    const copy = vscode.Uri.file(join(folder, 'copy.trace.json'));
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('clusterAnatomy.trace.save', copy);
    assert.equal(written?.fsPath, copy.fsPath);
    assert.deepEqual(JSON.parse(readFileSync(copy.fsPath, 'utf8')).trace, JSON.parse(savedTrace()).trace);
  });
});
