// A Secret's values never show in the Apply preview: not on the manifest side, not in what kube-apiserver would
// store, not in the fields it fills in or the changes to the live object, and not in the
// last-applied-configuration annotation client-side `kubectl apply` leaves on it, which holds the whole object.
// The demo cluster serves no Secrets, so a stand-in answers as kube-apiserver does: a server-side apply merges
// stringData into data (base64) and stores the annotations as sent.
import * as assert from 'node:assert/strict';
import { parse } from 'yaml';
import { applyPlan, planApply, planDiffText, planDocuments, resolveTargets } from '../../../../src/core/apply/applyManifest';
import { parseManifestObjects } from '../../../../src/core/apply/manifestObjects';
import { KubeApiError } from '../../../../src/core/kube/kubeApi';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const oldPassword = 'czNjcjN0LW9sZA=='; // s3cr3t-old
const newPassword = 'bmV3LXMzY3IzdA=='; // new-s3cr3t
const plainToken = 'plain-t0ken-value';
const secretValues = [oldPassword, newPassword, plainToken, 's3cr3t-old', 'new-s3cr3t', Buffer.from(plainToken).toString('base64')];

/** The annotation exactly as `kubectl apply` (client-side) writes it: the applied object as compact JSON and a line feed. */
function lastApplied(password: string): string {
  return `${JSON.stringify({ apiVersion: 'v1', data: { password }, kind: 'Secret', metadata: { annotations: {}, name: 'db-credentials', namespace: 'default' }, stringData: { token: plainToken }, type: 'Opaque' })}\n`;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Objects by path, and a server-side apply that stores what kube-apiserver would. */
function secretServer(objects: Map<string, Json>) {
  const discovery = {
    kind: 'APIResourceList',
    groupVersion: 'v1',
    resources: [{ name: 'secrets', kind: 'Secret', namespaced: true, verbs: ['create', 'get', 'list', 'patch', 'update'] }],
  };
  return {
    async getJson(path: string): Promise<unknown> {
      if (path === '/api/v1') return discovery;
      const found = objects.get(path);
      if (!found) throw new KubeApiError('not-found', `secrets not found`, 404);
      return structuredClone(found);
    },
    async write(
      _method: string,
      path: string,
      _what: string,
      body?: { readonly json: unknown },
      options: { dryRun?: boolean } = {},
    ): Promise<unknown> {
      const sent = structuredClone(body!.json as Json);
      const live = objects.get(path);
      const data: Json = { ...(live?.data ?? {}), ...(sent.data ?? {}) };
      for (const [key, value] of Object.entries((sent.stringData ?? {}) as Record<string, string>))
        data[key] = Buffer.from(value).toString('base64');
      const { stringData: _folded, ...rest } = sent;
      const stored: Json = {
        ...rest,
        type: sent.type ?? 'Opaque',
        data,
        // Fields other managers own stay: kubectl's annotation is kubectl-client-side-apply's.
        metadata: {
          ...live?.metadata,
          ...rest.metadata,
          annotations: { ...live?.metadata.annotations, ...rest.metadata.annotations },
          uid: live?.metadata.uid ?? 'a1b2',
          resourceVersion: '2',
          creationTimestamp: '2026-01-01T00:00:00Z',
          managedFields: [{ manager: 'cluster-anatomy', operation: 'Apply' }],
        },
      };
      if (!options.dryRun) objects.set(path, stored);
      return structuredClone(stored);
    },
  };
}

function assertNoSecretValue(text: string, where: string): void {
  for (const value of secretValues) assert.ok(!text.includes(value), `${where} shows the Secret value ${value}:\n${text}`);
}

describe('a Secret in the Apply preview', () => {
  const path = '/api/v1/namespaces/default/secrets/db-credentials';
  let objects: Map<string, Json>;
  let api: ReturnType<typeof secretServer>;

  beforeEach(() => {
    // Created by `kubectl apply -f` (client-side): the annotation holds data and stringData as applied.
    objects = new Map([
      [
        path,
        {
          apiVersion: 'v1',
          kind: 'Secret',
          type: 'Opaque',
          metadata: {
            name: 'db-credentials',
            namespace: 'default',
            uid: 'a1b2',
            resourceVersion: '1',
            annotations: { [LAST_APPLIED]: lastApplied(oldPassword) },
          },
          data: { password: oldPassword, token: Buffer.from(plainToken).toString('base64') },
        },
      ],
    ]);
    api = secretServer(objects);
  });

  const planOf = async (manifest: string) =>
    planApply(api, await resolveTargets(api, parseManifestObjects(manifest), { defaultNamespace: 'default' }));

  it('hides its values on the live side, the stored side, the manifest side, the filled-in fields and the changes, the annotation included', async () => {
    // As `kubectl get -o yaml` prints it, pasted back with a new password: the annotation travels with it.
    const manifest = [
      'apiVersion: v1',
      'kind: Secret',
      'type: Opaque',
      'metadata:',
      '  name: db-credentials',
      '  annotations:',
      `    ${LAST_APPLIED}: ${JSON.stringify(lastApplied(newPassword))}`,
      'data:',
      `  password: ${newPassword}`,
      'stringData:',
      `  token: ${plainToken}`,
      '',
    ].join('\n');
    const plan = await planOf(manifest);
    const [secret] = plan.objects;
    assert.ok(secret!.live && secret!.stored, JSON.stringify(secret!.problem));
    assert.ok(JSON.stringify(secret!.live).includes(oldPassword), 'the live Secret was read with its values');
    assert.ok(
      secret!.liveChanges!.some((change) => change.path.join('.') === 'data.password'),
      'a new password is a change, shown without its value',
    );
    const { manifest: manifestSide, stored } = planDocuments(plan);
    assertNoSecretValue(manifestSide, 'the manifest side');
    assertNoSecretValue(stored, 'the stored side');
    assertNoSecretValue(planDiffText(plan), 'the diff');
    assertNoSecretValue(JSON.stringify(secret!.serverFilled), 'the fields the server fills in');
    assertNoSecretValue(JSON.stringify(secret!.liveChanges), 'the changes to the live object');
    assert.match(stored, /^ {2}password: \(hidden\)$/m, 'the keys show');
    // The annotation stays readable JSON, with the values hidden.
    const annotation = (parse(stored) as Json).metadata.annotations[LAST_APPLIED] as string;
    assert.deepEqual(JSON.parse(annotation), {
      ...JSON.parse(lastApplied(newPassword)),
      data: { password: '(hidden)' },
      stringData: { token: '(hidden)' },
    });

    const report = await applyPlan(api, plan);
    assert.deepEqual(
      report.applied.map((applied) => applied.outcome),
      ['configured'],
    );
  });

  it('hides the live side when only the stored Secret carries the annotation', async () => {
    const plan = await planOf(`apiVersion: v1\nkind: Secret\nmetadata: {name: db-credentials}\ndata: {password: ${newPassword}}\n`);
    const [secret] = plan.objects;
    assert.ok(JSON.stringify(secret!.stored).includes(oldPassword), 'what the server would store keeps the annotation, values included');
    assertNoSecretValue(planDocuments(plan).stored + planDiffText(plan), 'the plan');
    assertNoSecretValue(JSON.stringify([secret!.serverFilled, secret!.liveChanges]), 'the listed fields');
  });

  it('hides the whole annotation when it is not the JSON kubectl writes', async () => {
    const broken = `{"data":{"password":"${oldPassword}"`;
    objects.get(path)!.metadata.annotations[LAST_APPLIED] = broken;
    const plan = await planOf(
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-credentials\n  annotations:\n    ${LAST_APPLIED}: '${broken}'\ndata: {password: ${newPassword}}\n`,
    );
    const { manifest, stored } = planDocuments(plan);
    assertNoSecretValue(
      manifest + stored + JSON.stringify(plan.objects[0]!.serverFilled) + JSON.stringify(plan.objects[0]!.liveChanges),
      'the plan',
    );
    assert.match(stored, /last-applied-configuration: \(hidden\)/);
  });
});
