import * as assert from 'node:assert/strict';
import { manifestObjectPath, objectPath } from '../../../../src/core/kube/objectPaths';

describe('object paths', () => {
  it("builds the REST path of a manifest's object from its apiVersion and kind", () => {
    assert.equal(manifestObjectPath('apps/v1', 'Deployment', 'web', 'front end'), '/apis/apps/v1/namespaces/web/deployments/front%20end');
    assert.equal(manifestObjectPath('v1', 'Node', undefined, 'n1'), '/api/v1/nodes/n1');
    assert.equal(manifestObjectPath('v1', 'Pod', undefined, 'p'), '/api/v1/namespaces/default/pods/p');
  });

  it('refuses names that would walk up the URL, unknown kinds, Secrets and odd apiVersions', () => {
    assert.equal(manifestObjectPath('v1', 'Pod', 'kube-system', '..'), undefined);
    assert.equal(manifestObjectPath('v1', 'Pod', '..', 'p'), undefined);
    assert.equal(objectPath('pods', '.', 'p'), undefined);
    assert.equal(manifestObjectPath('v1', 'Secret', 'default', 's'), undefined);
    assert.equal(manifestObjectPath('../v1', 'Pod', 'default', 'p'), undefined);
  });
});
