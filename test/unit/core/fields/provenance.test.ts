import * as assert from 'node:assert/strict';
import { explainField } from '../../../../src/core/fields/explain';
import { explanationJson, explanationText } from '../../../../src/core/fields/explainRender';
import {
  fieldProvenance,
  matchingWebhooks,
  phraseText,
  type ProvenanceEvidence,
  type ProvenanceInput,
} from '../../../../src/core/fields/provenance';

const applied = (manager: string, time: string, fieldsV1: unknown) => ({
  manager,
  operation: 'Apply',
  apiVersion: 'apps/v1',
  time,
  fieldsType: 'FieldsV1',
  fieldsV1,
});
const updated = (manager: string, time: string, fieldsV1: unknown, subresource?: string) => ({
  manager,
  operation: 'Update',
  apiVersion: 'v1',
  time,
  fieldsType: 'FieldsV1',
  fieldsV1,
  ...(subresource && { subresource }),
});

/** A Deployment applied server-side by the product: it owns what its manifest says, nothing the server filled in. */
const deploymentManifest = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
  },
};
const defaultedStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } };
const dryRunDeployment = {
  ...deploymentManifest,
  spec: { ...deploymentManifest.spec, strategy: defaultedStrategy, revisionHistoryLimit: 10 },
};
const liveDeployment = {
  ...dryRunDeployment,
  metadata: {
    ...deploymentManifest.metadata,
    annotations: { 'deployment.kubernetes.io/revision': '1' },
    managedFields: [
      applied('cluster-anatomy', '2026-12-04T10:00:00Z', {
        'f:spec': {
          'f:replicas': {},
          'f:selector': {},
          'f:template': {
            'f:metadata': { 'f:labels': { 'f:app': {} } },
            'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {} } } },
          },
        },
      }),
      updated(
        'kube-controller-manager',
        '2026-12-04T10:00:02Z',
        {
          'f:metadata': { 'f:annotations': { '.': {}, 'f:deployment.kubernetes.io/revision': {} } },
          'f:status': { 'f:replicas': {} },
        },
        'status',
      ),
    ],
  },
  status: { replicas: 1 },
};

const manifestEvidence: ProvenanceEvidence = {
  manifest: deploymentManifest,
  dryRun: { state: 'answered', object: dryRunDeployment },
  webhooks: { state: 'read', items: [] },
  yourManagers: ['cluster-anatomy'],
};

function provenance(input: Partial<ProvenanceInput> & Pick<ProvenanceInput, 'live' | 'path'>) {
  const live = input.live as { kind: string; apiVersion: string };
  const answer = fieldProvenance({ kind: live.kind, apiVersion: live.apiVersion, evidence: manifestEvidence, ...input });
  assert.ok(answer, 'a provenance');
  return { ...answer, text: phraseText(answer.summary), evidenceText: answer.evidence.map((line) => phraseText(line)) };
}

describe('field provenance', () => {
  it("names kube-apiserver's defaulting for a field the manifest leaves out, the dry run adds and no manager owns", () => {
    const answer = provenance({ live: liveDeployment, path: ['spec', 'strategy', 'type'] });
    assert.equal(answer.source, 'defaulting');
    assert.equal(answer.component, 'kube-apiserver');
    assert.match(answer.text, /kube-apiserver's defaulting.*adds RollingUpdate/);
    assert.ok(answer.evidenceText.includes('Your manifest leaves it out.'));
    assert.ok(answer.evidenceText.includes('managedFields: no field manager owns it.'));
    assert.ok(answer.evidenceText.includes('No mutating webhook of the cluster matches this kind.'));
  });

  it('says you set a field your manager applied, with the operation and the time of its entry', () => {
    const answer = provenance({ live: liveDeployment, path: ['spec', 'template', 'spec', 'containers', 0, 'image'] });
    assert.equal(answer.source, 'you');
    assert.equal(answer.text, 'You: your field manager cluster-anatomy (Apply, 2026-12-04T10:00:00Z) set it.');
  });

  it('names the controller the knowledge says writes a field kube-controller-manager owns', () => {
    const answer = provenance({ live: liveDeployment, path: ['status', 'replicas'] });
    assert.equal(answer.source, 'controller');
    assert.equal(answer.controller, 'deployment');
    assert.match(
      answer.text,
      /^The deployment controller in kube-controller-manager: its field manager kube-controller-manager \(Update \/status,/,
    );
  });

  it('names the HorizontalPodAutoscaler for the replicas of its target, and says when managedFields do not show it', () => {
    const live = { ...liveDeployment, spec: { ...liveDeployment.spec, replicas: 2 } };
    const autoscaler = {
      metadata: { name: 'web-hpa', namespace: 'default' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 4 },
      status: { desiredReplicas: 2 },
    };
    const other = {
      ...autoscaler,
      metadata: { name: 'api-hpa', namespace: 'default' },
      spec: { ...autoscaler.spec, scaleTargetRef: { kind: 'Deployment', name: 'api' } },
    };
    const answer = provenance({
      live,
      path: ['spec', 'replicas'],
      evidence: { ...manifestEvidence, autoscalers: { state: 'read', items: [other, autoscaler] } },
    });
    assert.equal(answer.source, 'controller');
    assert.equal(answer.controller, 'horizontal-pod-autoscaler');
    assert.equal(answer.autoscaler, 'web-hpa');
    assert.ok(answer.evidenceText.includes('Your manifest says 1; the live value is 2.'));
    assert.ok(
      answer.evidenceText.some((line) =>
        line.startsWith('The HorizontalPodAutoscaler web-hpa targets this Deployment (minReplicas 2, maxReplicas 4; it last wanted 2)'),
      ),
    );
    // The product's Apply still owns replicas: the autoscaler's write through /scale left no entry.
    assert.ok(answer.evidenceText.some((line) => line.startsWith('managedFields: cluster-anatomy (Apply')));
    assert.deepEqual(answer.limits, ['subresource']);
    // The hover then calls the Apply the field's owner, not its last writer.
    const hover = explainField(
      { kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'replicas'] },
      { live: { state: 'found', object: live, provenance: { ...manifestEvidence, autoscalers: { state: 'read', items: [autoscaler] } } } },
    );
    assert.match(hover.markdown, /owner in managedFields: \*\*cluster-anatomy\*\*/);
    assert.doesNotMatch(hover.markdown, /last written by/);

    const withoutAutoscaler = provenance({
      live,
      path: ['spec', 'replicas'],
      evidence: { ...manifestEvidence, autoscalers: { state: 'read', items: [other] } },
    });
    assert.equal(withoutAutoscaler.source, 'you');
  });

  const pod = (extra: Record<string, unknown> = {}) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-1',
      namespace: 'default',
      managedFields: [
        updated('kube-controller-manager', '2026-12-04T10:00:03Z', {
          'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:terminationMessagePath': {} } } },
        }),
      ],
      ...(extra.metadata as object),
    },
    spec: {
      serviceAccountName: 'default',
      serviceAccount: 'default',
      containers: [
        {
          name: 'nginx',
          image: 'nginx',
          terminationMessagePath: '/dev/termination-log',
          resources: { requests: { cpu: '100m' } },
          volumeMounts: [{ name: 'default-token-abcde', readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }],
        },
      ],
      volumes: [{ name: 'default-token-abcde', secret: { secretName: 'default-token-abcde', defaultMode: 420 } }],
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' },
      ],
    },
  });
  const liveDocument: ProvenanceEvidence = { webhooks: { state: 'read', items: [] } };

  it('names the ServiceAccount admission plugin for the token volume, its mounts and the default service account', () => {
    for (const path of [
      ['spec', 'volumes', 0],
      ['spec', 'volumes', 0, 'secret', 'secretName'],
      ['spec', 'containers', 0, 'volumeMounts', 0, 'mountPath'],
      ['spec', 'serviceAccountName'],
    ]) {
      const answer = provenance({ live: pod(), path, evidence: liveDocument });
      assert.equal(answer.source, 'admission-plugin', path.join('.'));
      assert.equal(answer.plugin, 'ServiceAccount', path.join('.'));
    }
    const projected = pod();
    projected.spec.volumes = [{ name: 'kube-api-access-x7k2p', projected: {} } as never];
    projected.spec.containers[0]!.volumeMounts = [];
    assert.equal(provenance({ live: projected, path: ['spec', 'volumes', 0], evidence: liveDocument }).plugin, 'ServiceAccount');
  });

  it('names DefaultTolerationSeconds for the 300 s not-ready toleration only', () => {
    assert.equal(provenance({ live: pod(), path: ['spec', 'tolerations', 0], evidence: liveDocument }).plugin, 'DefaultTolerationSeconds');
    const other = provenance({ live: pod(), path: ['spec', 'tolerations', 1], evidence: liveDocument });
    assert.equal(other.plugin, undefined);
    assert.equal(other.source, 'server');
    assert.deepEqual(other.limits, ['no-dry-run']);
  });

  it("names LimitRanger from the Pod's kubernetes.io/limit-ranger annotation", () => {
    const live = pod({
      metadata: { annotations: { 'kubernetes.io/limit-ranger': 'LimitRanger plugin set: cpu request for container nginx' } },
    });
    const answer = provenance({ live, path: ['spec', 'containers', 0, 'resources', 'requests', 'cpu'], evidence: liveDocument });
    assert.equal(answer.plugin, 'LimitRanger');
    assert.ok(
      answer.evidenceText.includes(
        'The Pod’s kubernetes.io/limit-ranger annotation says: LimitRanger plugin set: cpu request for container nginx',
      ),
    );
    assert.equal(
      provenance({ live: pod(), path: ['spec', 'containers', 0, 'resources', 'requests', 'cpu'], evidence: liveDocument }).plugin,
      undefined,
    );
  });

  it('names the mutating webhooks whose rules match, or says they could not be read', () => {
    const configuration = {
      metadata: { name: 'istio-sidecar-injector' },
      webhooks: [
        { name: 'sidecar.istio.io', rules: [{ apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], operations: ['CREATE'] }] },
        { name: 'services.example.com', rules: [{ apiGroups: [''], apiVersions: ['v1'], resources: ['services'], operations: ['*'] }] },
      ],
    };
    assert.deepEqual(matchingWebhooks([configuration], 'v1', 'pods'), ['istio-sidecar-injector/sidecar.istio.io']);
    assert.deepEqual(matchingWebhooks([configuration], 'apps/v1', 'deployments'), []);
    const matched = provenance({
      live: pod(),
      path: ['spec', 'tolerations', 1],
      evidence: { webhooks: { state: 'read', items: [configuration] } },
    });
    assert.deepEqual(matched.webhooks, ['istio-sidecar-injector/sidecar.istio.io']);
    const unreadable = provenance({
      live: liveDeployment,
      path: ['spec', 'strategy', 'type'],
      evidence: { ...manifestEvidence, webhooks: { state: 'unreadable', reason: 'forbidden' } },
    });
    assert.equal(unreadable.source, 'defaulting');
    assert.ok(unreadable.evidenceText.some((line) => line.includes('could not be read (forbidden)')));
  });

  it('says what managedFields cannot tell: ancient-changes, before-first-apply, an Update that took in defaults', () => {
    const live = {
      ...pod(),
      metadata: {
        ...pod().metadata,
        managedFields: [
          updated('ancient-changes', '2026-12-01T00:00:00Z', { 'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { 'f:image': {} } } } }),
          { ...applied('before-first-apply', '2026-12-02T00:00:00Z', { 'f:spec': { 'f:serviceAccountName': {} } }), apiVersion: 'v1' },
          updated('kubectl-create', '2026-12-03T00:00:00Z', {
            'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { 'f:terminationMessagePath': {} } } },
          }),
        ],
      },
    };
    const manifest = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-1' },
      spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
    };
    const answer = provenance({
      live,
      path: ['spec', 'containers', 0, 'terminationMessagePath'],
      identities: [undefined, undefined, { name: 'nginx' }],
      evidence: { manifest, dryRun: { state: 'answered', object: pod() } },
    });
    assert.equal(answer.source, 'you');
    assert.equal(answer.owner?.manager, 'kubectl-create');
    assert.deepEqual([...answer.limits].sort(), ['ancient-changes', 'before-first-apply', 'update-takes-defaults']);
    const ancient = provenance({ live, path: ['spec', 'containers', 0, 'image'], evidence: liveDocument });
    assert.equal(ancient.source, 'client');
    assert.equal(ancient.owner?.manager, 'ancient-changes');
  });

  it('says unknown when the dry run of the manifest lacks the field and no manager owns it', () => {
    const live = { ...liveDeployment, spec: { ...liveDeployment.spec, paused: true } };
    const answer = provenance({ live, path: ['spec', 'paused'] });
    assert.equal(answer.source, 'unknown');
    assert.deepEqual(answer.limits, ['subresource']);
  });

  it('in a live document, dry-runs the live object without the field: defaulting when the server puts the same value back', () => {
    const answer = provenance({
      live: liveDeployment,
      path: ['spec', 'strategy', 'type'],
      evidence: { dryRun: { state: 'answered', object: dryRunDeployment, withoutField: true }, webhooks: { state: 'read', items: [] } },
    });
    assert.equal(answer.source, 'defaulting');
    assert.match(answer.text, /without the field puts RollingUpdate back/);
    assert.deepEqual(answer.limits, []);
    // The item after a removed one moves up: another value at the same place is not the value put back.
    const live = pod();
    const other = { key: 'gpu', operator: 'Exists', effect: 'NoSchedule' };
    const moved = { ...live, spec: { ...live.spec, tolerations: [live.spec.tolerations[0]!, other] } };
    const shifted = provenance({
      live,
      path: ['spec', 'tolerations', 1],
      evidence: { dryRun: { state: 'answered', object: moved, withoutField: true } },
    });
    assert.equal(shifted.source, 'unknown');
  });

  it('has nothing to say about a field the live object does not have', () => {
    assert.equal(
      fieldProvenance({
        kind: 'Deployment',
        apiVersion: 'apps/v1',
        live: liveDeployment,
        path: ['spec', 'paused'],
        evidence: manifestEvidence,
      }),
      undefined,
    );
  });

  it('is in the hover, in Japanese for a Japanese reader, with cluster text kept as text', () => {
    const hostile = {
      ...liveDeployment,
      metadata: {
        ...liveDeployment.metadata,
        managedFields: [applied('**evil**[x](http://e)', '2026-12-04T10:00:00Z', { 'f:spec': { 'f:paused': {} } })],
      },
      spec: { ...liveDeployment.spec, paused: true },
    };
    const en = explainField(
      { kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'paused'] },
      { live: { state: 'found', object: hostile, provenance: manifestEvidence } },
    );
    assert.ok(
      en.markdown.includes(
        '**Why this value**: Another client: the field manager \\*\\*evil\\*\\*\\[x\\](http\\://e) (Apply, 2026-12-04T10\\:00\\:00Z) set it.',
      ),
      en.markdown,
    );
    const ja = explainField(
      { kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'strategy', 'type'] },
      { language: 'ja', live: { state: 'found', object: liveDeployment, provenance: manifestEvidence } },
    );
    const text = explanationText(ja);
    assert.match(text, /なぜこの値か: kube-apiserver のデフォルト値の設定です。/);
    assert.match(text, /- マニフェストには書かれていません。/);
    assert.doesNotMatch(text, /Who last wrote it is unknown|誰が最後に書いたかは分かりません/);
    // Machines get the same answer as plain text, no markup.
    const json = explanationJson(en) as { provenance: { source: string; summary: string; owner: { manager: string } } };
    assert.equal(json.provenance.source, 'client');
    assert.equal(json.provenance.owner.manager, '**evil**[x](http://e)');
    assert.equal(json.provenance.summary, 'Another client: the field manager **evil**[x](http://e) (Apply, 2026-12-04T10:00:00Z) set it.');
  });
});
