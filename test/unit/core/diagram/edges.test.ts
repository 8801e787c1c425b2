import { strict as assert } from 'node:assert';
import { layoutDiagram } from '../../../../src/core/diagram/layout';
import { defaultUiState, type DiagramView } from '../../../../src/core/diagram/scene';
import { renderSvg } from '../../../../src/core/diagram/svg';
import { kindAnatomy, limitedAnatomy, pod } from '../../../fixtures/anatomy/builders';

describe('edges to kube-apiserver', () => {
  const scene = layoutDiagram(kindAnatomy(), defaultUiState);
  const watchers = (node: string) =>
    scene.edges
      .filter((edge) => edge.kind === 'watch' && edge.node === node && edge.toComponent === 'kube-apiserver')
      .map((edge) => edge.ariaLabel)
      .sort();

  it('draw a watch from every component that watches the API: kubelet, kube-proxy, the network plugin and CoreDNS on each node', () => {
    assert.deepEqual(watchers('multi-node-worker'), [
      'CoreDNS watches kube-apiserver',
      'kindnet watches kube-apiserver',
      'kube-proxy watches kube-apiserver',
      'kubelet watches kube-apiserver',
    ]);
    // The control-plane node has no CoreDNS replica in this cluster; its static Pods do not watch from the node.
    assert.deepEqual(watchers('multi-node-control-plane'), [
      'kindnet watches kube-apiserver',
      'kube-proxy watches kube-apiserver',
      'kubelet watches kube-apiserver',
    ]);
    const controlPlane = scene.edges.filter((edge) => edge.kind === 'watch' && !edge.node && !edge.group).map((edge) => edge.fromComponent);
    assert.deepEqual(controlPlane.sort(), ['kube-controller-manager', 'kube-scheduler']);
  });

  it('start at the Pod that watches', () => {
    for (const edge of scene.edges.filter((e) => e.kind === 'watch' && (e.fromComponent === 'cni' || e.fromComponent === 'coredns'))) {
      const from = scene.boxes.find((box) => box.id === edge.from)!;
      assert.equal(from.kind, 'pod', edge.id);
      assert.equal(edge.to, 'cp:kube-apiserver');
    }
  });

  it('from where a limited user stands too, when kube-system Pods may be read', () => {
    const anatomy = limitedAnatomy();
    const standpoint = anatomy.standpoint!;
    const [first, ...rest] = standpoint.nodes;
    const components = [
      pod('kube-proxy', 'kube-proxy-b9d4m', 'daemonset'),
      pod('cni', 'kindnet-k2p7s', 'daemonset', { cniName: 'kindnet' }),
    ];
    const limited = layoutDiagram(
      { ...anatomy, standpoint: { ...standpoint, nodes: [{ ...first!, components }, ...rest] } },
      defaultUiState,
    );
    const fromPods = limited.edges
      .filter((edge) => edge.kind === 'watch' && limited.boxes.find((box) => box.id === edge.from)?.kind === 'pod')
      .map((edge) => edge.ariaLabel)
      .sort();
    assert.deepEqual(fromPods, ['kindnet watches kube-apiserver', 'kube-proxy watches kube-apiserver']);
  });
});

describe('titles in the SVG', () => {
  const internalIds = ['pod-area', 'static-pod-manifests', 'placement-verdict', 'node-group', 'hidden-nodes', 'more-pods', 'nothing-read'];
  for (const view of ['architecture', 'placement'] as DiagramView[]) {
    it(`name nothing by an internal id: ${view}`, () => {
      const svg = renderSvg(layoutDiagram(kindAnatomy(), { ...defaultUiState, view, showReverse: true }));
      const titles = [...svg.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((match) => match[1]!);
      assert.ok(titles.length > 20);
      const leaks = titles.filter((title) => internalIds.some((id) => new RegExp(`(^|[^-\\w])${id}([^-\\w]|$)`).test(title)));
      assert.deepEqual(leaks, []);
    });
  }

  it("say what the kubelet's arrow into a node's Pods runs", () => {
    const svg = renderSvg(layoutDiagram(kindAnatomy(), { ...defaultUiState, view: 'placement' }));
    assert.match(svg, /<title>the container runtime runs kube-system Pods<\/title>/);
  });
});
