import { strict as assert } from 'node:assert';
import type { AnatomySource } from '../../../src/core/anatomy/source';
import type { ClusterAnatomy } from '../../../src/core/anatomy/types';
import { DiagramFeed } from '../../../src/protocol/diagramFeed';
import { defaultDiagramStrings } from '../../../src/core/diagram/strings';
import { Emitter } from '../../../src/core/util/event';
import type { HostToWebviewMessage } from '../../../src/protocol/diagramProtocol';
import { kindAnatomy } from '../../fixtures/anatomy/builders';

function setup(initial?: ClusterAnatomy) {
  const changes = new Emitter<ClusterAnatomy>();
  const leases = new Emitter<string>();
  const sessions = new Emitter<unknown>();
  // Fresh heartbeats, newer than the anatomy's lease times (which lag: renewals do not rebuild it).
  const freshLeases = new Map<string, string>();
  const source = {
    current: initial,
    onDidChange: changes.event,
    onLeaseRenewed: leases.event,
    onDidChangeSession: sessions.event,
    leaseOf: (node: string) => {
      const renewTime = freshLeases.get(node);
      return renewTime ? { renewTime, ageSeconds: 0, leaseDurationSeconds: 40, holderIdentity: node } : null;
    },
  } as { current: ClusterAnatomy | undefined } & AnatomySource;
  const sent: HostToWebviewMessage[] = [];
  const timers: (() => void)[] = [];
  const feed = new DiagramFeed(source, {
    post: (message) => sent.push(message),
    locale: 'ja',
    strings: () => defaultDiagramStrings,
    waitingText: () => 'waiting',
    setTimer: (callback) => timers.push(callback),
    clearTimer: () => timers.splice(0),
  });
  const change = (anatomy: ClusterAnatomy) => {
    source.current = anatomy;
    changes.fire(anatomy);
  };
  const lease = (node: string, renewTime?: string) => {
    if (renewTime) freshLeases.set(node, renewTime);
    leases.fire(node);
  };
  const switchSession = () => {
    source.current = undefined;
    sessions.fire(undefined);
  };
  return { feed, sent, timers, change, lease, switchSession, types: () => sent.map((m) => m.type) };
}

describe('diagram feed (what the host sends the webview)', () => {
  it('sends nothing before ready, then the strings and a full snapshot', () => {
    const { feed, sent, change, types } = setup();
    change(kindAnatomy());
    feed.reveal({ component: 'etcd' });
    assert.equal(sent.length, 0);
    feed.onReady();
    assert.deepEqual(types(), ['locale', 'snapshot', 'reveal']);
    const snapshot = sent[1]!;
    assert.ok(snapshot.type === 'snapshot' && snapshot.anatomy?.context === 'kind-multi-node');
    assert.ok(sent[0]!.type === 'locale' && sent[0]!.locale === 'ja');
  });

  it('says it is waiting when there is no anatomy yet, then sends a snapshot when one comes', () => {
    const { feed, sent, change, types } = setup();
    feed.onReady();
    assert.deepEqual(sent[1], { type: 'snapshot', anatomy: null, status: 'waiting' });
    change(kindAnatomy());
    assert.deepEqual(types(), ['locale', 'snapshot', 'snapshot']);
  });

  it('sends deltas while visible, nothing while hidden, and a full snapshot on the next ready', () => {
    const anatomy = kindAnatomy();
    const { feed, sent, change, types } = setup(anatomy);
    feed.onReady();
    sent.length = 0;
    const worker = anatomy.nodes[1]!;
    change({ ...anatomy, nodes: [anatomy.nodes[0]!, { ...worker, ready: 'False' }, anatomy.nodes[2]!] });
    assert.deepEqual(types(), ['delta']);
    assert.ok(sent[0]!.type === 'delta' && sent[0]!.delta.upserted.map((n) => n.name).join() === 'multi-node-worker');
    change({ ...anatomy, nodes: [anatomy.nodes[0]!, { ...worker, ready: 'False' }, anatomy.nodes[2]!] });
    assert.deepEqual(types(), ['delta'], 'an equal anatomy sends nothing');
    feed.setVisible(false);
    change(anatomy);
    assert.deepEqual(types(), ['delta']);
    feed.setVisible(true);
    feed.onReady();
    assert.deepEqual(types(), ['delta', 'locale', 'snapshot']);
  });

  it("batches Lease renewals into one message with the time of each renewal, not the anatomy's older one", () => {
    const anatomy = kindAnatomy();
    const { feed, sent, timers, lease } = setup(anatomy);
    lease('multi-node-worker');
    assert.equal(timers.length, 0, 'nothing before ready');
    feed.onReady();
    sent.length = 0;
    lease('multi-node-worker', '2030-01-01T00:00:10Z');
    lease('multi-node-worker2', '2030-01-01T00:00:12Z');
    lease('multi-node-worker', '2030-01-01T00:00:20Z');
    assert.equal(timers.length, 1);
    timers.shift()!();
    assert.notEqual(anatomy.nodes[1]!.lease!.renewTime, '2030-01-01T00:00:20Z');
    assert.deepEqual(sent, [
      {
        type: 'leaseRenewed',
        renewals: [
          { node: 'multi-node-worker', renewTime: '2030-01-01T00:00:20Z' },
          { node: 'multi-node-worker2', renewTime: '2030-01-01T00:00:12Z' },
        ],
      },
    ]);
    lease('multi-node-worker');
    feed.setVisible(false);
    assert.equal(timers.length, 0, 'hiding drops the pending batch');
  });

  it("sends a shown-again webview the Leases as they are now, not as of the anatomy's last rebuild", () => {
    const { feed, sent, change, lease } = setup();
    change(kindAnatomy());
    // Renewals while the panel is hidden: no message, and the anatomy is not rebuilt for them.
    feed.setVisible(false);
    lease('multi-node-worker', '2026-12-02T12:04:30Z');
    feed.setVisible(true);
    feed.onReady();
    const snapshot = [...sent].reverse().find((message) => message.type === 'snapshot');
    assert.ok(snapshot?.type === 'snapshot' && snapshot.anatomy);
    const leaseOf = (name: string) => snapshot.anatomy!.nodes.find((node) => node.name === name)?.lease?.renewTime;
    assert.equal(leaseOf('multi-node-worker'), '2026-12-02T12:04:30Z');
    // A node without a fresher Lease keeps the anatomy's own.
    assert.equal(leaseOf('multi-node-worker2'), kindAnatomy().nodes.find((node) => node.name === 'multi-node-worker2')?.lease?.renewTime);
  });

  it('tells the webview at once when the cluster goes away (a context switch), instead of drawing the old one', () => {
    const { feed, sent, switchSession, types } = setup(kindAnatomy());
    feed.onReady();
    sent.length = 0;
    switchSession();
    assert.deepEqual(types(), ['snapshot']);
    const snapshot = sent[0]!;
    assert.ok(snapshot.type === 'snapshot' && snapshot.anatomy === null && snapshot.status === 'waiting');
  });

  it('holds the walk-through and reveals for a webview that is not ready, and sends them after its snapshot', () => {
    const { feed, types, sent } = setup(kindAnatomy());
    feed.walkthrough('play');
    feed.reveal({ component: 'etcd' });
    feed.reveal({ component: 'kube-scheduler' });
    assert.deepEqual(types(), []);
    feed.onReady();
    assert.deepEqual(types(), ['locale', 'snapshot', 'walkthrough', 'reveal']);
    assert.deepEqual(sent[3], { type: 'reveal', target: { component: 'kube-scheduler' } }, 'the latest reveal');
    feed.walkthrough('stop');
    assert.deepEqual(sent.at(-1), { type: 'walkthrough', action: 'stop' }, 'a ready webview gets it at once');
  });

  it('sends a live trace step to a ready webview, lights the latest again after it starts over, and ends it', () => {
    const { feed, sent, types } = setup(kindAnatomy());
    const step = {
      walkStep: 3,
      caption: 'Pod web-1 bound to node w1',
      component: 'kube-scheduler (default-scheduler)',
      time: '12:00:01',
      node: 'w1',
    };
    feed.traceStep(step);
    assert.deepEqual(types(), [], 'nothing before ready');
    feed.onReady();
    assert.deepEqual(types(), ['locale', 'snapshot', 'traceStep']);
    feed.traceStep({ ...step, walkStep: 4 });
    assert.deepEqual(sent.at(-1), { type: 'traceStep', ...step, walkStep: 4 });
    feed.setVisible(false);
    feed.traceStep({ ...step, walkStep: 5 });
    feed.setVisible(true);
    sent.length = 0;
    feed.onReady();
    assert.deepEqual(types(), ['locale', 'snapshot', 'traceStep']);
    assert.ok(sent[2]!.type === 'traceStep' && sent[2]!.walkStep === 5, 'only the latest step');
    feed.traceEnded();
    assert.deepEqual(sent.at(-1), { type: 'traceEnded' });
    sent.length = 0;
    feed.traceEnded();
    feed.onReady();
    assert.deepEqual(types(), ['locale', 'snapshot'], 'an ended trace is not lit again');
  });
});
