import * as assert from 'node:assert/strict';
import { discoverKubeconfigFiles } from '../../../../src/core/kubeconfig/discover';

describe('finding the kubeconfig files', () => {
  const base = { homeDir: '/home/me', cwd: '/work', delimiter: ':' };

  it('uses ~/.kube/config when nothing else is set', () => {
    assert.deepEqual(discoverKubeconfigFiles({ ...base, env: {} }), { source: 'default', paths: ['/home/me/.kube/config'] });
    assert.deepEqual(discoverKubeconfigFiles({ ...base, env: { KUBECONFIG: '' } }).source, 'default');
  });

  it('splits KUBECONFIG on the delimiter, skipping empty entries and repeats, relative to the working directory', () => {
    const found = discoverKubeconfigFiles({ ...base, env: { KUBECONFIG: '::a.yaml::/abs/b.yaml:./a.yaml:' } });
    assert.deepEqual(found, { source: 'env', paths: ['/work/a.yaml', '/abs/b.yaml'] });
  });

  it('puts the setting above KUBECONFIG, accepts a list and expands ~', () => {
    const env = { KUBECONFIG: '/abs/env.yaml' };
    assert.deepEqual(discoverKubeconfigFiles({ ...base, env, setting: '~/clusters/dev.yaml' }), {
      source: 'setting',
      paths: ['/home/me/clusters/dev.yaml'],
    });
    assert.deepEqual(discoverKubeconfigFiles({ ...base, env, setting: ['one.yaml', ' ', '/two.yaml'] }).paths, [
      '/work/one.yaml',
      '/two.yaml',
    ]);
  });

  it('falls through an empty setting', () => {
    assert.equal(discoverKubeconfigFiles({ ...base, env: { KUBECONFIG: '/x' }, setting: '' }).source, 'env');
    assert.equal(discoverKubeconfigFiles({ ...base, env: { KUBECONFIG: '/x' }, setting: [] }).source, 'env');
  });
});
