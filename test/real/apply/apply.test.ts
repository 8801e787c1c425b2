// Applying a learner's manifest to the real control plane: the server-side dry run's diff is what the real
// kube-apiserver fills in, and the demo fills in the same for the same Deployment; the apply stores it under the
// field manager cluster-anatomy, and the trace follows it to Ready Pods. What the preview says server-side apply
// does with each field is what the real server then does: the conflicts are its 409's, force takes what was
// predicted, a field left out is removed, and spec.replicas under a HorizontalPodAutoscaler does not hold.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveClientConfig } from '../../../src/core/anatomy/snapshot';
import { applyPlan, type ApplyPlan, FIELD_MANAGER, planApply, resolveTargets } from '../../../src/core/apply/applyManifest';
import { fieldPathText, valueText } from '../../../src/core/apply/fieldDiff';
import { parseManifestObjects } from '../../../src/core/apply/manifestObjects';
import { fieldOwnership, printedPath } from '../../../src/core/apply/ownership';
import { fieldsV1Paths } from '../../../src/core/fields/managedFields';
import { KubeApi, type KubeApiError } from '../../../src/core/kube/kubeApi';
import { readTrace } from '../../../src/core/trace/traceSession';
import { type RunningDemo, startDemo } from '../../support/demo';
import { until } from '../../support/until';
import { type RealCluster, realCluster } from '../support/realClusters';

const manifest = readFileSync(join(__dirname, '..', '..', 'unit', 'core', 'apply', 'fixtures', 'deployment.yaml'), 'utf8').replace(
  'name: web\n',
  'name: learner-web\n',
);

async function apiOf(kubeconfig: string, env: NodeJS.ProcessEnv): Promise<KubeApi> {
  const { config } = await resolveClientConfig({ kubeconfig, env });
  return new KubeApi(config);
}

async function plan(api: KubeApi): Promise<ApplyPlan> {
  return planApply(api, await resolveTargets(api, parseManifestObjects(manifest), { defaultNamespace: 'default' }));
}

const filled = (plan: ApplyPlan) =>
  plan.objects[0]!.serverFilled.map((change) => `${change.change} ${fieldPathText(change)} = ${valueText(change.after)}`).sort();

describe('applying a manifest on the real control plane', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let demo: RunningDemo;
  let real: KubeApi;

  before(async () => {
    cluster = await realCluster('kind');
    demo = await startDemo({ timeScale: 20 });
    real = await apiOf(cluster.kubeconfigPath, cluster.env);
  });
  after(() => demo?.stop());

  it('the dry run stores nothing, and the demo fills in exactly what the real kube-apiserver fills in', async () => {
    const realPlan = await plan(real);
    assert.equal(realPlan.canApply, true);
    const realFilled = filled(realPlan);
    assert.ok(realFilled.includes('added spec.strategy.type = RollingUpdate'), realFilled.join('\n'));
    assert.ok(realFilled.includes('added spec.template.spec.containers[0].imagePullPolicy = IfNotPresent'), realFilled.join('\n'));
    await assert.rejects(real.getJson('/apis/apps/v1/namespaces/default/deployments/learner-web'), /not found/);
    const demoFilled = filled(await plan(await apiOf(demo.kubeconfigPath, demo.env)));
    assert.deepEqual(demoFilled, realFilled);
  });

  it('applies under the field manager cluster-anatomy, and the trace follows it to Ready Pods', async () => {
    const from = Date.now();
    const report = await applyPlan(real, await plan(real));
    assert.equal(report.failure, undefined);
    const stored = (await real.getJson('/apis/apps/v1/namespaces/default/deployments/learner-web')) as {
      metadata: { managedFields: { manager: string; operation: string }[] };
    };
    assert.ok(stored.metadata.managedFields.some((entry) => entry.manager === 'cluster-anatomy' && entry.operation === 'Apply'));
    const { config } = await resolveClientConfig({ kubeconfig: cluster.kubeconfigPath, env: cluster.env });
    const trace = await until(
      '2 Ready Pods in the trace',
      async () => {
        const read = await readTrace(config, { kind: 'Deployment', namespace: 'default', name: 'learner-web' });
        return read.counts.ready === 2 && read;
      },
      120_000,
      500,
    );
    assert.deepEqual(
      [trace.steps[0]!.kind, trace.steps[0]!.component, trace.steps[0]!.actor],
      ['stored', 'kube-apiserver', 'cluster-anatomy'],
    );
    assert.ok(trace.steps[0]!.at >= Math.floor(from / 1000) * 1000 - 1000);
    for (const kind of ['replicaset-created', 'pod-created', 'scheduled', 'ready'])
      assert.ok(
        trace.steps.some((step) => step.kind === kind),
        kind,
      );
    await real.write('DELETE', '/apis/apps/v1/namespaces/default/deployments/learner-web', 'learner-web');
  });
});

describe('what the apply does with each field, on the real control plane', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let real: KubeApi;

  before(async () => {
    cluster = await realCluster('kind');
    real = await apiOf(cluster.kubeconfigPath, cluster.env);
  });

  const deployment = (name: string, options: { replicas?: number; image: string; labels?: Record<string, string>; env?: boolean }) =>
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      `  name: ${name}`,
      '  namespace: default',
      '  labels:',
      ...Object.entries({ app: name, ...options.labels }).map(([key, value]) => `    ${key}: ${value}`),
      'spec:',
      ...(options.replicas !== undefined ? [`  replicas: ${options.replicas}`] : []),
      '  selector:',
      `    matchLabels: {app: ${name}}`,
      '  template:',
      `    metadata: {labels: {app: ${name}}}`,
      '    spec:',
      '      containers:',
      '        - name: web',
      `          image: ${options.image}`,
      ...(options.env ? ['          env: [{name: MODE, value: blue}]'] : []),
      '',
    ].join('\n');
  const planOf = async (text: string) =>
    planApply(real, await resolveTargets(real, parseManifestObjects(text), { defaultNamespace: 'default' }));
  const kubectl = (args: string[], input?: string) =>
    execFileSync('kubectl', args, {
      env: cluster.env,
      encoding: 'utf8',
      ...(input !== undefined && { input }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  const read = async (name: string) =>
    (await real.getJson(`/apis/apps/v1/namespaces/default/deployments/${name}`)) as {
      metadata: {
        labels: Record<string, string>;
        annotations?: Record<string, string>;
        managedFields: { manager: string; operation: string; fieldsV1: unknown }[];
      };
      spec: { replicas: number; template: { spec: { containers: { image: string; env?: unknown[] }[] } } };
    };
  /** The fields each manager owns, as the server prints them (not the list items and maps as such). */
  const owners = (object: Awaited<ReturnType<typeof read>>) => {
    const owned = new Map<string, Set<string>>();
    for (const entry of object.metadata.managedFields) {
      const fields = fieldsV1Paths(entry.fieldsV1).filter((path) => path.at(-1) !== '.');
      owned.set(entry.manager, new Set([...(owned.get(entry.manager) ?? []), ...fields.map(printedPath)]));
    }
    return owned;
  };
  const remove = (name: string) => real.write('DELETE', `/apis/apps/v1/namespaces/default/deployments/${name}`, name);

  for (const writer of ['client-side kubectl apply', 'another field manager (server-side apply)'] as const) {
    it(`predicts the conflicts and take-overs with ${writer} as the server then does them`, async () => {
      const name = writer.startsWith('client') ? 'csa-web' : 'ssa-web';
      const other = writer.startsWith('client') ? 'kubectl-client-side-apply' : 'team-ci';
      const theirs = deployment(name, { replicas: 1, image: 'nginx:1.25', labels: { tier: 'front' } });
      kubectl(
        writer.startsWith('client') ? ['apply', '-f', '-'] : ['apply', '--server-side', '--field-manager=team-ci', '-f', '-'],
        theirs,
      );
      const before = await read(name);
      const mine = deployment(name, { replicas: 3, image: 'nginx:1.27' });
      const plan = await planOf(mine);
      const ownership = plan.objects[0]!.ownership!;
      const image = '.spec.template.spec.containers[name="web"].image';
      assert.equal(ownership.conflictSource, 'server');
      assert.equal(ownership.history, writer.startsWith('client') ? 'client-side-apply' : 'others');
      const predicted = ownership.conflicts.map((conflict) => `${conflict.manager} ${conflict.field}`).sort();
      assert.deepEqual(predicted, [`${other} .spec.replicas`, `${other} ${image}`]);
      // The same, computed from the live managedFields alone.
      const computed = fieldOwnership({ manager: FIELD_MANAGER, body: plan.objects[0]!.target.body, live: before });
      assert.deepEqual(computed.conflicts.map((conflict) => `${conflict.manager} ${conflict.field}`).sort(), predicted);

      // The real apply without force: the server's 409 lists the same fields and manager.
      const refusal = await real
        .write(
          'PATCH',
          plan.objects[0]!.target.path,
          name,
          { json: plan.objects[0]!.target.body, contentType: 'application/apply-patch+yaml' },
          { fieldManager: FIELD_MANAGER },
        )
        .then(
          () => assert.fail('the apply without force was accepted'),
          (error: unknown) => error as KubeApiError,
        );
      assert.equal(refusal.statusCode, 409);
      const actual = (refusal.causes ?? [])
        .map((cause) => `${/conflict with "([^"]+)"/.exec(cause.message ?? '')?.[1]} ${cause.field}`)
        .sort();
      assert.deepEqual(actual, predicted);

      // With force: what the other manager lost is what the preview said force takes.
      const report = await applyPlan(real, plan, { force: true });
      assert.equal(report.failure, undefined);
      const after = await read(name);
      const lost = [...owners(before).get(other)!].filter((field) => !owners(after).get(other)?.has(field));
      assert.deepEqual(lost.sort(), ownership.takeovers.flatMap((takeover) => takeover.fields.map((field) => field.field)).sort());
      assert.deepEqual(
        ownership.takeovers.map((takeover) => takeover.manager),
        [other],
      );
      assert.ok(owners(after).get(FIELD_MANAGER)?.has('.spec.replicas'));
      assert.deepEqual(owners(after).get(FIELD_MANAGER), new Set(ownership.owned));
      assert.equal(after.spec.replicas, 3);
      // Their field the manifest leaves out is not cluster-anatomy's to remove; client-side apply's annotation stays.
      assert.deepEqual(ownership.removed, []);
      assert.equal(after.metadata.labels.tier, 'front');
      assert.equal(
        after.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration'],
        before.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration'],
      );
      await remove(name);
    });
  }

  it('predicts which fields it owned and now leaves out are removed, and the real apply removes them', async () => {
    const name = 'removal-web';
    assert.equal(
      (await applyPlan(real, await planOf(deployment(name, { image: 'nginx:1.27', labels: { tier: 'front' }, env: true })))).failure,
      undefined,
    );
    const plan = await planOf(deployment(name, { image: 'nginx:1.27' }));
    const ownership = plan.objects[0]!.ownership!;
    assert.equal(ownership.history, 'yours');
    assert.deepEqual(
      ownership.removed.map((field) => [field.field, field.keptBy]),
      [
        ['.metadata.labels.tier', []],
        ['.spec.template.spec.containers[name="web"].env[name="MODE"]', []],
      ],
    );
    assert.equal((await applyPlan(real, plan)).failure, undefined);
    const after = await read(name);
    assert.equal(after.metadata.labels.tier, undefined);
    assert.equal(after.spec.template.spec.containers[0]!.env, undefined);
    await remove(name);
  });

  it('reports spec.replicas under a HorizontalPodAutoscaler as not holding, and the real HPA controller rewrites it', async () => {
    const name = 'scaled-web';
    assert.equal((await applyPlan(real, await planOf(deployment(name, { replicas: 1, image: 'nginx:1.27' })))).failure, undefined);
    kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'autoscaling/v1',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name, namespace: 'default' },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name }, minReplicas: 2, maxReplicas: 3 },
      }),
    );
    // Below minReplicas, the HPA controller scales up without any metrics.
    await until('the HPA controller to set 2 replicas', async () => (await read(name)).spec.replicas === 2, 120_000, 1_000);
    const plan = await planOf(deployment(name, { replicas: 1, image: 'nginx:1.27' }));
    const ownership = plan.objects[0]!.ownership!;
    assert.deepEqual(ownership.notHolding, [
      { field: '.spec.replicas', yours: 1, writer: { kind: 'autoscaler', name, minReplicas: 2, maxReplicas: 3 } },
    ]);
    // v1.20's scale subresource does not record its writer in managedFields (cluster-anatomy still owns the
    // field), so the server sees no conflict: the autoscaler is the only warning there is.
    assert.ok(
      owners(await read(name))
        .get(FIELD_MANAGER)
        ?.has('.spec.replicas'),
    );
    assert.deepEqual(ownership.conflicts, []);
    const report = await applyPlan(real, plan);
    assert.equal(report.failure, undefined, report.failure?.message);
    assert.equal((report.applied[0]!.stored.spec as { replicas: number }).replicas, 1);
    await until('the HPA controller to set 2 replicas again', async () => (await read(name)).spec.replicas === 2, 120_000, 1_000);
    kubectl(['delete', 'hpa', name, '-n', 'default']);
    await remove(name);
  });
});
