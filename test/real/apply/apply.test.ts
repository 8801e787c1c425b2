// Applying a learner's manifest to the real control plane: the server-side dry run's diff is what the real
// kube-apiserver fills in, and the demo fills in the same for the same Deployment; the apply stores it under the
// field manager cluster-anatomy, and the trace follows it to Ready Pods.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveClientConfig } from '../../../src/core/anatomy/snapshot';
import { applyPlan, type ApplyPlan, planApply, resolveTargets } from '../../../src/core/apply/applyManifest';
import { fieldPathText, valueText } from '../../../src/core/apply/fieldDiff';
import { parseManifestObjects } from '../../../src/core/apply/manifestObjects';
import { KubeApi } from '../../../src/core/kube/kubeApi';
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
