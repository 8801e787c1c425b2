// Applying a manifest against the demo cluster over real HTTPS, as against a real kube-apiserver: discovery names
// the kinds, the dry run stores nothing and shows the defaults, the apply stores, a second apply changes
// nothing, an invalid object is refused with the field named, and a field another manager owns is a conflict
// until forced.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyPlan,
  FIELD_MANAGER,
  planApply,
  planDiffText,
  planDocuments,
  resolveTargets,
  traceableObject,
} from '../../../../src/core/apply/applyManifest';
import { ApiDiscovery } from '../../../../src/core/kube/discovery';
import { fieldPathText } from '../../../../src/core/apply/fieldDiff';
import { ManifestError, parseManifestObjects } from '../../../../src/core/apply/manifestObjects';
import { resolveClientConfig } from '../../../../src/core/anatomy/snapshot';
import { APPLY_PATCH_CONTENT_TYPE, KubeApi, KubeApiError } from '../../../../src/core/kube/kubeApi';
import { type RunningDemo, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

const deploymentYaml = readFileSync(join(__dirname, 'fixtures', 'deployment.yaml'), 'utf8');

describe('applying a manifest on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let api: KubeApi;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
    const { config } = await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env });
    api = new KubeApi(config);
  });

  after(() => demo.stop());

  const targetsOf = (text: string, defaultNamespace?: string) =>
    resolveTargets(api, parseManifestObjects(text), { ...(defaultNamespace && { defaultNamespace }) });
  const exists = (path: string) =>
    api.getJson(path).then(
      () => true,
      (error: unknown) => (error instanceof KubeApiError && error.kind === 'not-found' ? false : Promise.reject(error)),
    );

  it("finds each kind's resource and scope through the server's discovery", async () => {
    const discovery = new ApiDiscovery(api);
    assert.deepEqual(
      await discovery
        .resourceFor('apps/v1', 'Deployment')
        .then((resource) => resource && { plural: resource.plural, namespaced: resource.namespaced }),
      { plural: 'deployments', namespaced: true },
    );
    assert.deepEqual(
      await discovery
        .resourceFor('v1', 'Namespace')
        .then((resource) => resource && { plural: resource.plural, namespaced: resource.namespaced }),
      { plural: 'namespaces', namespaced: false },
    );
    assert.equal(await discovery.resourceFor('apps/v1', 'Deploymnet'), undefined);
    assert.equal(await discovery.resourceFor('apps/v9', 'Deployment'), undefined);
    assert.equal(await discovery.resourceFor('../../v1', 'Pod'), undefined);
  });

  it("puts an object that names no namespace in the context's, and a cluster-scoped one in none", async () => {
    const [web] = await targetsOf(deploymentYaml, 'team');
    assert.equal(web!.path, '/apis/apps/v1/namespaces/team/deployments/web');
    assert.equal((web!.body.metadata as { namespace: string }).namespace, 'team');
    const [namespace] = await targetsOf('apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n');
    assert.equal(namespace!.path, '/api/v1/namespaces/shop');
    assert.equal(namespace!.namespace, undefined);
  });

  it('names the line of a kind the server does not know', async () => {
    const text = `${deploymentYaml}---\napiVersion: apps/v1\nkind: Deploymnet\nmetadata: {name: typo}\n`;
    await assert.rejects(
      targetsOf(text),
      (error: unknown) =>
        error instanceof ManifestError &&
        error.line === 24 &&
        /knows no kind "Deploymnet" in "apps\/v1" \(document 2\)/.test(error.message),
    );
  });

  it('dry-runs: stores nothing, and shows the defaults kube-apiserver fills in', async () => {
    const targets = await targetsOf(deploymentYaml);
    const plan = await planApply(api, targets);
    assert.equal(plan.canApply, true, JSON.stringify(plan.objects.map((object) => object.problem)));
    const [web] = plan.objects;
    assert.equal(web!.live, undefined);
    assert.equal(web!.liveChanges, undefined);
    const filled = Object.fromEntries(web!.serverFilled.map((change) => [fieldPathText(change), change.after]));
    assert.equal(filled['spec.strategy.type'], 'RollingUpdate');
    assert.equal(filled['spec.template.spec.restartPolicy'], 'Always');
    assert.equal(filled['spec.template.spec.dnsPolicy'], 'ClusterFirst');
    assert.equal(filled['spec.template.spec.terminationGracePeriodSeconds'], 30);
    assert.equal(filled['spec.template.spec.containers[0].imagePullPolicy'], 'IfNotPresent');
    assert.ok(
      !Object.keys(filled).some((path) => /managedFields|resourceVersion|uid|creationTimestamp|generation|^status/.test(path)),
      Object.keys(filled).join(', '),
    );
    assert.equal(plan.addedCount, web!.serverFilled.filter((change) => change.change === 'added').length);
    const diff = planDiffText(plan);
    assert.match(diff, /^\+ +dnsPolicy: ClusterFirst$/m);
    assert.doesNotMatch(diff, /^-(?!-- your manifest$)/m, 'nothing the manifest says is dropped');
    assert.equal(await exists(targets[0]!.path), false, 'the dry run stored nothing');
  });

  it("applies under the field manager cluster-anatomy; the Deployment's Pods start; a second apply changes nothing", async () => {
    const targets = await targetsOf(deploymentYaml);
    const report = await applyPlan(api, await planApply(api, targets));
    assert.equal(report.failure, undefined);
    assert.deepEqual(
      report.applied.map((applied) => applied.outcome),
      ['created'],
    );
    const live = (await api.getJson(targets[0]!.path)) as { metadata: { managedFields: { manager: string; operation: string }[] } };
    assert.ok(live.metadata.managedFields.some((entry) => entry.manager === FIELD_MANAGER && entry.operation === 'Apply'));
    assert.deepEqual(traceableObject(report.applied), { kind: 'Deployment', namespace: 'default', name: 'web' });
    await until(
      "the Deployment's two Pods to run",
      async () => {
        const pods = await api.list('/api/v1/namespaces/default/pods', 'Pods', { labelSelector: 'app=web' });
        return pods.items.filter((pod) => (pod as { status?: { phase?: string } }).status?.phase === 'Running').length === 2;
      },
      30_000,
      200,
    );

    const again = await planApply(api, targets);
    assert.ok(again.objects[0]!.live);
    assert.deepEqual(again.objects[0]!.liveChanges, []);
    const second = await applyPlan(api, again);
    assert.deepEqual(
      second.applied.map((applied) => applied.outcome),
      ['unchanged'],
    );
  });

  it('shows what would change on the live object', async () => {
    const plan = await planApply(api, await targetsOf(deploymentYaml.replace('replicas: 2', 'replicas: 3')));
    assert.deepEqual(
      plan.objects[0]!.liveChanges!.map((change) => [fieldPathText(change), change.before, change.after]),
      [['spec.replicas', 2, 3]],
    );
  });

  it("answers an invalid object with the server's 422 naming the field, in the dry run and in the apply", async () => {
    const targets = await targetsOf(
      deploymentYaml.replace('name: web\n  labels', 'name: broken\n  labels').replace('replicas: 2', 'replicas: -1'),
    );
    const plan = await planApply(api, targets);
    assert.equal(plan.canApply, false);
    const problem = plan.objects[0]!.problem!;
    assert.equal(problem.kind, 'invalid');
    assert.equal(problem.statusCode, 422);
    assert.match(problem.message, /spec\.replicas/);
    assert.match(planDocuments(plan).stored, /^# Deployment default\/broken: no dry-run answer/);
    const report = await applyPlan(api, plan);
    assert.equal(report.failure?.statusCode, 422);
    assert.match(report.failure!.message, /spec\.replicas/);
    assert.equal(await exists(targets[0]!.path), false);
  });

  it('reports a field another manager owns as a conflict, and takes it over when forced', async () => {
    const [web] = await targetsOf(deploymentYaml);
    // Another tool owns spec.replicas now (as `kubectl scale` or an autoscaler would).
    await api.write(
      'PATCH',
      web!.path,
      'web',
      {
        json: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 4 } },
        contentType: APPLY_PATCH_CONTENT_TYPE,
      },
      { fieldManager: 'other-tool', force: true },
    );
    const plan = await planApply(api, await targetsOf(deploymentYaml.replace('replicas: 2', 'replicas: 5')));
    assert.equal(plan.needsForce, true);
    assert.equal(plan.objects[0]!.problem?.kind, 'conflict');
    assert.match(plan.objects[0]!.problem!.message, /other-tool/);
    assert.deepEqual(
      plan.objects[0]!.liveChanges?.map((change) => [fieldPathText(change), change.after]),
      [['spec.replicas', 5]],
    );
    // The 409's own causes name the field and its manager; force would take it from other-tool alone.
    const ownership = plan.objects[0]!.ownership!;
    assert.equal(ownership.conflictSource, 'server');
    assert.deepEqual(ownership.conflicts, [{ field: '.spec.replicas', manager: 'other-tool', live: 4, yours: 5 }]);
    assert.deepEqual(
      ownership.takeovers.map((takeover) => [takeover.manager, takeover.fields.map((field) => field.field)]),
      [['other-tool', ['.spec.replicas']]],
    );
    assert.ok(ownership.owned?.includes('.spec.replicas'), JSON.stringify(ownership.owned));
    const refused = await applyPlan(api, plan);
    assert.equal(refused.failure?.conflict, true);
    const forced = await applyPlan(api, plan, { force: true, from: refused.next });
    assert.deepEqual(
      forced.applied.map((applied) => applied.outcome),
      ['configured'],
    );
    assert.equal(((await api.getJson(web!.path)) as { spec: { replicas: number } }).spec.replicas, 5);
  });

  it('previews objects in a namespace the same manifest creates, and applies them in order', async () => {
    const text =
      'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: shop}\ndata: {color: blue}\n';
    const plan = await planApply(api, await targetsOf(text));
    assert.equal(plan.objects[1]!.problem?.kind, 'namespace-pending', JSON.stringify(plan.objects[1]!.problem));
    assert.equal(plan.canApply, true);
    const report = await applyPlan(api, plan);
    assert.deepEqual(
      report.applied.map((applied) => applied.outcome),
      ['created', 'created'],
    );
  });

  it('does not call objects in a namespace the manifest creates checked, and checks them before writing any', async () => {
    const broken = deploymentYaml.replace('name: web\n', 'name: web\n  namespace: warehouse\n').replace('replicas: 2', 'replicas: -1');
    assert.notEqual(broken, deploymentYaml);
    const text = `apiVersion: v1\nkind: Namespace\nmetadata: {name: warehouse}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: warehouse}\ndata: {color: blue}\n---\n${broken}`;
    const plan = await planApply(api, await targetsOf(text));
    assert.deepEqual(
      plan.objects.map((object) => object.problem?.kind),
      [undefined, 'namespace-pending', 'namespace-pending'],
    );
    assert.deepEqual(
      plan.unchecked.map((object) => object.target.name),
      ['settings', 'web'],
    );
    const { stored } = planDocuments(plan);
    assert.match(
      stored,
      /^# ConfigMap warehouse\/settings: not checked by kube-apiserver: its namespace warehouse is created by this manifest/m,
    );
    assert.match(stored, /^# Deployment warehouse\/web: not checked by kube-apiserver/m);

    const report = await applyPlan(api, plan);
    assert.deepEqual(
      report.applied.map((applied) => `${applied.target.kind} ${applied.outcome}`),
      ['Namespace created'],
    );
    assert.equal(report.failure?.target.name, 'web');
    assert.equal(report.failure?.statusCode, 422);
    assert.equal(report.failure?.checkedAfterNamespace, true);
    assert.match(report.failure!.message, /spec\.replicas/);
    assert.equal(await exists('/api/v1/namespaces/warehouse/configmaps/settings'), false, 'nothing after the namespace was written');
    assert.equal(await exists('/apis/apps/v1/namespaces/warehouse/deployments/web'), false);
  });
});
