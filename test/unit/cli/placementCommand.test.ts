import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placementCommand } from '../../../src/cli/placementCommand';
import type { PlacementReport } from '../../../src/core/placement/place';
import { demoRequest, startDemo, type RunningDemo, runOnDemo } from '../../support/demo';
import { until } from '../../support/until';

const placement = (demo: RunningDemo, ...args: string[]) => runOnDemo(demo, placementCommand, ...args);

describe('cluster-anatomy placement, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let folder: string;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
    folder = mkdtempSync(join(tmpdir(), 'placement-'));
  });
  after(async () => {
    await demo?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("judges a workload's Pod template from a manifest: the nodes it fits, and why not the control plane", async () => {
    const manifest = join(folder, 'web.yaml');
    writeFileSync(
      manifest,
      [
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata: {name: settings}',
        '---',
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: web, namespace: shop}',
        'spec:',
        '  template:',
        '    spec:',
        '      containers: [{name: web, image: nginx, resources: {requests: {cpu: 500m}}}]',
        '',
      ].join('\n'),
    );
    const { code, stdout } = await placement(demo, manifest, '--line', '7');
    assert.equal(code, 0);
    assert.match(stdout, /^Pod shop\/web \(template\) \(of Deployment web\): not in the cluster: where it could go now\n/);
    assert.match(stdout, /fits 2 of 3 nodes: multi-node-worker, multi-node-worker2\n/);
    assert.match(
      stdout,
      /✗ multi-node-control-plane: TaintToleration: the node has the taint node-role\.kubernetes\.io\/control-plane:NoSchedule, not tolerated\n/,
    );
    assert.match(stdout, /scores and tie-breaks/);
  });

  it('words the report and the evidence from the placement catalog in Japanese with --lang ja', async () => {
    const manifest = join(folder, 'web-ja.yaml');
    writeFileSync(
      manifest,
      [
        'apiVersion: v1',
        'kind: Pod',
        'metadata: {name: web, namespace: shop}',
        'spec:',
        '  containers: [{name: web, image: nginx}]',
        '',
      ].join('\n'),
    );
    const { code, stdout } = await placement(demo, manifest, '--lang', 'ja');
    assert.equal(code, 0);
    assert.match(stdout, /^Pod shop\/web: クラスタにはありません: 今ならどこに置けるか\n/);
    assert.match(stdout, /今のフィルター: 3 ノード中 2 ノードに収まる: multi-node-worker, multi-node-worker2\n/);
    assert.match(
      stdout,
      /✗ multi-node-control-plane: TaintToleration: ノードにはテイント node-role\.kubernetes\.io\/control-plane:NoSchedule があり、許容されていません\n/,
    );
    assert.match(stdout, /判定していないもの:/);
  });

  it('for a Pod that fits no node, says what would make it fit, with the edit, in text, JSON and Japanese', async () => {
    const manifest = join(folder, 'control-plane-only.yaml');
    writeFileSync(
      manifest,
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: pinned, namespace: shop}',
        'spec:',
        '  template:',
        '    spec:',
        '      nodeSelector: {kubernetes.io/hostname: multi-node-control-plane}',
        '      containers: [{name: web, image: nginx}]',
        '',
      ].join('\n'),
    );
    const { code, stdout } = await placement(demo, manifest);
    assert.equal(code, 0);
    assert.match(stdout, /\nWhat would make it fit \(the filters re-run with each change\):\n/);
    assert.match(
      stdout,
      /\n {2}- tolerate the taint node-role\.kubernetes\.io\/control-plane:NoSchedule \(on multi-node-control-plane\) → fits 1 of 3 nodes: multi-node-control-plane\n {6}edit \(JSON Patch of Deployment pinned\): \[\{"op":"add","path":"\/spec\/template\/spec\/tolerations","value":\[\{"key":"node-role\.kubernetes\.io\/control-plane","operator":"Exists","effect":"NoSchedule"\}\]\}\]\n/,
    );
    assert.match(stdout, /- drop nodeSelector kubernetes\.io\/hostname=multi-node-control-plane .*→ fits 2 of 3 nodes/);

    const json = await placement(demo, manifest, '--json');
    const suggestions = (JSON.parse(json.stdout) as { suggestions: { fits: string[]; edit: { of: string; jsonPatch: unknown[] } }[] })
      .suggestions;
    assert.ok(
      suggestions.some((suggestion) => suggestion.fits.join() === 'multi-node-control-plane' && suggestion.edit.of === 'Deployment pinned'),
    );

    const ja = await placement(demo, manifest, '--lang', 'ja');
    assert.match(ja.stdout, /収まるようにするには/);
    assert.match(ja.stdout, /テイント node-role\.kubernetes\.io\/control-plane:NoSchedule を許容する/);
  });

  it("keeps a manifest's value with a line feed on its own line, escaped: it forges no verdict", async () => {
    const manifest = join(folder, 'forged.yaml');
    const forged = 'ssd\n  ✓ multi-node-worker: FITS (all filters pass)\nVerdict: schedulable everywhere';
    writeFileSync(
      manifest,
      `apiVersion: v1\nkind: Pod\nmetadata: {name: forged}\nspec:\n  nodeSelector: {disktype: ${JSON.stringify(forged)}}\n  containers: [{name: c, image: nginx}]\n`,
    );
    const { code, stdout } = await placement(demo, manifest);
    assert.equal(code, 0);
    const lines = stdout.split('\n');
    assert.ok(!lines.some((line) => /^\s*(✓|Verdict:)/.test(line)), stdout);
    assert.match(
      stdout,
      /✗ multi-node-worker: NodeAffinity: nodeSelector disktype=ssd\\n {2}✓ multi-node-worker: FITS \(all filters pass\)\\nVerdict: schedulable everywhere: the node has no label disktype\n/,
    );
  });

  it('on a Pending Pod, prints what the scheduler said beside its own verdict', async () => {
    // A nodeSelector no node satisfies: the new ReplicaSet's Pods stay Pending.
    const patch = await demoRequest(demo.cluster, '/apis/apps/v1/namespaces/kube-system/deployments/coredns', {
      method: 'PATCH',
      body: JSON.stringify({ spec: { template: { spec: { nodeSelector: { disktype: 'ssd' } } } } }),
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
    });
    assert.equal(patch.status, 200, patch.text);
    const failed = await until('a FailedScheduling Event', async () => {
      const events = (
        await demoRequest(demo.cluster, '/api/v1/namespaces/kube-system/events?fieldSelector=reason%3DFailedScheduling')
      ).json().items as { involvedObject: { name: string }; message: string }[];
      return events.find((event) => event.message.includes('disktype') || event.message.includes('node affinity/selector'));
    });
    const { code, stdout } = await placement(demo, '--pod', `kube-system/${failed.involvedObject.name}`, '--json');
    assert.equal(code, 0);
    const report = JSON.parse(stdout) as PlacementReport & { schedulerSaid: { message: string }[] };
    assert.equal(report.state, 'pending');
    assert.deepEqual(report.feasible, []);
    assert.equal(report.schedulerSaid[0]!.message, failed.message);
    // What would make it fit is an edit of the Deployment over the Pod's ReplicaSet, where it lasts.
    const { suggestions } = report as unknown as { suggestions: { changes: { kind: string }[]; edit: unknown }[] };
    assert.deepEqual(suggestions.find((suggestion) => suggestion.changes[0]!.kind === 'dropNodeSelector')?.edit, {
      of: 'Deployment coredns',
      jsonPatch: [{ op: 'remove', path: '/spec/template/spec/nodeSelector/disktype' }],
    });
    const text = await placement(demo, '--pod', `kube-system/${failed.involvedObject.name}`);
    assert.match(
      text.stdout,
      /The scheduler said \(FailedScheduling.*\):\n {2}0\/3 nodes are available: 3 node\(s\) didn't match Pod's node affinity\/selector\./,
    );
    assert.match(text.stdout, /✗ multi-node-worker: NodeAffinity: nodeSelector disktype=ssd: the node has no label disktype/);
  });

  it('says which filters it cannot judge when the Pods cannot be listed, and guesses none', async () => {
    const manifest = join(folder, 'greedy.yaml');
    writeFileSync(
      manifest,
      'apiVersion: v1\nkind: Pod\nmetadata: {name: greedy}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]\n',
    );
    demo.cluster.control.forbid('pods');
    try {
      const { code, stdout } = await placement(demo, manifest, '--json');
      assert.equal(code, 0);
      const report = JSON.parse(stdout) as PlacementReport & { boundPodsError?: string };
      assert.deepEqual(report.feasible, [], 'nothing is called a fit that depends on what is unknown');
      assert.deepEqual(
        report.nodes.map((node) => [node.node, node.feasible, node.unknown]),
        [
          ['multi-node-control-plane', false, ['NodeResourcesFit']],
          ['multi-node-worker', 'unknown', ['NodeResourcesFit']],
          ['multi-node-worker2', 'unknown', ['NodeResourcesFit']],
        ],
      );
      assert.equal(report.message, null, 'no scheduler message from unknowns');
      assert.match(report.boundPodsError ?? '', /forbidden|cannot list/i);
      const text = await placement(demo, manifest);
      assert.match(text.stdout, /\? multi-node-worker: not known: NodeResourcesFit\n/);
      assert.match(text.stdout, /\(the Pods bound to nodes could not be read: /);
    } finally {
      demo.cluster.control.allow('pods');
    }
  });

  it('rejects bad arguments and bad files with a clear message', async () => {
    const cases: [string[], number, RegExp][] = [
      [[], 2, /give either --pod NAMESPACE\/NAME or one FILE/],
      [['--pod', 'no-namespace'], 2, /--pod must be NAMESPACE\/NAME/],
      [['--pod', 'a/b', '--line', '3'], 2, /--line goes with FILE/],
      [[join(folder, 'missing.yaml')], 1, /no such file/],
      [['--pod', 'kube-system/no-such-pod'], 1, /not found|NotFound|404/i],
    ];
    const broken = join(folder, 'broken.yaml');
    writeFileSync(broken, 'kind: Pod\nmetadata: {name: x\n');
    cases.push([[broken], 1, /broken\.yaml: /]);
    const two = join(folder, 'two.yaml');
    writeFileSync(two, 'kind: Pod\nmetadata: {name: a}\nspec: {}\n---\nkind: Pod\nmetadata: {name: b}\nspec: {}\n');
    cases.push([[two], 2, /has 2 objects that make Pods; pick one with --line L/]);
    for (const [args, expected, message] of cases) {
      const { code, stderr } = await placement(demo, ...args);
      assert.equal(code, expected, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, message, args.join(' '));
    }
  });
});
