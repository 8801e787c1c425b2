import { strict as assert } from 'node:assert';
import { TraceStepQueue } from '../../../src/webview/traceQueue.utils';

interface Step {
  readonly kind: string;
  readonly name: string;
}

function setup(maxWaiting = 4) {
  const shown: string[] = [];
  const timers: (() => void)[] = [];
  const queue = new TraceStepQueue<Step>(
    (step, more) => shown.push(more ? `${step.name}+${more}` : step.name),
    (a, b) => a.kind === b.kind,
    {
      maxWaiting,
      setTimer: (callback) => timers.push(callback),
      clearTimer: () => timers.splice(0),
    },
  );
  const tick = () => timers.shift()?.();
  return { queue, shown, timers, tick };
}

describe("the live trace's steps on the drawing", () => {
  it('shows a step at once, and the next only after the first has been shown long enough', () => {
    const { queue, shown, tick, timers } = setup();
    queue.push({ kind: 'created', name: 'a' });
    assert.deepEqual(shown, ['a']);
    queue.push({ kind: 'bound', name: 'b' });
    assert.deepEqual(shown, ['a'], 'b waits');
    tick();
    assert.deepEqual(shown, ['a', 'b']);
    tick();
    assert.equal(timers.length, 0, 'nothing waits: the last step stays lit');
    queue.push({ kind: 'started', name: 'c' });
    assert.deepEqual(shown, ['a', 'b', 'c'], 'a step after a quiet spell shows at once');
  });

  it('counts alike steps that crowd in instead of replaying each', () => {
    const { queue, shown, tick } = setup();
    queue.push({ kind: 'created', name: 'a' });
    queue.push({ kind: 'created', name: 'b' });
    queue.push({ kind: 'created', name: 'c' });
    queue.push({ kind: 'bound', name: 'd' });
    tick();
    tick();
    assert.deepEqual(shown, ['a', 'c+1', 'd']);
  });

  it('folds the oldest waiting steps into the next when too many wait', () => {
    const { queue, shown, tick } = setup(2);
    queue.push({ kind: 'k0', name: 'a' });
    for (const [index, name] of ['b', 'c', 'd', 'e'].entries()) queue.push({ kind: `k${index + 1}`, name });
    for (let i = 0; i < 3; i++) tick();
    assert.deepEqual(shown, ['a', 'd+2', 'e']);
  });

  it('drops what waits when cleared', () => {
    const { queue, shown, tick } = setup();
    queue.push({ kind: 'k', name: 'a' });
    queue.push({ kind: 'j', name: 'b' });
    queue.clear();
    tick();
    queue.push({ kind: 'k', name: 'c' });
    assert.deepEqual(shown, ['a', 'c']);
  });
});
