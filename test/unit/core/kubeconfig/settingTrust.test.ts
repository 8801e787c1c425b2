import * as assert from 'node:assert/strict';
import { effectiveKubeconfigSetting } from '../../../../src/core/kubeconfig/settingTrust';

describe('the kubeconfig setting under Workspace Trust', () => {
  const layers = { globalValue: '~/.kube/mine', workspaceValue: './evil-kubeconfig', workspaceFolderValue: undefined };

  it('ignores a path from workspace settings in an untrusted workspace', () => {
    assert.equal(effectiveKubeconfigSetting(layers, false), '~/.kube/mine');
    assert.equal(effectiveKubeconfigSetting({ workspaceValue: './evil-kubeconfig' }, false), undefined);
    assert.equal(effectiveKubeconfigSetting({ workspaceFolderValue: ['./a', './b'] }, false), undefined);
  });

  it("lets workspace and folder settings override the user's once the workspace is trusted", () => {
    assert.equal(effectiveKubeconfigSetting(layers, true), './evil-kubeconfig');
    assert.deepEqual(effectiveKubeconfigSetting({ ...layers, workspaceFolderValue: ['./f'] }, true), ['./f']);
  });

  it('lets empty values fall through', () => {
    assert.equal(effectiveKubeconfigSetting({ globalValue: '/g', workspaceValue: '  ' }, true), '/g');
    assert.equal(effectiveKubeconfigSetting({ globalValue: [], workspaceValue: [''] }, true), undefined);
    assert.equal(effectiveKubeconfigSetting(undefined, true), undefined);
  });
});
