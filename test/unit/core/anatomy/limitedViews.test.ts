// The views' models of a limited user's anatomy, as the session builds it against the demo cluster with RBAC
// hiding the Nodes and kube-system's Pods: the tree model, the diagram's scene and the status's words.
import * as assert from 'node:assert/strict';
import type { ClusterSession } from '../../../../src/core/anatomy/clusterSession';
import { limitedText } from '../../../../src/core/anatomy/standpointText';
import { childElements, type TreeElement } from '../../../../src/core/anatomy/treeModel';
import { layoutDiagram } from '../../../../src/core/diagram/layout';
import { defaultUiState } from '../../../../src/core/diagram/scene';
import { type RunningDemo, startDemo } from '../../../support/demo';
import { startSession } from '../../../support/session';
import { until } from '../../../support/until';

describe('the views of a limited user on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let session: ClusterSession;

  before(async () => {
    // Two workload Pods per worker in default, the namespace of the demo's context.
    demo = await startDemo({ generate: { nodes: 3, podsPerNode: 2 } });
    demo.cluster.control.forbid('pods', 'kube-system');
    demo.cluster.control.forbid('nodes');
    session = await startSession(demo.kubeconfigPath, demo.env, { coalesceMs: 20 });
    await until('the anatomy from where the user stands', () => session.current?.standpoint?.nodes.length === 2);
  });

  after(async () => {
    session?.dispose();
    await demo?.stop();
  });

  it('says in the status how much the user may read, what is hidden and how to check it', () => {
    const status = session.status;
    assert.equal(status.state, 'connected');
    assert.equal(status.message, undefined, 'nothing failed: RBAC hides, it does not fail');
    const text = limitedText(status.limited!, status.context);
    assert.equal(text.short, 'limited: 12 of 14 reads allowed');
    assert.deepEqual(
      text.lines.filter((line) => line.indent === 0).map((line) => line.text),
      [
        'Nodes: hidden from you — needs list, watch nodes (cluster-wide)',
        'Pods in kube-system: hidden from you — needs list, watch pods in kube-system',
      ],
    );
    assert.ok(text.lines.some((line) => line.text === 'check: kubectl auth can-i list nodes --context kind-multi-node'));
  });

  it('gives the tree what the user sees first, and sections that say hidden instead of nothing', () => {
    const anatomy = session.current!;
    const roots = childElements(anatomy, undefined);
    const kind = (element: TreeElement) => (element.type === 'section' ? element.section : element.type);
    assert.deepEqual(roots.map(kind), ['standpoint', 'hidden', 'controlPlane', 'nodes', 'addons', 'absent']);
    const children = (section: string) =>
      childElements(
        anatomy,
        roots.find((root) => kind(root) === section),
      );
    const hiddenIds = (elements: TreeElement[]) =>
      elements.map((element) => (element.type === 'hiddenRead' ? element.hidden.id : element.type));
    assert.deepEqual(hiddenIds(children('controlPlane')), ['nodes', 'pods']);
    assert.deepEqual(hiddenIds(children('nodes')), ['nodes']);
    assert.deepEqual(hiddenIds(children('absent')), ['pods']);
    const [apiServer, nodes, namespace] = children('standpoint');
    assert.equal(apiServer?.type, 'standpointApiServer');
    assert.deepEqual(
      childElements(anatomy, nodes).map((element) => element.type === 'inferredNode' && element.node.name),
      ['multi-node-worker', 'multi-node-worker2'],
    );
    assert.equal(namespace?.type === 'userNamespace' && namespace.namespace.name, 'default');
    const pods = childElements(anatomy, namespace);
    assert.equal(pods.length, 4);
    assert.ok(pods.every((pod) => pod.type === 'userPod' && pod.pod.workload === 'Deployment/workload-0' && pod.pod.actors.length > 0));
  });

  it("draws the hub as seen, the rest of the control plane and the agents hidden, and the user's Pods on their nodes", () => {
    const scene = layoutDiagram(session.current!, defaultUiState);
    const health = (id: string) => scene.boxes.find((box) => box.id === id)?.health;
    assert.equal(health('cp:kube-apiserver'), 'ok');
    for (const id of ['cp:etcd', 'cp:kube-scheduler', 'cp:kube-controller-manager', 'node:multi-node-worker:kubelet', 'nodes:hidden'])
      assert.equal(health(id), 'hidden', id);
    assert.ok(scene.boxes.every((box) => box.health !== 'absent'));
    assert.equal(scene.boxes.filter((box) => box.kind === 'pod').length, 4);
    assert.match(
      scene.boxes.find((box) => box.id === 'cp:etcd')!.card!.runsHere.join('\n'),
      /check: kubectl auth can-i list pods -n kube-system --context kind-multi-node/,
    );
  });
});

describe('the views of a user who may read kube-system but not the Nodes, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let session: ClusterSession;

  before(async () => {
    demo = await startDemo();
    demo.cluster.control.forbid('nodes');
    session = await startSession(demo.kubeconfigPath, demo.env, { coalesceMs: 20 });
    await until('the components on the nodes their Pods name', () => (session.current?.standpoint?.nodes.length ?? 0) === 3);
  });

  after(async () => {
    session?.dispose();
    await demo?.stop();
  });

  it("lists kube-system's Pods under the nodes they name, and says only the Nodes are hidden", () => {
    const anatomy = session.current!;
    const roots = childElements(anatomy, undefined);
    const kind = (element: TreeElement) => (element.type === 'section' ? element.section : element.type);
    const standpoint = childElements(
      anatomy,
      roots.find((root) => kind(root) === 'standpoint'),
    );
    const nodes = childElements(
      anatomy,
      standpoint.find((element) => element.type === 'inferredNodes'),
    );
    const controlPlane = nodes.find((element) => element.type === 'inferredNode' && element.node.name === 'multi-node-control-plane')!;
    const pods = childElements(anatomy, controlPlane).map((element): string =>
      element.type === 'pod' ? element.pod.component : element.type,
    );
    for (const component of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kube-proxy'])
      assert.ok(pods.includes(component), `${component} among ${pods.join(', ')}`);
    assert.deepEqual(
      anatomy.hidden?.map((read) => read.id),
      ['nodes'],
    );
  });

  it('draws the control plane from its Pods, the agents the Nodes would show as hidden', () => {
    const scene = layoutDiagram(session.current!, defaultUiState);
    const box = (id: string) => scene.boxes.find((each) => each.id === id);
    assert.equal(box('cp:etcd')?.health, 'ok');
    assert.match(box('cp:etcd')!.card!.runsHere[0]!, /etcd-multi-node-control-plane on multi-node-control-plane/);
    assert.equal(box('cp:cloud-controller-manager')?.health, 'absent', 'kube-system read: its absence is known');
    assert.notEqual(box('cp')?.health, 'hidden');
    assert.equal(box('node:multi-node-worker:kubelet')?.health, 'hidden');
    assert.equal(box('node:multi-node-worker:kube-proxy'), undefined, 'its kube-proxy is a Pod there');
    assert.ok(
      scene.boxes.some((each) => each.kind === 'pod' && each.node === 'multi-node-worker' && each.target?.component === 'kube-proxy'),
    );
    assert.ok(
      scene.edges.some((edge) => edge.fromComponent === 'kube-proxy' && edge.node === 'multi-node-worker' && edge.kind === 'watch'),
    );
  });
});

describe('the views of a user who may read the Nodes but not kube-system, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let session: ClusterSession;

  before(async () => {
    demo = await startDemo();
    demo.cluster.control.forbid('pods', 'kube-system');
    session = await startSession(demo.kubeconfigPath, demo.env, { coalesceMs: 20 });
    await until('the anatomy from where the user stands', () => session.current?.standpoint && session.current.nodes.length === 3);
  });

  after(async () => {
    session?.dispose();
    await demo?.stop();
  });

  it('draws the nodes as read, and what kube-system would show as hidden, never absent', () => {
    const scene = layoutDiagram(session.current!, defaultUiState);
    const box = (id: string) => scene.boxes.find((each) => each.id === id);
    assert.ok(
      scene.boxes.every((each) => each.health !== 'absent'),
      'nothing is absent because it is hidden',
    );
    for (const id of ['cp:etcd', 'cp:kube-scheduler', 'node:multi-node-worker:kube-proxy']) assert.equal(box(id)?.health, 'hidden', id);
    assert.match(box('node:multi-node-worker:kube-proxy')!.card!.runsHere[0]!, /^hidden from you — needs list, watch pods in kube-system$/);
    assert.equal(box('node:multi-node-worker:kubelet')?.health, 'ok', 'the Node says how its kubelet is');
    const absent = childElements(session.current!, undefined).find((root) => root.type === 'section' && root.section === 'absent');
    assert.deepEqual(
      childElements(session.current!, absent).map((element) => (element.type === 'hiddenRead' ? element.hidden.id : element.type)),
      ['pods'],
    );
  });
});
