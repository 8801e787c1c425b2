import * as assert from 'node:assert/strict';
import { deriveContextStatus } from '../../../../src/core/workspace/contextStatus';
import type { ContextDescription, KubeconfigProblem, KubeconfigState } from '../../../../src/core/kubeconfig/types';

function context(name: string, extra: Partial<ContextDescription> = {}): ContextDescription {
  return {
    name,
    cluster: `${name}-cluster`,
    user: `${name}-user`,
    namespace: '',
    server: 'https://x',
    file: '/k/config',
    current: false,
    ...extra,
  };
}

function state(current: string | undefined, problems: KubeconfigProblem[] = [], contexts = [context('a'), context('b')]): KubeconfigState {
  return {
    source: 'env',
    files: [{ path: '/k/config', exists: true, broken: false }],
    contexts: contexts.map((each) => ({ ...each, current: each.name === current })),
    current,
    sessionOnly: false,
    problems,
  };
}

const problem = (
  kind: KubeconfigProblem['kind'],
  entry?: KubeconfigProblem['entry'],
  severity: 'error' | 'warning' = 'error',
): KubeconfigProblem => ({
  kind,
  severity,
  entry,
  message: kind,
});

describe('status of the current context', () => {
  it('is ready when the kubeconfig is fine and no connection reports', () => {
    const status = deriveContextStatus(state('a'), undefined);
    assert.equal(status.state, 'ready');
    assert.equal(status.context?.name, 'a');
  });

  it('takes the connection state for the current context, and ignores one about another context', () => {
    assert.equal(deriveContextStatus(state('a'), { state: 'forbidden', context: 'a', message: 'm' }).state, 'forbidden');
    assert.equal(deriveContextStatus(state('a'), { state: 'connected', context: 'b' }).state, 'ready');
  });

  it('says no kubeconfig when there is none', () => {
    const status = deriveContextStatus(state(undefined, [problem('noKubeconfig', undefined, 'warning')], []), undefined);
    assert.equal(status.state, 'noKubeconfig');
  });

  it('puts kubeconfig errors of the context, its cluster or its user before any connection state', () => {
    for (const entry of [
      { type: 'context', name: 'a' },
      { type: 'cluster', name: 'a-cluster' },
      { type: 'user', name: 'a-user' },
    ] as const) {
      const status = deriveContextStatus(state('a', [problem('unreadableFile', entry)]), { state: 'connected', context: 'a' });
      assert.equal(status.state, 'kubeconfigError', entry.type);
      assert.equal(status.blocking.length, 1);
    }
  });

  it('keeps problems of other contexts out of the way, listed as other', () => {
    const status = deriveContextStatus(state('a', [problem('missingCluster', { type: 'context', name: 'b' })]), {
      state: 'connected',
      context: 'a',
    });
    assert.equal(status.state, 'connected');
    assert.equal(status.other.length, 1);
  });

  it('says needs trust for an exec user in an untrusted workspace', () => {
    const status = deriveContextStatus(state('a', [problem('needsTrust', { type: 'user', name: 'a-user' }, 'warning')]), undefined);
    assert.equal(status.state, 'needsTrust');
  });

  it('reports a current-context that names no context as a kubeconfig error, keeping the name', () => {
    const status = deriveContextStatus(state('gone', [problem('missingContext')]), undefined);
    assert.equal(status.state, 'kubeconfigError');
    assert.equal(status.contextName, 'gone');
  });

  it('says no current context when the files set none', () => {
    assert.equal(deriveContextStatus(state(undefined), undefined).state, 'noContext');
  });

  it('does not warn about a missing default kubeconfig while the context comes from another file, such as the demo', () => {
    const missingDefault: KubeconfigProblem = {
      kind: 'missingFile',
      severity: 'warning',
      file: '/home/me/.kube/config',
      subject: '/home/me/.kube/config',
      message: 'Kubeconfig file /home/me/.kube/config does not exist.',
    };
    const demo = [context('kind-multi-node', { file: '/storage/demo-kubeconfig-1.yaml' })];
    assert.deepEqual(deriveContextStatus(state('kind-multi-node', [missingDefault], demo), undefined).other, []);
    // Without a context to use, the missing file is part of the explanation.
    assert.deepEqual(deriveContextStatus(state(undefined, [missingDefault], demo), undefined).other, [missingDefault]);
    // A file the setting names must exist: that stays an error.
    const missingChosen: KubeconfigProblem = { ...missingDefault, severity: 'error' };
    assert.deepEqual(deriveContextStatus(state('kind-multi-node', [missingChosen], demo), undefined).other, [missingChosen]);
  });
});
