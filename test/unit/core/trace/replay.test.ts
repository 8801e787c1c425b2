import * as assert from 'node:assert/strict';
import { MAX_REPLAY_PAUSE_MS, type ReplayClock, TraceReplay } from '../../../../src/core/trace/replay';
import { savedTraceOf } from '../../../../src/core/trace/savedTrace';
import type { Trace, TraceStep } from '../../../../src/core/trace/timeline';

/** A clock the test moves by hand: each timer waits until `tick` runs it. */
class ManualClock implements ReplayClock {
  readonly waits: number[] = [];
  private pending: { callback: () => void; ms: number } | undefined;
  setTimeout(callback: () => void, ms: number): unknown {
    this.pending = { callback, ms };
    this.waits.push(ms);
    return this.pending;
  }
  clearTimeout(handle: unknown): void {
    if (handle === this.pending) this.pending = undefined;
  }
  tick(): boolean {
    const pending = this.pending;
    this.pending = undefined;
    pending?.callback();
    return pending !== undefined;
  }
}

const T0 = Date.parse('2026-12-03T10:00:00Z');

function step(id: string, seconds: number): TraceStep {
  return {
    id,
    kind: 'pod-created',
    component: 'kube-controller-manager',
    actor: 'replicaset-controller',
    object: { kind: 'Pod', namespace: 'default', name: id, uid: id },
    time: new Date(T0 + seconds * 1000).toISOString(),
    at: T0 + seconds * 1000,
    precise: false,
    latencyMs: null,
    seenAt: null,
    node: null,
    container: null,
    replicas: null,
    reason: null,
    message: null,
    evidence: [],
    walkStep: 2,
    arrival: null,
    observedAt: null,
    readFromEvents: false,
  };
}

function replayOf(clock: ManualClock): TraceReplay {
  const trace: Trace = {
    target: { kind: 'Deployment', namespace: 'default', name: 'web' },
    root: { kind: 'Deployment', namespace: 'default', name: 'web', uid: 'd1' },
    steps: [step('a', 0), step('b', 2), step('c', 2.5), step('d', 600)],
    omittedSteps: 0,
    counts: { desired: 1, pods: 1, scheduled: 1, running: 1, ready: 1 },
    objectUids: ['d1'],
  };
  return new TraceReplay(savedTraceOf(trace, []), clock);
}

describe('trace replay', () => {
  it('plays the steps at the recorded pace, a long quiet stretch shortened, and ends with all of them shown', () => {
    const clock = new ManualClock();
    const replay = replayOf(clock);
    const lit: string[] = [];
    replay.onDidShowStep((shown) => lit.push(shown.id));
    assert.deepEqual([replay.position, replay.state, replay.current.steps.length], [0, 'paused', 0]);
    replay.play();
    assert.equal(replay.state, 'playing');
    while (clock.tick());
    assert.deepEqual(clock.waits, [0, 2000, 500, MAX_REPLAY_PAUSE_MS]);
    assert.deepEqual(lit, ['a', 'b', 'c', 'd']);
    assert.deepEqual([replay.position, replay.state, replay.current.steps.length], [4, 'ended', 4]);
  });

  it('plays faster at a higher speed, and from the start again once ended', () => {
    const clock = new ManualClock();
    const replay = replayOf(clock);
    replay.play(4);
    while (clock.tick());
    assert.deepEqual(clock.waits, [0, 500, 125, MAX_REPLAY_PAUSE_MS / 4]);
    replay.play(16);
    assert.equal(replay.position, 0);
    clock.tick();
    assert.equal(replay.position, 1);
    assert.equal(clock.waits.at(-1), 2000 / 16);
  });

  it('steps on and back one step at a time, pausing a replay that plays', () => {
    const clock = new ManualClock();
    const replay = replayOf(clock);
    const lit: string[] = [];
    replay.onDidShowStep((shown) => lit.push(shown.id));
    replay.play();
    clock.tick();
    replay.next();
    assert.deepEqual([replay.position, replay.state], [2, 'paused']);
    assert.equal(clock.tick(), false, 'the timer was cancelled');
    replay.previous();
    replay.previous();
    replay.previous();
    assert.equal(replay.position, 0);
    replay.next();
    assert.deepEqual(
      replay.current.steps.map((shown) => shown.id),
      ['a'],
    );
    assert.deepEqual(lit, ['a', 'b', 'a']);
    for (let index = 0; index < 10; index++) replay.next();
    assert.deepEqual([replay.position, replay.state], [4, 'ended']);
  });
});
