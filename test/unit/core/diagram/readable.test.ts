// The diagram reads: no edge runs through text, names fit their boxes or are shortened in the middle without
// looking alike, the legend and a visible title are in every SVG, kube-proxy is drawn as what the cluster says.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evidenceSentence } from '../../../../src/core/anatomy/render';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';
import { layoutDiagram } from '../../../../src/core/diagram/layout';
import { defaultUiState, type DiagramView, type Scene } from '../../../../src/core/diagram/scene';
import { defaultDiagramStrings } from '../../../../src/core/diagram/strings';
import { renderSvg } from '../../../../src/core/diagram/svg';
import { boxTexts } from '../../../../src/core/diagram/svgModel';
import { dejaVuMeasure, elideName, labelRoom, type TextMeasure } from '../../../../src/core/diagram/text';
import {
  hostedAnatomy,
  k3sAnatomy,
  kindAnatomy,
  largeAnatomy,
  limitedAnatomy,
  oldCiliumAnatomy,
  pod,
} from '../../../fixtures/anatomy/builders';

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
type Point = readonly [number, number];

/** Whether the segment a–b passes through the inside of the rectangle (Liang–Barsky clipping). */
function crosses([ax, ay]: Point, [bx, by]: Point, rect: Rect): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, ax - rect.x],
    [dx, rect.x + rect.width - ax],
    [-dy, ay - rect.y],
    [dy, rect.y + rect.height - ay],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q <= 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  return t1 - t0 > 1e-6;
}

/** Every text the scene draws, with the rectangle it covers: box texts, the header, the legend's lines. */
function textRects(scene: Scene): { text: string; rect: Rect }[] {
  const rects = scene.boxes.flatMap((box) => boxTexts(box).map((text) => ({ text: `${box.id}: ${text.text}`, rect: text.rect })));
  return rects;
}

/** Chinese, Japanese and Korean text is wide: the layout must fit names in boxes measured that way too. */
const japaneseStrings = {
  ...defaultDiagramStrings,
  controlPlaneNode: 'コントロールプレーン',
  workerNode: 'ワーカー',
  ready: '準備完了',
  podsArea: 'kube-system の Pod',
};

const shapes: [string, () => ClusterAnatomy][] = [
  ['kind', kindAnatomy],
  ['hosted', () => hostedAnatomy()],
  ['k3s', k3sAnatomy],
  ['old Cilium', oldCiliumAnatomy],
  ['large, one page expanded', () => largeAnatomy(40)],
  ['limited by RBAC', () => limitedAnatomy(30)],
];

function scenes(): [string, Scene][] {
  const all: [string, Scene][] = [];
  for (const [name, make] of shapes) {
    for (const view of ['architecture', 'placement'] as DiagramView[]) {
      const expanded: Record<string, number> = name.startsWith('large') ? { 'group:worker': 1 } : {};
      all.push([
        `${name} ${view}`,
        layoutDiagram(make(), { ...defaultUiState, view, showReverse: true, expanded }, { groupThreshold: 12, pageSize: 4 }),
      ]);
      all.push([
        `${name} ${view} (ja)`,
        layoutDiagram(
          make(),
          { ...defaultUiState, view, showReverse: true, expanded },
          { strings: japaneseStrings, groupThreshold: 12, pageSize: 4 },
        ),
      ]);
    }
  }
  return all;
}

describe('a diagram people can read', () => {
  describe('edges do not run through text', () => {
    for (const [name, scene] of scenes()) {
      it(name, () => {
        const texts = textRects(scene);
        const crossings: string[] = [];
        for (const edge of scene.edges) {
          for (let i = 1; i < edge.points.length; i++) {
            for (const { text, rect } of texts) {
              if (crosses(edge.points[i - 1]!, edge.points[i]!, rect)) crossings.push(`${edge.id} crosses "${text}"`);
            }
          }
        }
        assert.deepEqual(crossings, []);
      });
    }

    it('the check itself sees a crossing', () => {
      assert.ok(crosses([0, 10], [100, 10], { x: 40, y: 5, width: 20, height: 10 }));
      assert.ok(!crosses([0, 20], [100, 20], { x: 40, y: 5, width: 20, height: 10 }));
      assert.ok(!crosses([40, 0], [40, 5], { x: 40, y: 5, width: 20, height: 10 }), 'ending on the border is not crossing');
    });
  });

  describe('names', () => {
    for (const [name, scene] of scenes()) {
      it(`fit their boxes or are shortened in the middle, whole on hover and for screen readers: ${name}`, () => {
        const svg = renderSvg(scene);
        for (const box of scene.boxes) {
          const shown = box.shortLabel ?? box.label;
          assert.ok(dejaVuMeasure(shown, 'label') <= labelRoom(box) + 0.01, `${box.id}: "${shown}" is wider than its box`);
          if (box.shortLabel === undefined) continue;
          assert.ok(box.shortLabel.includes('…') && box.shortLabel.length < box.label.length, `${box.id}: "${box.shortLabel}"`);
          assert.ok(box.ariaLabel.includes(box.label), `${box.id}: the whole name for screen readers`);
          const title = svg.match(new RegExp(`data-id="${box.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>\\s*<title>([^<]*)</title>`));
          assert.ok(title?.[1]?.includes(box.label), `${box.id}: the whole name in <title>`);
        }
      });
    }

    it('of two replicas never read alike, on one node or on two', () => {
      const anatomy = kindAnatomy();
      const replicas = ['coredns-5d78c9869d-czv4x', 'coredns-5d78c9869d-czv8b'];
      const [cp, worker, worker2] = anatomy.nodes;
      const onOne = {
        ...anatomy,
        nodes: [
          cp!,
          { ...worker!, components: [...worker!.components, ...replicas.map((name) => pod('coredns', name, 'deployment'))] },
          worker2!,
        ],
      };
      const onTwo = {
        ...anatomy,
        nodes: [
          cp!,
          { ...worker!, components: [pod('coredns', replicas[0]!, 'deployment')] },
          { ...worker2!, components: [pod('coredns', replicas[1]!, 'deployment')] },
        ],
      };
      // A font a third wider than DejaVu Sans, as Japanese system fonts draw Latin names, forces them to shorten.
      const wide: TextMeasure = (text, style) => dejaVuMeasure(text, style) * 1.35;
      for (const anatomy of [onOne, onTwo]) {
        for (const view of ['architecture', 'placement'] as DiagramView[]) {
          const scene = layoutDiagram(anatomy, { ...defaultUiState, view }, { measure: wide });
          const shown = scene.boxes.filter((box) => replicas.includes(box.label)).map((box) => box.shortLabel ?? box.label);
          assert.equal(shown.length, 2);
          assert.ok(
            shown.every((label) => label.includes('…')),
            `shortened: ${shown.join(', ')}`,
          );
          assert.notEqual(shown[0], shown[1]);
          assert.match(shown[0]!, /czv4x$/);
        }
      }
    });

    it('keep the part that tells them from their siblings', () => {
      const staticPods = [
        'kube-apiserver-multi-node-control-plane',
        'kube-scheduler-multi-node-control-plane',
        'etcd-multi-node-control-plane',
      ];
      assert.match(elideName(staticPods[0]!, staticPods, 160), /^kube-apiserver…/);
      assert.match(elideName(staticPods[1]!, staticPods, 160), /^kube-scheduler…/);
      assert.equal(elideName('short', ['shorter'], 150), 'short');
      const japanese = 'ノード名がとても長いワーカーノード番号二';
      const cut = elideName(japanese, [], 120);
      assert.ok(cut.includes('…') && dejaVuMeasure(cut, 'label') <= 120, cut);
    });
  });

  describe('names shortened', () => {
    // Three control-plane nodes, as in the ha scenario: each static Pod's name is a prefix of the next node's.
    const nodes = ['multi-node-control-plane', 'multi-node-control-plane2', 'multi-node-control-plane3'];
    const components = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];
    const names = nodes.flatMap((node) => components.map((component) => `${component}-${node}`));
    const wordEnd = /[A-Za-z0-9]…|…[A-Za-z0-9]/;

    it('in the middle only, keeping the node suffix at the end, at any width', () => {
      for (const width of [140, 160, 180, 200, 240]) {
        const shown = names.map((name) => elideName(name, names, width));
        for (const [index, text] of shown.entries()) {
          assert.ok(dejaVuMeasure(text, 'label') <= width, `"${text}" fits ${width}`);
          if (text === names[index]) continue;
          assert.ok(!text.endsWith('…') && !text.startsWith('…'), `"${text}" at ${width}: one ellipsis, in the middle`);
          assert.match(text, new RegExp(`${names[index]!.slice(-6).replace(/^.*-/, '')}$`), `"${text}" keeps the node's suffix`);
        }
        assert.equal(new Set(shown).size, shown.length, `at ${width} every name reads apart: ${shown.join(', ')}`);
      }
    });

    it('in whole words when they fit, the room used', () => {
      assert.equal(elideName('etcd-multi-node-control-plane', names, 180), 'etcd-multi…control-plane');
      assert.equal(elideName('kube-apiserver-multi-node-control-plane2', names, 180), 'kube-apiserver…plane2');
      const replicas = ['coredns-5d78c9869d-czv4x', 'coredns-5d78c9869d-czv8b'];
      const cut = elideName(replicas[0]!, replicas, 180);
      assert.match(cut, /^coredns-5d78.*…czv4x$/);
      assert.ok(dejaVuMeasure(cut, 'label') > 160, `"${cut}" uses the room it has`);
      assert.equal(elideName(names[1]!, names, dejaVuMeasure(names[1]!, 'label')), names[1], 'whole when it fits');
    });

    it('without a word cut short at either side of the ellipsis when words fit', () => {
      for (const name of names) {
        const text = elideName(name, names, 200);
        assert.ok(!wordEnd.test(text.replace(/…(plane\d?|control-plane\d?)$/, '')), `"${text}"`);
      }
    });
  });

  describe('the legend and the title', () => {
    it('are in the SVG export: every edge kind drawn, the Pod fills, grey, and cluster, context and time', () => {
      for (const view of ['architecture', 'placement'] as DiagramView[]) {
        const scene = layoutDiagram(kindAnatomy(), { ...defaultUiState, view, showReverse: true });
        const svg = renderSvg(scene);
        assert.match(svg, /<g class="ca-legend" role="list" aria-label="Legend">/);
        const entries = [...svg.matchAll(/data-legend="([^"]+)"/g)].map((match) => match[1]);
        for (const kind of new Set(scene.edges.map((edge) => edge.kind)))
          assert.ok(entries.includes(`edge:${kind}`), `${view}: legend for ${kind}`);
        for (const entry of ['fill:static', 'fill:daemonset', 'fill:deployment', 'health:absent', 'health:stale'])
          assert.ok(entries.includes(entry), `${view}: ${entry}`);
        assert.ok(scene.legend!.y >= Math.max(...scene.boxes.map((box) => box.y + box.height)), 'under the drawing');
        assert.ok(scene.legend!.y + scene.legend!.height <= scene.height, 'inside the picture');
        assert.match(svg, /<text [^>]*class="ca-title">(Architecture of|kube-system Pods by node in) kind-multi-node<\/text>/);
        assert.match(
          svg,
          /<text [^>]*class="ca-subtitle">cluster https:\/\/127\.0\.0\.1:40513 \(v1\.37\.0\) · context kind-multi-node · drawn 2026-12-02 12:00 UTC<\/text>/,
        );
      }
    });
  });

  it('every sentence of the diagram has its Japanese; only names stay as they are', () => {
    const japanese = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<
      string,
      string
    >;
    const names = new Set(['/etc/kubernetes/manifests', 'DaemonSet', 'Deployment', 'StatefulSet', 'Job', 'ReplicaSet']);
    const missing = Object.values(defaultDiagramStrings).filter((english) => !names.has(english) && typeof japanese[english] !== 'string');
    assert.deepEqual(missing, []);
  });

  describe('evidence reads as a sentence', () => {
    it('the mirror annotation is carried by a Pod, not its value; a worker has no role label; owners own', () => {
      const cilium = layoutDiagram(oldCiliumAnatomy(), defaultUiState);
      const panel = cilium.boxes.find((box) => box.id === 'cp')!;
      assert.match(panel.detail!, /Pod kube-apiserver-\S+ has annotation kubernetes\.io\/config\.mirror/);
      assert.doesNotMatch(panel.detail!, /=on Pod/);
      const kind = layoutDiagram(kindAnatomy(), defaultUiState);
      const worker = kind.boxes.find((box) => box.id === 'node:multi-node-worker')!;
      assert.deepEqual(worker.card!.evidence, ['no label node-role.kubernetes.io/control-plane']);
      const proxy = kind.boxes.find((box) => box.kind === 'pod' && box.target?.component === 'kube-proxy')!;
      assert.deepEqual(proxy.card!.evidence, ['owned by DaemonSet/kube-proxy']);
      const ccm = kind.boxes.find((box) => box.id === 'cp:cloud-controller-manager')!;
      assert.ok(
        ccm.card!.evidence.every((line) => !/^absence /.test(line)),
        ccm.card!.evidence.join('; '),
      );
    });

    it('evidenceSentence words every kind the classifier records', () => {
      assert.equal(
        evidenceSentence({ kind: 'owner', key: 'Deployment/coredns', value: 'owner of ReplicaSet/coredns-5d78c9869d' }),
        'ReplicaSet/coredns-5d78c9869d is owned by Deployment/coredns',
      );
      assert.equal(
        evidenceSentence({ kind: 'owner', key: 'DaemonSet/kube-apiserver', value: 'owns Pod kube-apiserver-x' }),
        'Pod kube-apiserver-x is owned by DaemonSet/kube-apiserver',
      );
      assert.equal(evidenceSentence({ kind: 'not-read', key: 'daemonsets' }), 'daemonsets could not be read');
      assert.equal(evidenceSentence({ kind: 'count', key: 'kube-apiserver Pods', value: '3' }), '3 kube-apiserver Pods');
      assert.equal(
        evidenceSentence({ kind: 'taint', key: 'node-role.kubernetes.io/control-plane', value: 'NoSchedule' }),
        'taint node-role.kubernetes.io/control-plane:NoSchedule',
      );
      assert.equal(evidenceSentence({ kind: 'absence', key: 'DaemonSet/kube-proxy' }), 'no DaemonSet/kube-proxy');
    });

    it('the cluster DNS card says what it does, not that kube-dns is kube-dns', () => {
      const role = defaultDiagramStrings.roleCoredns;
      assert.match(role, /DNS queries of Pods/);
      assert.doesNotMatch(role, /^Cluster DNS \(Service kube-dns\)\.?$/);
    });
  });

  describe('kube-proxy is drawn as what the cluster says it is', () => {
    const architecture = (anatomy: ClusterAnatomy) => layoutDiagram(anatomy, defaultUiState);

    it("kind: a DaemonSet Pod among each node's Pods, which watches kube-apiserver; no agent box, no runtime → kube-proxy agent arrow", () => {
      const scene = architecture(kindAnatomy());
      assert.deepEqual(
        scene.boxes.filter((box) => box.component === 'kube-proxy'),
        [],
        'no kube-proxy box beside kubelet',
      );
      for (const nodeName of ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2']) {
        const proxyPod = scene.boxes.find((box) => box.node === nodeName && box.kind === 'pod' && box.target?.component === 'kube-proxy');
        assert.ok(proxyPod, `${nodeName}: the kube-proxy Pod is among its Pods`);
        assert.equal(proxyPod.source, 'daemonset');
        assert.match(proxyPod.card!.runsHere.join(' '), /watches Services .* programs this node's packet rules/);
        const spokes = scene.edges.filter((edge) => edge.from === proxyPod.id);
        assert.deepEqual(
          spokes.map((edge) => [edge.kind, edge.fromComponent, edge.toComponent]),
          [['watch', 'kube-proxy', 'kube-apiserver']],
        );
        assert.ok(
          scene.edges.some((edge) => edge.kind === 'runs' && edge.to === proxyPod.id && edge.fromComponent === 'container-runtime'),
          'the runtime runs it, like every Pod',
        );
      }
    });

    it('k3s: embedded in the k3s process, beside kubelet, and it watches kube-apiserver', () => {
      const scene = architecture(k3sAnatomy());
      const proxies = scene.boxes.filter((box) => box.component === 'kube-proxy');
      assert.ok(proxies.length > 0);
      for (const proxy of proxies) {
        assert.equal(proxy.detail, 'embedded in the k3s process');
        assert.ok(scene.edges.some((edge) => edge.from === proxy.id && edge.kind === 'watch'));
      }
      assert.equal(scene.boxes.filter((box) => box.kind === 'pod' && box.target?.component === 'kube-proxy').length, 0);
    });

    it('Cilium replacing it: said so, with no edges', () => {
      const scene = architecture(oldCiliumAnatomy());
      const proxies = scene.boxes.filter((box) => box.component === 'kube-proxy');
      assert.ok(proxies.length > 0);
      for (const proxy of proxies) {
        assert.equal(proxy.health, 'absent');
        assert.match(proxy.detail ?? '', /Cilium/);
        assert.equal(scene.edges.filter((edge) => edge.from === proxy.id || edge.to === proxy.id).length, 0);
      }
    });
  });
});
