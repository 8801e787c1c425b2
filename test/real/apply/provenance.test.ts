// Why a live value is what it is, on the real control plane: the hover's answer, computed by the product's core
// from the cluster (the object, a dry run, the mutating webhooks, the HorizontalPodAutoscalers), names
// kube-apiserver's defaulting, the ServiceAccount admission plugin (enabled by default: the real kube-apiserver
// adds only NodeRestriction to the default set, see test/real/support/controlPlane.ts) and the HPA controller;
// each answer is checked against the server's own managedFields and dry run.
import * as assert from 'node:assert/strict';
import { resolveClientConfig } from '../../../src/core/anatomy/snapshot';
import { applyPlan, planApply, resolveTargets } from '../../../src/core/apply/applyManifest';
import { fieldPathText, valueText } from '../../../src/core/apply/fieldDiff';
import { parseManifestObjects } from '../../../src/core/apply/manifestObjects';
import { provenanceEvidence } from '../../../src/core/apply/provenanceEvidence';
import { explainField, type FieldExplanation } from '../../../src/core/fields/explain';
import { fieldOwners } from '../../../src/core/fields/managedFields';
import { phraseText } from '../../../src/core/fields/provenance';
import { KubeApi } from '../../../src/core/kube/kubeApi';
import { objectToYaml } from '../../../src/core/kube/objectYaml';
import { COMMAND_BUDGET, manifestFieldAt, parseManifest, type ManifestPosition } from '../../../src/core/yaml/yamlPath';
import { until } from '../../support/until';
import { realCluster } from '../support/realClusters';

const deploymentManifest = (name: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: 1
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
`;

/** The field of `text` at the first `needle` found after `after` (a hover there). */
function positionIn(text: string, needle: string, after = ''): ManifestPosition {
  const parsed = parseManifest(text)!;
  const offset = text.indexOf(needle, text.indexOf(after));
  assert.ok(offset >= 0, `${needle} in\n${text}`);
  const position = manifestFieldAt(parsed, offset, COMMAND_BUDGET);
  assert.ok(position && position !== 'too-large');
  return position;
}

/** The hover's answer on a field of a manifest or of a live document (Show YAML), as the hover computes it. */
async function hover(
  api: KubeApi,
  text: string,
  position: ManifestPosition,
  live: object,
  isLiveDocument: boolean,
): Promise<FieldExplanation> {
  const evidence = await provenanceEvidence(api, {
    kind: position.kind,
    apiVersion: position.apiVersion,
    name: position.name!,
    namespace: position.namespace ?? 'default',
    path: position.objectPath,
    ...(isLiveDocument ? { live } : { manifest: parseManifestObjects(text)[0]!.body }),
  });
  return explainField(position, { live: { state: 'found', object: live, provenance: evidence } });
}

describe('why a live value is what it is, on the real control plane', function () {
  this.timeout(300_000);
  let api: KubeApi;
  const created: string[] = [];

  before(async () => {
    const cluster = await realCluster('kind');
    const { config } = await resolveClientConfig({ kubeconfig: cluster.kubeconfigPath, env: cluster.env });
    api = new KubeApi(config);
  });
  after(async () => {
    for (const path of created) await api.write('DELETE', path, path).catch(() => undefined);
  });

  async function apply(text: string): Promise<Record<string, unknown>> {
    const report = await applyPlan(
      api,
      await planApply(api, await resolveTargets(api, parseManifestObjects(text), { defaultNamespace: 'default' })),
    );
    assert.equal(report.failure, undefined);
    created.push(report.applied[0]!.target.path);
    return report.applied[0]!.stored;
  }

  it("a Deployment's spec.strategy in Show YAML: kube-apiserver's defaulting, as its managedFields and dry run say", async () => {
    const manifest = deploymentManifest('provenance-defaults');
    await apply(manifest);
    const live = (await api.getJson('/apis/apps/v1/namespaces/default/deployments/provenance-defaults')) as Record<string, unknown>;
    // The server's own word: no managedFields entry has the strategy; its dry run of the manifest adds it.
    assert.doesNotMatch(JSON.stringify((live.metadata as { managedFields: unknown }).managedFields), /f:strategy/);
    const plan = await planApply(api, await resolveTargets(api, parseManifestObjects(manifest), { defaultNamespace: 'default' }));
    const filled = plan.objects[0]!.serverFilled.map((change) => `${fieldPathText(change)} = ${valueText(change.after)}`);
    assert.ok(filled.includes('spec.strategy.type = RollingUpdate'), filled.join('\n'));

    const document = objectToYaml(live);
    const answer = await hover(api, document, positionIn(document, 'RollingUpdate', '\n  strategy:'), live, true);
    assert.equal(answer.live?.state, 'found');
    const provenance = answer.live.state === 'found' ? answer.live.provenance : undefined;
    assert.equal(provenance?.source, 'defaulting', JSON.stringify(provenance));
    assert.equal(provenance?.component, 'kube-apiserver');
    assert.match(
      answer.markdown,
      /\*\*Why this value\*\*: kube-apiserver's defaulting: a server-side dry run of this object without the field puts RollingUpdate back/,
    );
  });

  it("a Pod's service-account token volume: the ServiceAccount admission plugin, which no manager owns and a dry run adds", async () => {
    await apply(deploymentManifest('provenance-token'));
    const listed = await until(
      'a Pod of provenance-token',
      async () => {
        const list = (await api.getJson('/api/v1/namespaces/default/pods?labelSelector=app%3Dprovenance-token')) as {
          items: { metadata: { name: string } }[];
        };
        return list.items[0];
      },
      120_000,
      500,
    );
    // Read on its own, as Show YAML does: a list's items carry no kind.
    const pod = (await api.getJson(`/api/v1/namespaces/default/pods/${listed.metadata.name}`)) as Record<string, unknown>;
    const volumes = (pod.spec as { volumes: { name: string; secret?: { secretName: string } }[] }).volumes;
    const token = volumes.find((volume) => /^(default-token-|kube-api-access-)/.test(volume.name));
    assert.ok(token, JSON.stringify(volumes));
    // The server's own word: none of the Pod's managers owns that volume…
    assert.doesNotMatch(JSON.stringify((pod.metadata as { managedFields: unknown }).managedFields), new RegExp(token.name));
    assert.deepEqual(fieldOwners(pod, ['spec', 'volumes', volumes.indexOf(token)], [undefined, undefined, { name: token.name }]), []);
    // …and a dry-run create of a Pod that names no ServiceAccount gets a token volume from admission.
    const dryRun = (await api.write(
      'POST',
      '/api/v1/namespaces/default/pods',
      'Pod (dry run)',
      {
        json: {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { generateName: 'provenance-' },
          spec: { containers: [{ name: 'c', image: 'nginx' }] },
        },
        contentType: 'application/json',
      },
      { dryRun: true },
    )) as { spec: { serviceAccountName: string; volumes: { name: string }[] } };
    assert.equal(dryRun.spec.serviceAccountName, 'default');
    assert.ok(dryRun.spec.volumes.some((volume) => /^(default-token-|kube-api-access-)/.test(volume.name)));

    const document = objectToYaml(pod);
    const answer = await hover(api, document, positionIn(document, `name: ${token.name}`, '\n  volumes:'), pod, true);
    const provenance = answer.live?.state === 'found' ? answer.live.provenance : undefined;
    assert.equal(provenance?.source, 'admission-plugin', JSON.stringify(provenance));
    assert.equal(provenance?.plugin, 'ServiceAccount');
    assert.match(answer.markdown, /The ServiceAccount admission plugin of kube-apiserver/);
  });

  it('replicas of a Deployment under an HPA below its minimum: the HPA controller, whatever managedFields say', async () => {
    const manifest = deploymentManifest('provenance-scaled');
    await apply(manifest);
    const autoscaler = {
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'provenance-scaled-hpa', namespace: 'default' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'provenance-scaled' },
        minReplicas: 2,
        maxReplicas: 3,
        targetCPUUtilizationPercentage: 80,
      },
    };
    await api.write(
      'POST',
      '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers',
      'HorizontalPodAutoscaler',
      { json: autoscaler, contentType: 'application/json' },
      {},
    );
    created.push('/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers/provenance-scaled-hpa');
    // The HPA controller scales a target below minReplicas up to it, metrics or not.
    const live = await until(
      'the HPA controller to scale provenance-scaled to 2',
      async () => {
        const object = (await api.getJson('/apis/apps/v1/namespaces/default/deployments/provenance-scaled')) as {
          spec: { replicas: number };
        };
        return object.spec.replicas === 2 && (object as unknown as Record<string, unknown>);
      },
      120_000,
      1_000,
    );
    const owners = fieldOwners(live, ['spec', 'replicas']);

    const answer = await hover(api, manifest, positionIn(manifest, '1', 'replicas:'), live, false);
    const provenance = answer.live?.state === 'found' ? answer.live.provenance : undefined;
    assert.equal(provenance?.source, 'controller', JSON.stringify(provenance));
    assert.equal(provenance?.component, 'kube-controller-manager');
    assert.equal(provenance?.controller, 'horizontal-pod-autoscaler');
    assert.equal(provenance?.autoscaler, 'provenance-scaled-hpa');
    const evidence = provenance!.evidence.map((line) => phraseText(line));
    assert.ok(evidence.includes('Your manifest says 1; the live value is 2.'), evidence.join('\n'));
    // Checked against the server's own managedFields: every owner it records is in the evidence, and when
    // kube-controller-manager is not among them, the answer says a subresource write may leave no record.
    for (const owner of owners)
      assert.ok(
        evidence.some((line) => line.startsWith(`managedFields: ${owner.manager} (${owner.operation}`)),
        evidence.join('\n'),
      );
    assert.equal(provenance!.limits.includes('subresource'), !owners.some((owner) => owner.manager === 'kube-controller-manager'));
    assert.match(
      answer.markdown,
      /The horizontal-pod-autoscaler controller in kube-controller-manager set it, for the HorizontalPodAutoscaler provenance-scaled-hpa/,
    );
    console.log(
      `      managedFields of spec.replicas on v1.20.2: ${owners.map((owner) => `${owner.manager} ${owner.operation}${owner.subresource ? ` /${owner.subresource}` : ''}`).join(', ') || 'none'}`,
    );
  });
});
