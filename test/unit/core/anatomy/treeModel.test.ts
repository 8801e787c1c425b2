import * as assert from 'node:assert/strict';
import { childElements, hasChildren, MAX_CHILDREN, type TreeElement } from '../../../../src/core/anatomy/treeModel';
import type { ClusterAnatomy, NodeAnatomy } from '../../../../src/core/anatomy/types';
import { k3sAnatomy, limitedAnatomy, unreachableAnatomy } from '../../../fixtures/anatomy/builders';

function nodeOf(name: string, role: NodeAnatomy['role'], ready: NodeAnatomy['ready'] = 'True'): NodeAnatomy {
  return {
    name,
    role,
    roleEvidence: [],
    ready,
    readySince: null,
    kubeletVersion: 'v1.37.0',
    containerRuntime: 'containerd://2.1.0',
    osImage: null,
    kernelVersion: null,
    internalIP: null,
    podCIDR: null,
    taints: [],
    lease: null,
    components: [
      {
        component: 'kube-proxy',
        pod: `kube-proxy-${name}`,
        namespace: 'kube-system',
        source: 'daemonset',
        owner: 'DaemonSet/kube-proxy',
        phase: 'Running',
        ready: true,
        restarts: 0,
        reason: null,
        hostNetwork: true,
        evidence: [],
      },
    ],
  };
}

function anatomyWith(workers: number, notReadyEvery = 0): ClusterAnatomy {
  const nodes = [nodeOf('cp', 'control-plane')];
  for (let i = 0; i < workers; i++) nodes.push(nodeOf(`w${i}`, 'worker', notReadyEvery && i % notReadyEvery === 0 ? 'False' : 'True'));
  return {
    context: 'c',
    server: 's',
    serverVersion: null,
    generatedAt: '',
    nodes,
    addons: [],
    absent: [],
    unreadable: [],
    controlPlane: { mode: 'static-pods', evidence: [], highlyAvailable: false, externalEtcd: false },
  };
}

function walk(anatomy: ClusterAnatomy, visit: (element: TreeElement, children: TreeElement[]) => void): void {
  const stack: (TreeElement | undefined)[] = [undefined];
  while (stack.length > 0) {
    const element = stack.pop();
    const children = childElements(anatomy, element);
    if (element) visit(element, children);
    for (const child of children) if (hasChildren(child)) stack.push(child);
  }
}

describe('anatomy tree model', () => {
  it('never gives an element more than MAX_CHILDREN children, and still reaches every node of 5,000', () => {
    const anatomy = anatomyWith(5000, 1000);
    const seenNodes = new Set<string>();
    let widest = 0;
    walk(anatomy, (element, children) => {
      widest = Math.max(widest, children.length);
      if (element.type === 'node') seenNodes.add(element.node.name);
    });
    assert.ok(widest <= MAX_CHILDREN, `widest ${widest}`);
    assert.equal(seenNodes.size, 5001);
  });

  it('summarises a group with its Ready counts', () => {
    const anatomy = anatomyWith(1000, 100);
    const nodes = childElements(anatomy, undefined).find((e) => e.type === 'section' && e.section === 'nodes');
    const children = childElements(anatomy, nodes);
    const group = children[children.length - 1];
    assert.equal(group.type, 'nodeGroup');
    if (group.type !== 'nodeGroup') return;
    assert.equal(group.to - group.from, 1000 - (MAX_CHILDREN - 1));
    assert.equal(group.ready + group.notReady + group.unknown, group.to - group.from);
    // Workers w0, w100, … are NotReady; those at index >= 199 fall in the group.
    assert.equal(group.notReady, [...Array(1000).keys()].filter((i) => i % 100 === 0 && i >= MAX_CHILDREN - 1).length);
  });

  it('keeps ids stable across rebuilds of the same cluster', () => {
    const ids = (a: ClusterAnatomy) => {
      const result: string[] = [];
      walk(a, (element) => result.push(element.id));
      return result;
    };
    assert.deepEqual(ids(anatomyWith(5)), ids(anatomyWith(5)));
    assert.equal(new Set(ids(anatomyWith(5))).size, ids(anatomyWith(5)).length, 'ids are unique');
  });

  it("keeps a group's id when a node joins, so an expanded group stays open", () => {
    const groupIds = (a: ClusterAnatomy) => {
      const ids: string[] = [];
      walk(a, (element) => {
        if (element.type === 'nodeGroup') ids.push(element.id);
      });
      return ids.sort();
    };
    assert.deepEqual(groupIds(anatomyWith(1000)), groupIds(anatomyWith(1001)));
  });

  it("lists a node's static Pods, then kubelet and the runtime, then its other Pods, then the heartbeat", () => {
    const anatomy = anatomyWith(1);
    const worker = anatomy.nodes[1];
    const children = childElements(anatomy, { type: 'node', id: 'x', node: worker });
    assert.deepEqual(
      children.map((c) => (c.type === 'agent' ? c.agent : c.type)),
      ['kubelet', 'container-runtime', 'pod', 'heartbeat'],
    );
  });

  it('shows one managed-by-the-provider element for a hosted control plane', () => {
    const anatomy = {
      ...anatomyWith(2),
      nodes: anatomyWith(2).nodes.filter((n) => n.role === 'worker'),
      controlPlane: { mode: 'hosted' as const, evidence: [], highlyAvailable: false, externalEtcd: false },
    };
    const section = childElements(anatomy, undefined)[0];
    assert.deepEqual(
      childElements(anatomy, section).map((e) => e.type),
      ['hostedControlPlane'],
    );
  });

  it('shows a first paint as the control plane and the nodes still being listed, with no addons or absences judged yet', () => {
    const whole = k3sAnatomy();
    const firstPaint: ClusterAnatomy = { ...whole, nodes: whole.nodes.filter((n) => n.role === 'control-plane'), loading: { nodes: 5000 } };
    assert.deepEqual(
      childElements(firstPaint, undefined).map((e) => (e.type === 'section' ? e.section : e.type)),
      ['controlPlane', 'nodes'],
    );
    assert.ok(childElements(whole, undefined).some((e) => e.type === 'section' && e.section === 'absent'));
  });

  it('shows only the error of a cluster from which nothing was read: no sections, no hosted control plane', () => {
    const anatomy = unreachableAnatomy();
    const roots = childElements(anatomy, undefined);
    assert.deepEqual(
      roots.map((e) => e.type),
      ['nothingRead'],
    );
    assert.equal(roots[0]?.type === 'nothingRead' && roots[0].reason, 'connect ECONNREFUSED 127.0.0.1:6443');
    assert.equal(hasChildren(roots[0]!), false);
  });

  it("shows k3s's embedded kube-proxy and flannel on every node, beside kubelet and the runtime", () => {
    const anatomy = k3sAnatomy();
    for (const node of anatomy.nodes) {
      const children = childElements(anatomy, { type: 'node', id: `ctx:${anatomy.context}/node/${node.name}`, node });
      const embedded = children
        .filter((e) => e.type === 'embedded')
        .map((e) => (e.type === 'embedded' ? [e.absent.component, e.absent.implementation ?? null] : []));
      assert.deepEqual(
        embedded,
        [
          ['kube-proxy', null],
          ['cni', 'flannel'],
        ],
        node.name,
      );
      const ids = children.map((e) => e.id);
      assert.equal(new Set(ids).size, ids.length, 'ids stay unique');
    }
  });
});

describe('anatomy tree model from where a limited user stands', () => {
  const anatomy = limitedAnatomy();
  const roots = childElements(anatomy, undefined);
  const section = (id: string) => roots.find((root) => root.type === 'section' && root.section === id)!;
  const labels = (elements: TreeElement[]) =>
    elements.map((element) =>
      element.type === 'hiddenRead'
        ? `hidden:${element.hidden.id}`
        : element.type === 'addon'
          ? `addon:${element.addon.name}`
          : element.type === 'userPod'
            ? `pod:${element.pod.name}`
            : element.type,
    );

  it('begins with what the user sees and what is hidden, then the sections, then what failed for another reason', () => {
    assert.deepEqual(
      roots.map((root) => (root.type === 'section' ? root.section : root.type)),
      ['standpoint', 'hidden', 'controlPlane', 'nodes', 'addons', 'absent', 'unreadable'],
    );
    // The refusals are listed as hidden, with what would show them; only the failed Leases stay "cannot be read".
    assert.deepEqual(
      childElements(anatomy, section('unreadable')).map((element) => element.type === 'unreadable' && element.resource),
      ['leases'],
    );
    assert.deepEqual(labels(childElements(anatomy, section('hidden'))), [
      'hidden:nodes',
      'hidden:pods',
      'hidden:daemonSets',
      'hidden:pods:shared',
    ]);
  });

  it('says the sections are hidden instead of empty, absent or hosted', () => {
    assert.deepEqual(labels(childElements(anatomy, section('controlPlane'))), ['hidden:nodes', 'hidden:pods']);
    assert.deepEqual(labels(childElements(anatomy, section('nodes'))), ['hidden:nodes']);
    assert.deepEqual(labels(childElements(anatomy, section('addons'))), ['hidden:pods', 'hidden:daemonSets', 'addon:coredns']);
    assert.deepEqual(labels(childElements(anatomy, section('absent'))), ['hidden:pods', 'hidden:daemonSets']);
    for (const id of ['controlPlane', 'nodes', 'addons', 'absent']) assert.ok(hasChildren(section(id)), id);
    // coredns's Pods are kube-system's Pods on the Nodes: hidden, never none.
    const coredns = childElements(anatomy, section('addons')).find((element) => element.type === 'addon')!;
    assert.deepEqual(labels(childElements(anatomy, coredns)), ['hidden:nodes', 'hidden:pods']);
  });

  it('shows kube-apiserver with its discovery, the nodes the Pods run on, and each namespace in view', () => {
    const standpoint = childElements(anatomy, section('standpoint'));
    assert.deepEqual(labels(standpoint), ['standpointApiServer', 'inferredNodes', 'userNamespace', 'userNamespace']);
    const apiServer = childElements(anatomy, standpoint[0]);
    assert.deepEqual(labels(apiServer), ['clusterInfo', 'servedGroups']);
    const groups = childElements(anatomy, apiServer[1]);
    assert.deepEqual(
      groups.map((element) => element.type === 'servedGroup' && `${element.group.name}:${element.group.servedBy}`),
      [
        ':kube-apiserver',
        'apps:kube-apiserver',
        'coordination.k8s.io:kube-apiserver',
        'metrics.k8s.io:aggregated',
        'example.com:extension',
      ],
    );
    const nodes = childElements(anatomy, standpoint[1]);
    assert.deepEqual(
      nodes.map((element) => element.type === 'inferredNode' && element.node.name),
      ['multi-node-worker', 'multi-node-worker2'],
    );
    assert.deepEqual(labels(childElements(anatomy, nodes[0])), ['pod:web-625kc2fvs2-p0000', 'pod:web-625kc2fvs2-p0002']);
    const [team, shared] = [standpoint[2]!, standpoint[3]!];
    assert.equal(childElements(anatomy, team).length, 4, 'the Pending Pod too');
    assert.deepEqual(labels(childElements(anatomy, shared)), ['hidden:pods:shared']);
    // Who acted on a Pod: its children.
    const pod = childElements(anatomy, team)[0]!;
    assert.deepEqual(
      childElements(anatomy, pod).map((element) => element.type === 'actor' && element.actor.component),
      ['kube-controller-manager', 'kube-scheduler', 'kubelet'],
    );
  });

  it('pages a namespace of thousands of Pods, reaching every one, with unique ids stable across rebuilds', () => {
    const large = limitedAnatomy(5000);
    const seen = new Set<string>();
    let widest = 0;
    const ids: string[] = [];
    walk(large, (element, children) => {
      widest = Math.max(widest, children.length);
      ids.push(element.id);
      if (element.type === 'userPod' && element.id.includes('/namespace/team/')) seen.add(element.pod.name);
    });
    assert.ok(widest <= MAX_CHILDREN, `widest ${widest}`);
    assert.equal(seen.size, 5000);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    const again: string[] = [];
    walk(limitedAnatomy(5000), (element) => again.push(element.id));
    assert.deepEqual(again, ids);
  });
});
