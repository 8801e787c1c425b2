import { strict as assert } from 'node:assert';
import {
  isDeltaMessage,
  isTraceEndedMessage,
  isTraceLiveMessage,
  isTraceStepMessage,
  isExportPngMessage,
  isOpenYamlMessage,
  isRenderedMessage,
  isSnapshotMessage,
  isToggleMessage,
  isWalkthroughMessage,
} from '../../../src/protocol/diagramProtocol';

describe('diagram protocol guards', () => {
  it('accept well-formed messages', () => {
    assert.ok(isOpenYamlMessage({ type: 'openYaml', target: { node: 'n', pod: { namespace: 'kube-system', name: 'p' } } }));
    assert.ok(isToggleMessage({ type: 'toggle', state: { view: 'placement', showReverse: false, expanded: { 'group:worker': 2 } } }));
    assert.ok(isSnapshotMessage({ type: 'snapshot', anatomy: null }));
    assert.ok(isDeltaMessage({ type: 'delta', delta: { generatedAt: 'x', upserted: [], removed: ['a'] } }));
    assert.ok(isWalkthroughMessage({ type: 'walkthrough', action: 'next' }));
    assert.ok(isRenderedMessage({ type: 'rendered', report: { boxes: 1 } }));
  });

  it('reject messages of the wrong shape, whatever their type says', () => {
    assert.equal(isOpenYamlMessage({ type: 'openYaml', target: { pod: { name: 'p' } } }), false, 'a Pod without namespace');
    assert.equal(isOpenYamlMessage({ type: 'openYaml', target: { node: 3 } }), false);
    assert.equal(isExportPngMessage({ type: 'exportPng', dataUrl: 'data:text/html;base64,PHNjcmlwdD4=' }), false, 'only PNG data URLs');
    assert.equal(isToggleMessage({ type: 'toggle', state: { view: 'side', showReverse: false, expanded: {} } }), false);
    assert.equal(isToggleMessage({ type: 'toggle', state: { view: 'placement', showReverse: false, expanded: { a: 'x' } } }), false);
    assert.equal(isWalkthroughMessage({ type: 'walkthrough', action: 'eval' }), false);
    assert.equal(isSnapshotMessage({ type: 'snapshot', anatomy: { nodes: 'many' } }), false);
    assert.equal(isRenderedMessage(null), false);
    assert.equal(isDeltaMessage('delta'), false);
  });

  it('accept a live trace step only with a walk-through step that exists and bounded text', () => {
    const step = { type: 'traceStep', walkStep: 3, caption: 'Pod web-1 bound to node w1', component: 'kube-scheduler', time: '12:00:01' };
    assert.ok(isTraceStepMessage(step));
    assert.ok(isTraceStepMessage({ ...step, node: 'w1' }));
    assert.ok(isTraceEndedMessage({ type: 'traceEnded' }));
    assert.ok(isTraceLiveMessage({ type: 'traceLive' }));
    for (const walkStep of [-1, 6, 1.5, '2', undefined]) assert.equal(isTraceStepMessage({ ...step, walkStep }), false, String(walkStep));
    assert.equal(isTraceStepMessage({ ...step, caption: 'x'.repeat(5_000) }), false, 'a caption past the bound');
    assert.equal(isTraceStepMessage({ ...step, node: 7 }), false);
    assert.equal(isTraceStepMessage({ ...step, component: null }), false);
  });
});
