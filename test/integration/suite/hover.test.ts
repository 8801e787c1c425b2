// Runs inside a real VS Code extension host (see scripts/vscode-host/run.mjs): manifest hovers answer
// `vscode.executeHoverProvider` beside whatever other hovers the host has.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PlacementHoverInput } from '../../../src/core/placement/hoverAnswer';
import { schedulingNodeOf, type SchedulingPod } from '../../../src/core/placement/objects';
import { explainPlacement } from '../../../src/core/placement/place';
import { BoundPods } from '../../../src/core/placement/boundPods';
import { suggestPlacement } from '../../../src/core/placement/suggest';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { registerManifestHovers } from '../../../src/ui/hover/manifestHoverProvider';
import { until } from '../../support/until';

const manifest = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  replicas: 2',
  '  template:',
  '    spec:',
  '      nodeName: kind-worker',
  '      containers:',
  '      - name: nginx',
  '        image: nginx:1.27',
  '---',
  'apiVersion: v1',
  'kind: Pod',
  'metadata:',
  '  name: pinned',
  'spec:',
  '  nodeName: kind-worker',
  '',
].join('\n');

/** The text of every hover VS Code collects at a position, from all providers. */
async function hoverTexts(uri: vscode.Uri, line: number, character: number): Promise<string[]> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    uri,
    new vscode.Position(line, character),
  );
  return (hovers ?? []).flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)));
}

const headings = { en: '**Who acts on**', ja: '**誰が扱うか:**' } as const;

/** Our hovers among all of them; the extension's own provider may answer too once it is active. */
function oursAll(texts: string[], language?: keyof typeof headings): string[] {
  return texts.filter((text) => (language ? [headings[language]] : Object.values(headings)).some((heading) => text.includes(heading)));
}

function ours(texts: string[], language?: keyof typeof headings): string | undefined {
  return oursAll(texts, language)[0];
}

describe('Manifest hovers in VS Code', () => {
  let folder: string;
  let uri: vscode.Uri;
  const registrations: vscode.Disposable[] = [];

  before(async () => {
    // Suites before this one may have left the demo cluster connected: these tests want no live cluster.
    await vscode.extensions.getExtension('cluster-anatomy.cluster-anatomy')?.activate();
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    folder = mkdtempSync(join(tmpdir(), 'cluster-anatomy-hover-'));
    const file = join(folder, 'web.yaml');
    writeFileSync(file, manifest);
    uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  });

  afterEach(() => {
    for (const registration of registrations.splice(0)) registration.dispose();
  });

  after(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it("explains a Pod's spec.nodeName: the scheduler writes it, the kubelet runs the Pod", async () => {
    registrations.push(registerManifestHovers({ language: () => 'en' }));
    const text = ours(await hoverTexts(uri, 18, 4), 'en');
    assert.ok(text, 'no Cluster Anatomy hover on spec.nodeName');
    assert.match(text, /\*\*Who acts on\*\* spec\.nodeName · Pod/);
    assert.match(text, /\$\(target\) \*\*kube-scheduler\*\* · when scheduling, writes it/);
    assert.match(text, /\$\(vm\) \*\*kubelet\*\*/);
    assert.match(text, /assign-pod-node\/#nodename/);
  });

  it('explains spec.template.spec.containers[0].image of a Deployment as Pod knowledge', async () => {
    registrations.push(registerManifestHovers({ language: () => 'en' }));
    const text = ours(await hoverTexts(uri, 11, 17), 'en');
    assert.ok(text, 'no Cluster Anatomy hover on the image');
    assert.match(text, /spec\.template\.spec\.containers\\\[0\\\]\.image · Deployment/);
    assert.match(text, /In a Pod template: the controllers \(deployment → replicaset\)/);
    assert.match(text, /\*\*kubelet\*\* · at run time, reads it — Asks the container runtime to pull the image/);
  });

  it("answers for the value and the object: a LoadBalancer Service, a class-handled one, a scheduler's Lease", async () => {
    registrations.push(registerManifestHovers({ language: () => 'en' }));
    const file = join(folder, 'values.yaml');
    writeFileSync(
      file,
      [
        'apiVersion: v1',
        'kind: Service',
        'metadata:',
        '  name: public',
        'spec:',
        '  type: LoadBalancer',
        '---',
        'apiVersion: v1',
        'kind: Service',
        'metadata:',
        '  name: internal',
        'spec:',
        '  type: LoadBalancer',
        '  loadBalancerClass: example.com/vip',
        '---',
        'apiVersion: coordination.k8s.io/v1',
        'kind: Lease',
        'metadata:',
        '  name: kube-scheduler',
        '  namespace: kube-system',
        'spec:',
        '  holderIdentity: cp-1',
        '',
      ].join('\n'),
    );
    const values = vscode.Uri.file(file);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(values));
    const cloud = ours(await hoverTexts(values, 5, 10), 'en');
    assert.ok(cloud, 'no hover on type: LoadBalancer');
    assert.match(
      cloud.split('\n\n')[1],
      /^\$\(cloud\) \*\*cloud-controller-manager\*\* \(service\)/,
      "the cloud provider's service controller first",
    );
    assert.match(cloud, /\*\*kube-proxy\*\* · continuously, reads it — Only the node side/);
    const classed = ours(await hoverTexts(values, 12, 10), 'en');
    assert.ok(classed, 'no hover on the second type: LoadBalancer');
    assert.match(classed, /\*\*the load balancer of that loadBalancerClass\*\*/);
    assert.doesNotMatch(classed, /\*\*cloud-controller-manager\*\*/);
    const lease = ours(await hoverTexts(values, 21, 5), 'en');
    assert.ok(lease, "no hover on the Lease's holderIdentity");
    assert.match(lease, /\$\(target\) \*\*kube-scheduler\*\* · continuously, writes it — kube-scheduler's leader-election lock/);
    assert.doesNotMatch(lease, /\*\*kubelet\*\*/);
  });

  it('speaks Japanese when the display language is Japanese', async () => {
    registrations.push(registerManifestHovers({ language: () => 'ja' }));
    const text = ours(await hoverTexts(uri, 5, 3), 'ja');
    assert.ok(text, 'no Japanese Cluster Anatomy hover on spec.replicas');
    assert.match(text, /\*\*誰が扱うか:\*\* spec\.replicas · Deployment/);
    assert.match(text, /Deployment のコントローラー/);
  });

  it('answers nothing off the fields, and stops answering when disposed', async () => {
    const before = oursAll(await hoverTexts(uri, 18, 4)).length;
    const registration = registerManifestHovers({ language: () => 'en' });
    assert.equal(ours(await hoverTexts(uri, 12, 1)), undefined, 'the document separator is not a field');
    assert.equal(oursAll(await hoverTexts(uri, 18, 4)).length, before + 1);
    registration.dispose();
    assert.equal(oursAll(await hoverTexts(uri, 18, 4)).length, before, 'still answering after dispose');
  });

  it("adds the live value and the field's manager from a live lookup, and says when the manager is unknown", async () => {
    const live: Record<string, object> = {
      Deployment: {
        metadata: {
          name: 'web',
          managedFields: [
            {
              manager: 'kubectl-client-side-apply',
              operation: 'Update',
              time: '2026-12-01T10:00:00Z',
              fieldsType: 'FieldsV1',
              fieldsV1: { 'f:spec': { 'f:replicas': {} } },
            },
            {
              manager: 'kube-controller-manager',
              operation: 'Update',
              subresource: 'status',
              time: '2026-12-01T10:00:09Z',
              fieldsType: 'FieldsV1',
              fieldsV1: { 'f:status': { 'f:replicas': {} } },
            },
          ],
        },
        spec: { replicas: 3 },
      },
      // The scheduler's binding wrote nodeName: no managedFields entry covers it.
      Pod: { metadata: { name: 'pinned', managedFields: [] }, spec: { nodeName: 'kind-worker' } },
    };
    const asked: unknown[][] = [];
    registrations.push(
      registerManifestHovers({
        language: () => 'en',
        live: { contextName: 'kind-kind', isConnected: () => true, find: async (...args) => (asked.push(args), live[args[0]]) },
      }),
    );
    const replicas = oursAll(await hoverTexts(uri, 5, 3), 'en').find((text) => text.includes('**Live**'));
    assert.ok(replicas, 'no live part on spec.replicas');
    assert.deepEqual(asked[0], ['Deployment', 'apps/v1', undefined, 'web']);
    assert.match(replicas, /\*\*Live\*\* \(kind-kind\): value 3/);
    assert.match(replicas, /last written by: \*\*kubectl-client-side-apply\*\* \(Update, 2026/);
    const nodeName = oursAll(await hoverTexts(uri, 18, 4), 'en').find((text) => text.includes('**Live**'));
    assert.ok(nodeName, 'no live part on spec.nodeName');
    assert.match(nodeName, /value kind-worker/);
    assert.match(nodeName, /Who last wrote it is unknown/);
  });

  it('leaves the live part out while no cluster is connected', async () => {
    let calls = 0;
    registrations.push(
      registerManifestHovers({ language: () => 'en', live: { isConnected: () => false, find: async () => (calls++, {}) } }),
    );
    const texts = oursAll(await hoverTexts(uri, 5, 3), 'en');
    assert.ok(texts.length > 0);
    assert.ok(texts.every((text) => !text.includes('**Live**')));
    assert.equal(calls, 0);
  });

  it("says while the cluster's Pods are being listed, and keeps node names from the cluster from becoming markup", async function () {
    this.timeout(20_000);
    const asked: SchedulingPod[] = [];
    const cluster: { answer?: PlacementHoverInput } = {};
    registrations.push(
      registerManifestHovers({
        language: () => 'en',
        live: {
          contextName: 'prod',
          namespace: 'team-a',
          isConnected: () => true,
          find: async () => undefined,
          // Until an answer is set, the watch is still listing: the hover must not wait for it.
          placement: (pod) => (asked.push(pod), cluster.answer ? Promise.resolve(cluster.answer) : new Promise(() => undefined)),
        },
      }),
    );
    const started = Date.now();
    const listing = oursAll(await hoverTexts(uri, 8, 8), 'en').find((text) => text.includes('now:**'));
    assert.ok(Date.now() - started < 10_000);
    assert.ok(listing?.startsWith("**On prod now:** listing the cluster's Pods…\n\n---\n\n**Who acts on**"), listing);
    assert.equal(asked[0]?.namespace, 'team-a', "the context's namespace for a manifest that names none");
    assert.equal(asked[0]?.name, 'web (template)');
    const nodes = ['[evil](https://example.com)', '<img src=x>', 'kind-worker'].map((name) =>
      schedulingNodeOf({ metadata: { name }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } }),
    );
    cluster.answer = { pod: asked[0]!, report: explainPlacement({ pod: asked[0]!, nodes, bound: null }) };
    const text = oursAll(await hoverTexts(uri, 8, 8), 'en').find((candidate) => candidate.includes('now:**'));
    assert.ok(text, 'no placement part');
    assert.ok(text.includes('- \\[evil\\](https\\://example.com) is not the node spec.nodeName names (kind-worker)'), text);
    assert.ok(text.includes('- \\<img src=x\\> is not the node spec.nodeName names'), text);
    assert.match(text, /\*spec\.nodeName names kind-worker: no scheduler places the Pod/);
  });

  it('offers what would make a Pod that fits no node fit, and its "Make this edit" link edits the manifest in the editor', async function () {
    this.timeout(20_000);
    const file = join(folder, 'suggest.yaml');
    writeFileSync(
      file,
      [
        'apiVersion: v1',
        'kind: Pod',
        'metadata:',
        '  name: on-cp # pinned',
        'spec:',
        '  nodeSelector:',
        '    kubernetes.io/hostname: cp',
        '  containers:',
        '  - name: main',
        '    image: nginx',
        '',
      ].join('\n'),
    );
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(document);
    const nodes = [
      schedulingNodeOf({
        metadata: { name: 'cp', labels: { 'kubernetes.io/hostname': 'cp' } },
        spec: { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
        status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
      }),
    ];
    registrations.push(
      registerManifestHovers({
        language: () => 'en',
        live: {
          isConnected: () => true,
          find: async () => undefined,
          placement: async (pod) => {
            const question = { pod, nodes, bound: new BoundPods() };
            const report = explainPlacement(question);
            return { pod, report, suggestions: suggestPlacement(question, report) };
          },
        },
      }),
    );
    const text = oursAll(await hoverTexts(document.uri, 6, 6), 'en').find((candidate) => candidate.includes('now:**'));
    assert.ok(text, 'no placement part');
    assert.ok(text.includes('**What would make it fit (the filters re-run with each change):**'), text);
    const line = text.split('\n').find((candidate) => candidate.startsWith('- tolerate the taint'));
    const link = line && /\(command:clusterAnatomy\.applyPlacementEdit\?([^ )]+) "/.exec(line);
    assert.ok(link, `no edit link in ${text}`);
    const applied = await vscode.commands.executeCommand<boolean>(
      'clusterAnatomy.applyPlacementEdit',
      ...(JSON.parse(decodeURIComponent(link[1]!)) as unknown[]),
    );
    assert.equal(applied, true);
    const edited = document.getText();
    assert.match(edited, /name: on-cp # pinned\n/);
    assert.match(edited, /kubernetes\.io\/hostname: cp\n/);
    assert.match(
      edited,
      /tolerations:\n {4}- key: node-role\.kubernetes\.io\/control-plane\n {6}operator: Exists\n {6}effect: NoSchedule\n/,
    );
    assert.equal(document.isDirty, true, 'the user saves and applies it as usual');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it("answers on tolerations where the manifest's Pod fits on the connected demo cluster now, and why not elsewhere", async function () {
    this.timeout(90_000);
    const api = await vscode.extensions.getExtension<ClusterAnatomyApi>('cluster-anatomy.cluster-anatomy')!.activate();
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster');
    assert.ok(opened, 'the demo cluster opened');
    try {
      await until(
        'a connection to the demo',
        () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === opened.context,
        30_000,
      );
      const file = join(folder, 'placement.yaml');
      writeFileSync(
        file,
        [
          'apiVersion: v1',
          'kind: Pod',
          'metadata:',
          '  name: no-control-plane',
          'spec:',
          '  tolerations:',
          '  - key: example.com/gpu',
          '    operator: Exists',
          '  containers:',
          '  - name: main',
          '    image: nginx',
          '---',
          'apiVersion: v1',
          'kind: Pod',
          'metadata:',
          '  name: anywhere',
          'spec:',
          '  tolerations:',
          '  - key: node-role.kubernetes.io/control-plane',
          '    operator: Exists',
          '    effect: NoSchedule',
          '  containers:',
          '  - name: main',
          '    image: nginx',
          '',
        ].join('\n'),
      );
      const pods = vscode.Uri.file(file);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(pods));
      // The first question starts the watch of the cluster's Pods: the hover may say it is still listing them.
      const placementAt = (line: number) =>
        until(
          `the placement part of the hover at line ${line + 1}`,
          async () => {
            const text = oursAll(await hoverTexts(pods, line, 4), 'en').find(
              (candidate) => candidate.includes('now:**') && !candidate.includes('listing the cluster'),
            );
            // Cluster text is escaped in the hover: compare it without the escapes.
            return text?.replace(/\\/g, '');
          },
          30_000,
          250,
        );
      const without = await placementAt(5);
      assert.ok(without.includes(`**On ${opened.context} now:** fits 2 of 3 nodes: multi-node-worker, multi-node-worker2`), without);
      assert.ok(
        without.includes('- multi-node-control-plane has the taint node-role.kubernetes.io/control-plane:NoSchedule, not tolerated'),
        without,
      );
      assert.ok(
        without.indexOf('now:**') < without.indexOf('**Who acts on**'),
        'above the explanation, where a long explanation cannot hide it',
      );
      const tolerated = await placementAt(17);
      assert.ok(tolerated.includes(`**On ${opened.context} now:** fits 3 of 3 nodes: `), tolerated);
      for (const name of ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2'])
        assert.ok(tolerated.includes(name), `${name} in ${tolerated}`);
      assert.doesNotMatch(tolerated, /not tolerated/);
      // CLUSTER_ANATOMY_PLACEMENT_HOVER_SCREENSHOT=1 … --screenshot tolerations.png: the hover on tolerations.
      if (process.env.CLUSTER_ANATOMY_PLACEMENT_HOVER_SCREENSHOT === '1') {
        const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(pods));
        const position = new vscode.Position(5, 4);
        editor.selection = new vscode.Selection(position, position);
        await vscode.commands.executeCommand('editor.action.showHover');
        await new Promise((done) => setTimeout(done, 2000));
        console.log('[cluster-anatomy-screenshot]');
        await new Promise((done) => setTimeout(done, 1500));
      }
    } finally {
      await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    }
  });

  // CLUSTER_ANATOMY_HOVER_SCREENSHOT=1 node scripts/vscode-host/run.mjs --screenshot hover.png --tests …hover.test.js
  // pictures the hover as a person sees it.
  if (process.env.CLUSTER_ANATOMY_HOVER_SCREENSHOT === '1') {
    it('shows the hover in the editor, for a screenshot', async () => {
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const position = new vscode.Position(11, 17);
      editor.selection = new vscode.Selection(position, position);
      await vscode.commands.executeCommand('editor.action.showHover');
      await new Promise((done) => setTimeout(done, 1500));
      console.log('[cluster-anatomy-screenshot]');
      await new Promise((done) => setTimeout(done, 1500));
    });
  }

  it('is provided by the extension itself', async () => {
    const extension = vscode.extensions.all.find((candidate) => candidate.packageJSON?.name === 'cluster-anatomy');
    await extension?.activate();
    const text = ours(await hoverTexts(uri, 18, 4), 'en');
    assert.ok(text, 'the extension registers no manifest hover');
    assert.match(text, /\$\(target\) \*\*kube-scheduler\*\*/);
    assert.doesNotMatch(text, /\*\*Live\*\*/, 'no cluster is connected in this host: no live part');
  });
});
