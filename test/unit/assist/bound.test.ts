import * as assert from 'node:assert/strict';
import { boundJson } from '../../../src/core/assist/bound';
import { checkToolInput, ToolInputError } from '../../../src/core/assist/toolInput';
import { assistantTools, couldNotSeeIn } from '../../../src/core/assist/tools';
import { parseFieldPath } from '../../../src/core/fields/explainAt';
import { formatPath } from '../../../src/core/yaml/yamlPath';

/** An anatomy-shaped answer of `count` nodes, each with its components. */
function largeAnswer(count: number) {
  return {
    context: 'big',
    controlPlane: { components: [{ component: 'kube-apiserver', where: 'static Pod' }] },
    nodes: Array.from({ length: count }, (_, index) => ({
      name: `worker-${index}`,
      components: [
        { component: 'kubelet', version: 'v1.37.0' },
        { component: 'kube-proxy', pod: `kube-proxy-${index}` },
      ],
    })),
    absent: [],
  };
}

describe('boundJson: an answer cut to fit a cap', () => {
  it('leaves an answer under the cap whole, as a copy', () => {
    const answer = largeAnswer(3);
    const { value, truncations } = boundJson(answer, 10_000);
    assert.deepEqual(value, answer);
    assert.notEqual(value, answer);
    assert.deepEqual(truncations, []);
  });

  it('cuts 5,000 nodes to what fits, keeps the first ones whole, and says how many of how many', () => {
    const answer = largeAnswer(5_000);
    const { value, truncations } = boundJson(answer, 40_000);
    const text = JSON.stringify(value);
    assert.ok(text.length <= 40_000, `${text.length}`);
    const kept = (value as ReturnType<typeof largeAnswer>).nodes;
    assert.deepEqual(kept, answer.nodes.slice(0, kept.length));
    assert.ok(kept.length > 100, `${kept.length} nodes kept`);
    assert.deepEqual(truncations, [{ path: 'nodes', kept: kept.length, of: 5_000, unit: 'items' }]);
    // The original is untouched.
    assert.equal(answer.nodes.length, 5_000);
  });

  it("cuts a long list inside a short one: a hands-on's steps all stay, one step's 5,000 targets are cut", () => {
    const steps = ['nodes', 'pods', 'staticPods', 'daemonSets', 'coredns', 'leases'].map((id, index) => ({
      id,
      outcome: 'done',
      targets: Array.from({ length: index === 5 ? 5_000 : 3 }, (_, target) => `kube-node-lease/worker-${target}`),
    }));
    const { value, truncations } = boundJson({ steps }, 20_000);
    const kept = (value as { steps: typeof steps }).steps;
    assert.deepEqual(
      kept.map((step) => step.id),
      steps.map((step) => step.id),
    );
    assert.deepEqual(truncations, [{ path: 'steps[5].targets', kept: kept[5]!.targets.length, of: 5_000, unit: 'items' }]);
    assert.ok(JSON.stringify(value).length <= 20_000);
    assert.ok(JSON.stringify(value).length > 19_000, 'no more is cut than the cap needs');
  });

  it('shares the cut between two long lists, down to the weight of the other, instead of emptying one', () => {
    const answer = {
      nodes: Array.from({ length: 3_000 }, (_, index) => `node-${index}`),
      fits: Array.from({ length: 2_000 }, (_, index) => `fit-${index}`),
    };
    const { value, truncations } = boundJson(answer, 20_000);
    const kept = value as typeof answer;
    assert.ok(kept.nodes.length > 500 && kept.fits.length > 500, `${kept.nodes.length} and ${kept.fits.length}`);
    assert.deepEqual(truncations.map((cut) => cut.path).sort(), ['fits', 'nodes']);
  });

  it('cuts a long string in the middle when no list is left to shorten', () => {
    const message = `start ${'x'.repeat(50_000)} end`;
    const { value, truncations } = boundJson({ message }, 2_000);
    const cut = (value as { message: string }).message;
    assert.ok(JSON.stringify(value).length <= 2_000);
    assert.match(cut, /^start x+…x+ end$/);
    assert.deepEqual(truncations, [{ path: 'message', kept: cut.length, of: message.length, unit: 'characters' }]);
  });

  it('gives null, said, when even its keys do not fit', () => {
    const keys = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`key-${index}`, index]));
    const { value, truncations } = boundJson(keys, 1_000);
    assert.equal(value, null);
    assert.equal(truncations[0]!.path, '');
  });
});

describe('checkToolInput: what a model sends, checked against the tool schema', () => {
  const tool = (name: string) => assistantTools.find((candidate) => candidate.name === name)!.inputSchema;

  it('passes a good input, dropping nulls', () => {
    assert.deepEqual(checkToolInput(tool('cluster_anatomy_trace'), { target: 'deploy/web', namespace: null }), { target: 'deploy/web' });
  });

  it('refuses a missing, unknown, mistyped or out-of-range property, saying where', () => {
    const refusal = (name: string, input: unknown) => {
      try {
        checkToolInput(tool(name), input);
      } catch (error) {
        assert.ok(error instanceof ToolInputError);
        return error.message;
      }
      assert.fail('accepted');
    };
    assert.equal(refusal('cluster_anatomy_trace', {}), "input needs 'target'");
    assert.match(refusal('cluster_anatomy_health', { context: 'prod' }), /^input has no property 'context'/);
    assert.equal(refusal('cluster_anatomy_hands_on', { waitSeconds: 600 }), 'input.waitSeconds must be at most 60');
    assert.equal(refusal('cluster_anatomy_hands_on', { waitSeconds: '5' }), 'input.waitSeconds must be a whole number');
    assert.match(refusal('cluster_anatomy_tree', { namespaces: ['Kube System'] }), /^input\.namespaces\[0\] must match/);
    assert.match(refusal('cluster_anatomy_trace', { target: 'deploy/a/b' }), /^input\.target must match/);
    // As JSON brings it, `__proto__` is an own property like any other: refused, never merged into an object.
    assert.match(refusal('cluster_anatomy_tree', JSON.parse('{"__proto__": {"polluted": true}}')), /^input has no property '__proto__'/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

describe('couldNotSeeIn: what an answer says it could not read', () => {
  it('gathers hidden reads wherever they sit, unreadable lists and bound Pods, once each', () => {
    const hidden = {
      id: 'nodes',
      what: 'Nodes',
      resource: 'nodes',
      reason: 'forbidden',
      needs: [
        { text: 'list nodes (cluster-wide)', canI: 'kubectl auth can-i list nodes', verb: 'list', resource: 'nodes', verdict: 'denied' },
      ],
    };
    const found = couldNotSeeIn({
      hidden: [hidden],
      steps: [{ findings: [{ hidden }] }],
      unreadable: [{ resource: 'leases', reason: 'forbidden' }],
      boundPodsError: 'pods is forbidden',
    });
    assert.deepEqual(found, [
      { what: 'leases', reason: 'forbidden' },
      { what: 'the Pods bound to nodes (their requests, ports and labels)', reason: 'pods is forbidden' },
      { what: 'Nodes', reason: 'forbidden', needs: ['list nodes (cluster-wide)'], check: ['kubectl auth can-i list nodes'] },
    ]);
  });
});

describe('parseFieldPath: a field named in words', () => {
  it('reads what formatPath writes', () => {
    for (const path of [
      ['spec', 'replicas'],
      ['spec', 'template', 'spec', 'containers', 0, 'image'],
      ['metadata', 'annotations', 'kubernetes.io/ingress.class'],
    ]) {
      assert.deepEqual(parseFieldPath(formatPath(path)), path);
    }
  });

  it('refuses what it cannot read, saying where', () => {
    assert.throws(() => parseFieldPath('spec..replicas'), /cannot be read at character 5/);
    assert.throws(() => parseFieldPath('[0].x'), /cannot be read at character 1/);
    assert.throws(() => parseFieldPath(''), /is empty/);
  });
});
