import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { restrictedDemoContext } from '../../../../src/demo';
import { resolveClientConfig } from '../../../../src/core/anatomy/snapshot';
import { defaultApiErrorStrings, localizeApiErrorText, resourceOfPath } from '../../../../src/core/kube/apiErrorText';
import { fromStatus, KubeApi, KubeApiError } from '../../../../src/core/kube/kubeApi';
import { bundleTranslator, localizeCatalog } from '../../../../src/core/util/catalog';
import { errorMessage } from '../../../../src/core/util/errors';
import { startDemo, type RunningDemo } from '../../../support/demo';

const japanese = localizeCatalog(
  defaultApiErrorStrings,
  bundleTranslator(JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'l10n', 'bundle.l10n.ja.json'), 'utf8'))),
);

/** What kube-apiserver answers for a resource type it does not serve, and for a missing object of one it does. */
const noSuchType = {
  kind: 'Status',
  status: 'Failure',
  message: 'the server could not find the requested resource',
  reason: 'NotFound',
  details: { causes: [{ reason: 'UnexpectedServerResponse', message: '404 page not found' }] },
  code: 404,
};

describe('API errors in plain words', () => {
  it('reads the resource, namespace and name a REST path names', () => {
    assert.deepEqual(resourceOfPath('/apis/apps/v1/namespaces/team/statefulsets?limit=500'), {
      group: 'apps',
      version: 'v1',
      resource: 'statefulsets',
      namespace: 'team',
    });
    assert.deepEqual(resourceOfPath('/api/v1/namespaces/team'), { group: '', version: 'v1', resource: 'namespaces', name: 'team' });
    assert.deepEqual(resourceOfPath('/apis/certificates.k8s.io/v1/certificatesigningrequests'), {
      group: 'certificates.k8s.io',
      version: 'v1',
      resource: 'certificatesigningrequests',
    });
    assert.equal(resourceOfPath('/readyz?verbose'), undefined);
    assert.equal(resourceOfPath('/apis/apps'), undefined);
  });

  it('says a 404 for a whole type is a kind the cluster does not serve, and keeps the message of a missing object', () => {
    const type = fromStatus(404, noSuchType, 'CertificateSigningRequests', {
      verb: 'list',
      path: '/apis/certificates.k8s.io/v1/certificatesigningrequests?limit=500',
    });
    assert.equal(type.kind, 'not-found');
    assert.equal(type.message, 'the server could not find the requested resource', 'the server said it: logs keep it');
    assert.equal(
      errorMessage(type),
      'This cluster does not serve certificatesigningrequests.certificates.k8s.io: its API certificates.k8s.io/v1 is not installed or not enabled, so there are none to show.',
    );
    const object = fromStatus(
      404,
      { ...noSuchType, message: 'pods "web" not found', details: { name: 'web', kind: 'pods' } },
      'Pod team/web',
      { verb: 'get', path: '/api/v1/namespaces/team/pods/web' },
    );
    assert.equal(errorMessage(object), 'pods "web" not found');
  });

  it('names the missing permission of a 403 and the kubectl line that checks it', () => {
    const forbidden = fromStatus(
      403,
      { message: 'statefulsets.apps is forbidden: User "system:serviceaccount:team:dev" cannot list resource "statefulsets"' },
      'StatefulSets in team',
      { verb: 'list', path: '/apis/apps/v1/namespaces/team/statefulsets?limit=500' },
    );
    assert.equal(
      errorMessage(forbidden),
      'Missing permission: list statefulsets.apps in team. Check with: kubectl auth can-i list statefulsets.apps -n team',
    );
    assert.equal(
      errorMessage(fromStatus(403, {}, 'Nodes', { verb: 'watch', path: '/api/v1/nodes' })),
      'Missing permission: watch nodes (cluster-wide). Check with: kubectl auth can-i watch nodes',
    );
    assert.equal(
      errorMessage(fromStatus(403, {}, '/readyz?verbose', { verb: 'get', path: '/readyz?verbose' })),
      'Missing permission: get /readyz. Check with: kubectl auth can-i get /readyz',
    );
  });

  it('says the same in Japanese, and leaves text it did not make as it is', () => {
    const forbidden = errorMessage(fromStatus(403, {}, 'Jobs', { verb: 'list', path: '/apis/batch/v1/namespaces/team/jobs' }));
    assert.equal(
      localizeApiErrorText(forbidden, japanese),
      '権限が足りません: list jobs.batch（team 内）。確認: kubectl auth can-i list jobs.batch -n team',
    );
    const notServed = errorMessage(fromStatus(404, noSuchType, 'Jobs', { verb: 'list', path: '/apis/batch/v1/namespaces/team/jobs' }));
    assert.match(localizeApiErrorText(notServed, japanese), /^このクラスタは jobs\.batch を提供していません。API batch\/v1 が/);
    assert.match(
      localizeApiErrorText(
        new KubeApiError('unreachable', 'Cannot reach the cluster (ECONNREFUSED) while reading Nodes: refused').message,
        japanese,
      ),
      /^クラスタに接続できません（ECONNREFUSED）。Nodes を読み取れませんでした: refused$/,
    );
    assert.equal(localizeApiErrorText('pods "web" not found', japanese), 'pods "web" not found');
    assert.equal(localizeApiErrorText(forbidden, defaultApiErrorStrings), forbidden);
  });

  describe('from a real server (the demo)', () => {
    let demo: RunningDemo;
    before(async () => {
      demo = await startDemo({ leaseRenewSeconds: 0.2 });
    });
    after(async () => {
      await demo?.stop();
    });

    it('explains a kind the demo does not serve, and what the restricted user may not list', async () => {
      const admin = new KubeApi((await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env })).config);
      const ingresses = await admin
        .list('/apis/networking.k8s.io/v1/namespaces/team/ingresses', 'Ingresses in team')
        .catch((error: unknown) => error);
      assert.match(
        errorMessage(ingresses),
        /^This cluster does not serve ingresses\.networking\.k8s\.io: its API networking\.k8s\.io\/v1 is not installed/,
      );
      const dev = new KubeApi(
        (await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env, context: restrictedDemoContext })).config,
      );
      const jobs = await dev.list('/apis/batch/v1/namespaces/team/jobs', 'Jobs in team').catch((error: unknown) => error);
      assert.ok(jobs instanceof KubeApiError && jobs.kind === 'forbidden');
      assert.equal(
        errorMessage(jobs),
        'Missing permission: list jobs.batch in team. Check with: kubectl auth can-i list jobs.batch -n team',
      );
    });
  });
});
