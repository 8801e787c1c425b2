import { strict as assert } from 'node:assert';
import { layoutDiagram, type LayoutOptions } from '../../../../src/core/diagram/layout';
import { defaultUiState, type Scene } from '../../../../src/core/diagram/scene';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';
import type { PlacementOverlay } from '../../../../src/core/placement/overlay';
import {
  hostedAnatomy,
  k3sAnatomy,
  kindAnatomy,
  largeAnatomy,
  limitedAnatomy,
  node,
  oldCiliumAnatomy,
  pod,
  unreachableAnatomy,
} from '../../../fixtures/anatomy/builders';

const architecture = (anatomy = kindAnatomy(), ui = {}, options: LayoutOptions = {}) =>
  layoutDiagram(anatomy, { ...defaultUiState, ...ui }, options);
const componentBoxes = (scene: Scene, component: string) => scene.boxes.filter((box) => box.component === component);

describe('diagram layout', () => {
  describe('hub and spoke (kind)', () => {
    const scene = architecture(kindAnatomy(), { showReverse: true });

    it('routes every edge through kube-apiserver except kubelet → runtime → Pods and the manifests folder', () => {
      const local = new Set(['cri', 'runs', 'manifests']);
      const spokes = scene.edges.filter((edge) => !local.has(edge.kind));
      assert.ok(spokes.length > 10);
      for (const edge of spokes) {
        assert.ok(
          edge.fromComponent === 'kube-apiserver' || edge.toComponent === 'kube-apiserver',
          `${edge.id} does not touch kube-apiserver`,
        );
      }
      for (const edge of scene.edges.filter((edge) => local.has(edge.kind))) {
        assert.ok(edge.node, `${edge.id} stays inside a node`);
        assert.notEqual(edge.fromComponent, 'kube-apiserver');
      }
    });

    it('links etcd to kube-apiserver only, with a storage edge', () => {
      const etcdEdges = scene.edges.filter((edge) => edge.fromComponent === 'etcd' || edge.toComponent === 'etcd');
      assert.deepEqual(
        etcdEdges.map((edge) => [edge.kind, edge.fromComponent, edge.toComponent]),
        [['storage', 'kube-apiserver', 'etcd']],
      );
    });

    it('draws cloud-controller-manager as absent, with no edges', () => {
      const [ccm] = componentBoxes(scene, 'cloud-controller-manager');
      assert.equal(ccm?.health, 'absent');
      assert.match(ccm!.card!.runsHere.join(' '), /No cloud-controller-manager Pod/);
      assert.equal(scene.edges.filter((edge) => edge.fromComponent === 'cloud-controller-manager').length, 0);
    });

    it('gives each node a kubelet, a container runtime and its Pods, kube-proxy among them', () => {
      for (const name of ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2']) {
        const parts = scene.boxes.filter((box) => box.node === name).map((box) => box.component);
        for (const part of ['node', 'kubelet', 'container-runtime', 'pod']) assert.ok(parts.includes(part), `${name} lacks ${part}`);
        const cri = scene.edges.filter((edge) => edge.kind === 'cri' && edge.node === name);
        assert.deepEqual(
          cri.map((edge) => [edge.fromComponent, edge.toComponent]),
          [['kubelet', 'container-runtime']],
        );
      }
      const cpPods = scene.boxes.filter((box) => box.node === 'multi-node-control-plane' && box.kind === 'pod').map((box) => box.label);
      assert.deepEqual(cpPods.slice(0, 4), [
        'etcd-multi-node-control-plane',
        'kube-apiserver-multi-node-control-plane',
        'kube-controller-manager-multi-node-control-plane',
        'kube-scheduler-multi-node-control-plane',
      ]);
    });

    it('has watch and write-back spokes from the scheduler, the controller manager and each kubelet; kube-proxy only watches', () => {
      const pairs = new Set(scene.edges.map((edge) => `${edge.kind} ${edge.fromComponent} ${edge.node ?? ''}`));
      for (const component of ['kube-scheduler', 'kube-controller-manager']) {
        assert.ok(pairs.has(`watch ${component} `) && pairs.has(`write-back ${component} `), component);
      }
      assert.ok(pairs.has('watch kubelet multi-node-worker') && pairs.has('write-back kubelet multi-node-worker'));
      assert.ok(pairs.has('watch kube-proxy multi-node-worker') && !pairs.has('write-back kube-proxy multi-node-worker'));
    });

    it('adds the reverse apiserver → kubelet edges only when asked', () => {
      const reverse = scene.edges.filter((edge) => edge.kind === 'reverse');
      assert.equal(reverse.length, 3);
      assert.ok(reverse.every((edge) => edge.fromComponent === 'kube-apiserver' && edge.toComponent === 'kubelet'));
      assert.equal(architecture().edges.filter((edge) => edge.kind === 'reverse').length, 0);
    });

    it('keeps every box inside the scene and gives box ids once', () => {
      const ids = new Set<string>();
      for (const box of scene.boxes) {
        assert.ok(!ids.has(box.id), `duplicate ${box.id}`);
        ids.add(box.id);
        assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= scene.width && box.y + box.height <= scene.height, `${box.id} outside`);
      }
      for (const edge of scene.edges) assert.ok(ids.has(edge.from) && ids.has(edge.to), edge.id);
    });

    it('colours a node whose heartbeat stopped grey, with the time since', () => {
      const anatomy = kindAnatomy();
      const silent = {
        ...anatomy.nodes[1]!,
        ready: 'Unknown' as const,
        lease: { renewTime: '2026-12-02T11:55:00Z', ageSeconds: 300, leaseDurationSeconds: 40, holderIdentity: 'x' },
      };
      const stale = architecture({ ...anatomy, nodes: [anatomy.nodes[0]!, silent, anatomy.nodes[2]!] });
      const panel = stale.boxes.find((box) => box.id === 'node:multi-node-worker')!;
      assert.equal(panel.health, 'stale');
      assert.match(panel.detail!, /heartbeat stopped 5m ago/);
      assert.equal(stale.boxes.find((box) => box.id === 'node:multi-node-worker2')!.health, 'ok');
    });
  });

  it("says in a first paint's header that the nodes are still being listed, and how many there are", () => {
    const anatomy = kindAnatomy();
    const firstPaint = { ...anatomy, nodes: anatomy.nodes.slice(0, 1), absent: [], loading: { nodes: 5000 } };
    assert.match(
      layoutDiagram(firstPaint, defaultUiState).header.subtitle,
      /^the control plane first, listing all 5,000 nodes… · cluster /,
    );
    assert.match(
      layoutDiagram({ ...firstPaint, loading: { nodes: null } }, defaultUiState).header.subtitle,
      /^the control plane first, listing the nodes… · cluster /,
    );
    assert.match(layoutDiagram(anatomy, defaultUiState).header.subtitle, /^cluster /);
    const firstScene = layoutDiagram(firstPaint, defaultUiState);
    assert.ok(
      firstScene.boxes.every((box) => box.health !== 'absent'),
      'nothing judged absent',
    );
    assert.ok(!firstScene.legend!.entries.some((entry) => /not in this cluster/.test(entry.label)));
  });

  describe('control planes drawn as what they are', () => {
    it('hosted: one box managed by the provider, no invented components', () => {
      const scene = architecture(hostedAnatomy());
      for (const component of ['etcd', 'kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager', 'control-plane']) {
        assert.equal(componentBoxes(scene, component).length, 0, component);
      }
      const hub = componentBoxes(scene, 'kube-apiserver');
      assert.equal(hub.length, 1);
      assert.equal(hub[0]!.mode, 'hosted');
      assert.match(hub[0]!.label, /managed by the provider/);
      assert.equal(scene.edges.filter((edge) => edge.kind === 'storage').length, 0);
      assert.ok(scene.edges.some((edge) => edge.fromComponent === 'kubelet' && edge.toComponent === 'kube-apiserver'));
    });

    it('embedded (k3s): one server box, kube-proxy embedded in the k3s process on every node, watching the API', () => {
      const scene = architecture(k3sAnatomy());
      assert.deepEqual(
        scene.boxes.filter((box) => box.kind === 'component' && !box.node).map((box) => [box.component, box.mode]),
        [['kube-apiserver', 'embedded']],
      );
      const proxies = componentBoxes(scene, 'kube-proxy');
      assert.equal(proxies.length, 2);
      for (const box of proxies) {
        assert.notEqual(box.health, 'absent');
        assert.equal(box.detail, 'embedded in the k3s process');
        assert.ok(
          box.card?.evidence.some((line) => line.includes('v1.33.1+k3s1')),
          JSON.stringify(box.card),
        );
      }
      assert.equal(
        scene.edges.filter((edge) => edge.fromComponent === 'kube-proxy' && edge.toComponent === 'kube-apiserver' && edge.kind === 'watch')
          .length,
        2,
      );
    });

    it("hosted: the hub says what the API shows of the API servers' availability", () => {
      const hub = (anatomy: ClusterAnatomy) => componentBoxes(architecture(anatomy), 'kube-apiserver')[0]!;
      assert.match(hub(hostedAnatomy()).ariaLabel, /highly available: 2 API server addresses/);
      assert.match(hub(hostedAnatomy(['34.1.2.3'])).ariaLabel, /one API endpoint \(may be a load balancer\)/);
      assert.match(hub(hostedAnatomy(null)).ariaLabel, /API server availability unknown/);
      assert.ok(hub(hostedAnatomy()).card?.evidence.includes('Endpoints default/kubernetes: 10.0.1.180, 10.0.2.96'));
    });

    it('old cluster: kube-proxy replaced by Cilium, and kubelet 1.20 drives Docker through dockershim, not over CRI', () => {
      const scene = architecture(oldCiliumAnatomy());
      assert.ok(componentBoxes(scene, 'kube-proxy').every((box) => box.detail === "replaced by Cilium's kube-proxy replacement"));
      const cri = scene.edges.filter((edge) => edge.kind === 'cri');
      assert.equal(cri.length, 3);
      assert.ok(
        cri.every((edge) => /built-in dockershim.*not over CRI/.test(edge.ariaLabel)),
        cri[0]?.ariaLabel,
      );
      assert.ok(componentBoxes(scene, 'container-runtime').every((box) => box.detail === 'dockershim · docker://19.3.15'));
      const kindCri = architecture(kindAnatomy()).edges.filter((edge) => edge.kind === 'cri');
      assert.ok(kindCri.every((edge) => edge.ariaLabel === 'kubelet drives the container runtime over CRI (gRPC)'));
    });

    it('nothing read: one error box, no control plane that would pass for a hosted one, no nodes', () => {
      for (const view of ['architecture', 'placement'] as const) {
        const scene = architecture(unreachableAnatomy(), { view });
        assert.deepEqual(
          scene.boxes.map((box) => [box.component, box.health]),
          [['nothing-read', 'error']],
        );
        assert.match(scene.boxes[0]!.ariaLabel, /Nothing could be read from gone.*ECONNREFUSED/);
        assert.deepEqual([scene.edges.length, scene.nodeCount], [0, 0]);
      }
    });

    it('external etcd is drawn as outside the cluster, not absent', () => {
      const anatomy = kindAnatomy();
      const nodes = anatomy.nodes.map((n) => ({ ...n, components: n.components.filter((p) => p.component !== 'etcd') }));
      const scene = architecture({ ...anatomy, nodes, controlPlane: { ...anatomy.controlPlane, externalEtcd: true } });
      const [etcd] = componentBoxes(scene, 'etcd');
      assert.equal(etcd!.health, 'neutral');
      assert.match(etcd!.detail!, /external/);
    });
  });

  describe('placement view', () => {
    const scene = layoutDiagram(kindAnatomy(), { ...defaultUiState, view: 'placement' });

    it('draws nodes as columns with their kube-system Pods marked by source, kubelet outside the Pods', () => {
      const columns = scene.boxes.filter((box) => box.component === 'node');
      assert.deepEqual(
        columns.map((box) => box.node),
        ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2'],
      );
      assert.ok(columns[0]!.x < columns[1]!.x && columns[1]!.x < columns[2]!.x);
      const sources = (name: string) => scene.boxes.filter((box) => box.node === name && box.kind === 'pod').map((box) => box.badge);
      assert.deepEqual(sources('multi-node-control-plane'), ['static', 'static', 'static', 'static', 'DaemonSet', 'DaemonSet']);
      assert.deepEqual(sources('multi-node-worker'), ['DaemonSet', 'DaemonSet', 'Deployment']);
      for (const name of ['multi-node-control-plane', 'multi-node-worker']) {
        const area = scene.boxes.find((box) => box.id === `node:${name}:pods`)!;
        const kubelet = scene.boxes.find((box) => box.id === `node:${name}:kubelet`)!;
        assert.ok(kubelet.y + kubelet.height <= area.y, 'kubelet sits above the Pod area, not in it');
      }
    });

    it('puts coredns where the scheduler placed it and the manifests folder only where static Pods are', () => {
      const coredns = scene.boxes.filter((box) => box.kind === 'pod' && box.label.startsWith('coredns-')).map((box) => box.node);
      assert.deepEqual(coredns, ['multi-node-worker', 'multi-node-worker2']);
      assert.deepEqual(
        scene.boxes.filter((box) => box.kind === 'folder').map((box) => box.node),
        ['multi-node-control-plane'],
      );
    });
  });

  describe('scale', () => {
    const anatomy = largeAnatomy(5000);

    it('draws more nodes than the threshold as a group with its Ready count', () => {
      const scene = architecture(anatomy);
      assert.equal(scene.nodeCount, 5000);
      assert.equal(scene.drawnNodeCount, 3, 'the 3 control-plane nodes stay below the threshold');
      const [group] = scene.groups;
      assert.deepEqual([group!.role, group!.total, group!.expanded], ['worker', 4997, false]);
      const box = scene.boxes.find((b) => b.id === 'group:worker')!;
      assert.equal(box.label, '4,997 workers: 4,991 Ready');
      assert.ok(scene.boxes.length < 60, `${scene.boxes.length} boxes`);
      assert.ok(scene.edges.some((edge) => edge.group === 'worker' && edge.kind === 'watch' && edge.toComponent === 'kube-apiserver'));
    });

    it('expands one page at a time, nodes needing attention first', () => {
      const first = architecture(anatomy, { expanded: { 'group:worker': 0 } });
      const names = first.boxes.filter((box) => box.component === 'node' && box.role === 'worker').map((box) => box.node);
      assert.equal(names.length, 12);
      assert.ok(names.includes('worker-04997'), 'the silent node comes first');
      assert.ok(names.includes('worker-00498'), 'a NotReady node comes first');
      const pagers = first.boxes.filter((box) => box.kind === 'pager').map((box) => [box.id, box.action?.page]);
      assert.deepEqual(
        pagers,
        [
          ['group:worker:next', 1],
          ['group:worker:collapse', null],
        ],
        'in reading order',
      );
      const last = architecture(anatomy, { expanded: { 'group:worker': 10_000 } });
      assert.equal(last.groups[0]!.page, last.groups[0]!.pages - 1, 'a page past the end shows the last page');
    });

    it('groups by the given threshold', () => {
      const anatomy = kindAnatomy();
      const workers = Array.from({ length: 5 }, (_, i) => node(`w${i}`, 'worker', [pod('kube-proxy', `kube-proxy-w${i}`, 'daemonset')]));
      const scene = layoutDiagram({ ...anatomy, nodes: [anatomy.nodes[0]!, ...workers] }, defaultUiState, { groupThreshold: 4 });
      assert.equal(scene.groups.length, 1);
      assert.equal(scene.drawnNodeCount, 1);
    });
  });

  describe("the control plane's health", () => {
    it("draws kube-apiserver's failing checks on its box, over what its Pods say", () => {
      const healthy = componentBoxes(architecture(), 'kube-apiserver')[0]!;
      assert.equal(healthy.health, 'ok');
      const anatomy = kindAnatomy();
      const failing = {
        ...anatomy,
        controlPlane: { ...anatomy.controlPlane, serverChecks: { failing: ['readyz: etcd'], checkedAt: anatomy.generatedAt } },
      };
      const box = componentBoxes(architecture(failing), 'kube-apiserver')[0]!;
      assert.equal(box.health, 'error');
      assert.equal(box.detail, 'failing: readyz: etcd');
      assert.ok(box.card?.runsHere.some((line) => line.includes('readyz: etcd')));
    });

    it('says which replica leads when there are several, and marks each in the card', () => {
      const anatomy = kindAnatomy();
      const [first] = anatomy.nodes;
      const scheduler = first!.components.find((candidate) => candidate.component === 'kube-scheduler')!;
      const second = {
        ...first!,
        name: 'cp-2',
        components: [{ ...scheduler, pod: 'kube-scheduler-cp-2', leadership: 'standby' as const }],
      };
      const led = {
        ...anatomy,
        nodes: [
          {
            ...first!,
            components: first!.components.map((candidate) =>
              candidate === scheduler ? { ...candidate, leadership: 'leader' as const } : candidate,
            ),
          },
          second,
          ...anatomy.nodes.slice(1),
        ],
      };
      const box = componentBoxes(architecture(led), 'kube-scheduler')[0]!;
      assert.match(box.detail ?? '', new RegExp(`· leader on ${first!.name}$`));
      assert.ok(box.card?.runsHere.some((line) => line.endsWith('(leader)')));
      assert.ok(box.card?.runsHere.some((line) => line.endsWith('(standby)')));
    });
  });

  describe('where a Pod can run (the placement view)', () => {
    // The placement answer travels beside the anatomy, not inside it.
    const placement: PlacementOverlay = {
      subject: 'Pod kube-system/coredns-1',
      state: 'pending',
      boundNode: null,
      fits: 1,
      total: 3,
      said: '0/3 nodes are available: 3 Insufficient cpu.',
      message: null,
      nodes: {
        'multi-node-control-plane': {
          fits: false,
          filter: 'TaintToleration',
          why: 'the node has the taint node-role.kubernetes.io/control-plane:NoSchedule, not tolerated',
        },
        'multi-node-worker': { fits: true },
        'multi-node-worker2': { fits: 'unknown' },
      },
    };

    it('marks every node: fits, does not (with the first reason), or not known; and says how many fit', () => {
      const scene = architecture(kindAnatomy(), { view: 'placement' }, { placement });
      const panel = (name: string) => scene.boxes.find((box) => box.id === `node:${name}`)!;
      assert.deepEqual(
        [panel('multi-node-control-plane').health, panel('multi-node-worker').health, panel('multi-node-worker2').health],
        ['error', 'ok', 'unknown'],
      );
      assert.equal(panel('multi-node-control-plane').detail, '✗ does not fit');
      // Why, in full, in a box of its own under the node's name: the filter, and its evidence on lines that fit.
      const verdict = scene.boxes.find((box) => box.id === 'node:multi-node-control-plane:placement')!;
      assert.equal(verdict.label, 'TaintToleration');
      assert.equal(
        verdict.detailLines!.join(' ').replace(/\/ /g, '/').replace(/: /g, ':'),
        'the node has the taint node-role.kubernetes.io/control-plane:NoSchedule, not tolerated',
      );
      assert.ok(verdict.detailLines!.length > 1);
      assert.equal(
        scene.boxes.find((box) => box.id === 'node:multi-node-worker:placement'),
        undefined,
        'none where it fits',
      );
      assert.equal(panel('multi-node-worker').detail, 'fits');
      assert.equal(panel('multi-node-worker2').detail, 'not known');
      assert.equal(scene.header.title, 'Where Pod kube-system/coredns-1 can run in kind-multi-node');
      assert.match(scene.header.subtitle, /^fits 1 of 3 nodes by the scheduler's filters · cluster /);
    });

    it('draws, for a bound Pod, the inputs of the scores under each node it fits, and says the scores cannot be read', () => {
      const bound: PlacementOverlay = {
        ...placement,
        state: 'bound',
        boundNode: 'multi-node-worker',
        fits: 2,
        nodes: { ...placement.nodes, 'multi-node-worker2': { fits: true } },
        scoreInputs: {
          notReadable: "The scheduler's scores are its own and cannot be read from outside it.",
          nodes: {
            'multi-node-worker': ['room left: number 1 of 2, 90% free', 'other replicas here: 0'],
            'multi-node-worker2': ['room left: number 2 of 2, 62% free', 'other replicas here: 1'],
          },
        },
      };
      const scene = architecture(kindAnatomy(), { view: 'placement' }, { placement: bound });
      const inputs = (name: string) => scene.boxes.find((box) => box.id === `node:${name}:score-inputs`);
      assert.equal(inputs('multi-node-worker')?.label, 'Score inputs');
      assert.deepEqual(inputs('multi-node-worker2')?.detailLines, ['room left: number 2 of 2, 62% free', 'other replicas here: 1']);
      assert.equal(inputs('multi-node-worker')?.detailLines?.at(-1), 'the scores themselves cannot be read', 'once, where it runs');
      assert.match(inputs('multi-node-worker')!.ariaLabel!, /cannot be read from outside it\.$/);
      assert.equal(inputs('multi-node-control-plane'), undefined, 'a node it does not fit says why not instead');
      assert.ok(scene.boxes.some((box) => box.id === 'node:multi-node-control-plane:placement'));
      // The Pods of a node start below its inputs.
      const firstPod = scene.boxes.find((box) => box.kind === 'pod' && box.node === 'multi-node-worker')!;
      assert.ok(firstPod.y >= inputs('multi-node-worker')!.y + inputs('multi-node-worker')!.height);
    });

    it('lists above the nodes what would make a Pod that fits nowhere fit, and what the model cannot judge', () => {
      const nowhere: PlacementOverlay = {
        ...placement,
        fits: 0,
        nodes: { ...placement.nodes, 'multi-node-worker': { fits: false, filter: 'NodeResourcesFit', why: 'Insufficient cpu' } },
        suggestions: {
          heading: 'What would make it fit (the filters re-run with each change):',
          lines: [
            'lower the cpu request to at most 1500m: fits 2 of 3 nodes (multi-node-worker, multi-node-worker2)',
            "The model cannot judge preemption (priority class high); look at the scheduler's Events.",
          ],
        },
      };
      const scene = architecture(kindAnatomy(), { view: 'placement' }, { placement: nowhere });
      const box = scene.boxes.find((candidate) => candidate.id === 'placement:suggestions')!;
      assert.equal(box.label, 'What would make it fit (the filters re-run with each change):');
      assert.ok(box.detailLines!.join(' ').includes('lower the cpu request to at most 1500m'));
      assert.ok(box.detailLines!.some((line) => line.startsWith('• The model cannot judge preemption')));
      // The nodes start below it, and it spans their columns.
      const nodes = scene.boxes.filter((candidate) => candidate.id.startsWith('node:') && candidate.kind === 'panel');
      assert.ok(nodes.every((node) => node.y >= box.y + box.height));
      assert.equal(box.x, Math.min(...nodes.map((node) => node.x)));
      const plain = architecture(kindAnatomy(), { view: 'placement' }, { placement });
      assert.equal(
        plain.boxes.find((candidate) => candidate.id === 'placement:suggestions'),
        undefined,
        'none where it fits',
      );
    });

    it('draws the architecture view, and the placement view without a question, as before', () => {
      assert.deepEqual(
        architecture(kindAnatomy(), {}, { placement }).boxes.map((box) => [box.id, box.health, box.detail]),
        architecture(kindAnatomy()).boxes.map((box) => [box.id, box.health, box.detail]),
      );
      const plain = architecture(kindAnatomy(), { view: 'placement' });
      assert.equal(plain.header.title, 'kube-system Pods by node in kind-multi-node');
      assert.notEqual(plain.boxes.find((box) => box.id === 'node:multi-node-control-plane')!.detail?.startsWith('✗'), true);
    });
  });

  describe('from where a limited user stands (RBAC hides the Nodes and kube-system)', () => {
    const scene = architecture(limitedAnatomy(), { showReverse: true });
    const box = (id: string) => scene.boxes.find((candidate) => candidate.id === id)!;

    it('draws kube-apiserver with what every user sees, and the rest of the control plane as hidden, never absent', () => {
      const hub = box('cp:kube-apiserver');
      assert.equal(hub.health, 'ok');
      assert.equal(hub.detail, 'v1.37.0');
      assert.ok(hub.card!.runsHere.includes('kube-apiserver at https://127.0.0.1:40513'), hub.card!.runsHere.join('; '));
      assert.ok(hub.card!.runsHere.includes('kube-public/cluster-info names the server https://multi-node-control-plane:6443'));
      assert.ok(hub.card!.runsHere.includes('5 API groups: 3 built in, 1 aggregated, 1 extensions'));
      for (const component of ['etcd', 'kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager']) {
        const hidden = box(`cp:${component}`);
        assert.equal(hidden.health, 'hidden', component);
        assert.equal(hidden.detail, 'hidden from you');
        assert.deepEqual(hidden.card!.runsHere, [
          'hidden from you — needs list, watch pods in kube-system',
          'check: kubectl auth can-i list pods -n kube-system --context team-dev',
          'check: kubectl auth can-i watch pods -n kube-system --context team-dev',
        ]);
      }
      assert.equal(box('cp').health, 'hidden');
      assert.equal(box('cp').detail, 'where and how it runs is hidden from you');
      assert.ok(
        scene.boxes.every((each) => each.health !== 'absent'),
        'nothing is absent because it is hidden',
      );
      assert.ok(!scene.legend!.entries.some((entry) => /not in this cluster/.test(entry.label)));
      assert.ok(scene.legend!.entries.some((entry) => entry.swatch.kind === 'health' && entry.swatch.health === 'hidden'));
      assert.match(scene.header.subtitle, /^From where you stand · /);
    });

    it("shows the controllers and the scheduler through their work on the user's Pods", () => {
      assert.deepEqual(box('cp:kube-scheduler').card!.evidence, [
        'seen through its work on your Pods: team/web-625kc2fvs2-p0000, team/web-625kc2fvs2-p0001, team/web-625kc2fvs2-p0002',
      ]);
      assert.match(box('cp:kube-controller-manager').card!.evidence[0]!, /, … \+1$/);
    });

    it('runs the spokes through kube-apiserver as usual, none for a component the cluster may lack', () => {
      const local = new Set(['cri', 'runs', 'manifests']);
      for (const edge of scene.edges.filter((each) => !local.has(each.kind)))
        assert.ok(edge.fromComponent === 'kube-apiserver' || edge.toComponent === 'kube-apiserver', edge.id);
      const spokes = (component: string) => scene.edges.filter((edge) => edge.fromComponent === component).map((edge) => edge.kind);
      assert.deepEqual(spokes('kube-scheduler'), ['watch', 'write-back']);
      assert.deepEqual(spokes('kube-controller-manager'), ['watch', 'write-back']);
      assert.deepEqual(spokes('cloud-controller-manager'), []);
      assert.ok(scene.edges.some((edge) => edge.kind === 'storage' && edge.toComponent === 'etcd'));
      assert.deepEqual(
        scene.edges.filter((edge) => edge.fromComponent === 'kubelet' && edge.node === 'multi-node-worker').map((edge) => edge.kind),
        ['write-back', 'watch', 'cri'],
      );
    });

    it('draws the nodes inferred from the Pods, their agents hidden, the Pods on them, and the other nodes hidden', () => {
      assert.equal(scene.nodeCount, 2);
      const worker = box('node:multi-node-worker');
      assert.equal(worker.detail, 'inferred from Pods · 172.18.0.2');
      assert.match(worker.card!.runsHere[0]!, /^Known only because Pods you may read run on it/);
      for (const part of ['kubelet', 'kube-proxy', 'container-runtime']) {
        const agent = box(`node:multi-node-worker:${part}`);
        assert.equal(agent.health, 'hidden', part);
        assert.match(agent.card!.runsHere[0]!, /^hidden from you — needs list, watch/);
      }
      assert.match(box('node:multi-node-worker:kubelet').card!.runsHere[0]!, /nodes \(cluster-wide\)/);
      assert.deepEqual(
        scene.boxes.filter((each) => each.kind === 'pod').map((each) => [each.node, each.label, each.source, each.health]),
        [
          ['multi-node-worker', 'web-625kc2fvs2-p0000', 'deployment', 'ok'],
          ['multi-node-worker', 'web-625kc2fvs2-p0002', 'deployment', 'ok'],
          ['multi-node-worker2', 'web-625kc2fvs2-p0001', 'deployment', 'ok'],
        ],
      );
      const pod = box('node:multi-node-worker:pod:team/web-625kc2fvs2-p0000');
      assert.deepEqual(pod.target, { node: 'multi-node-worker', pod: { namespace: 'team', name: 'web-625kc2fvs2-p0000' } });
      assert.ok(pod.card!.runsHere.includes('ReplicaSet/web-625kc2fvs2 → Deployment/web'));
      const other = box('nodes:hidden');
      assert.equal(other.health, 'hidden');
      assert.equal(other.detailLines!.join(' '), 'hidden from you — needs list, watch nodes (cluster-wide)');
      assert.ok(other.card!.runsHere.includes('check: kubectl auth can-i list nodes --context team-dev'));
    });

    it('counts the Pods past the first dozen of a node in one box', () => {
      const many = architecture(limitedAnatomy(40));
      const worker = many.boxes.filter((each) => each.kind === 'pod' && each.node === 'multi-node-worker');
      assert.equal(worker.length, 12);
      assert.equal(many.boxes.find((each) => each.id === 'node:multi-node-worker:more-pods')?.label, '8 more Pods');
    });

    it("shows the user's Pods by node in the placement view, without the control plane", () => {
      const placement = architecture(limitedAnatomy(), { view: 'placement' });
      assert.equal(placement.header.title, 'Your Pods by node in team-dev');
      assert.ok(!placement.boxes.some((each) => each.id.startsWith('cp')));
      assert.ok(placement.boxes.some((each) => each.id === 'node:multi-node-worker2:pod:team/web-625kc2fvs2-p0001'));
      assert.ok(placement.edges.every((edge) => edge.kind === 'cri' || edge.kind === 'runs'));
    });
  });
});
