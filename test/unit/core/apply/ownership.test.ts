// What server-side apply does with each field, from a recorded Deployment whose managedFields hold several
// managers: client-side kubectl apply's, an earlier apply of cluster-anatomy's, another applier's and the
// deployment controller's. With the server's answers (the 409's causes, the forced dry run's managedFields) and,
// where there are none, from the live managedFields alone.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseManifestObjects } from '../../../../src/core/apply/manifestObjects';
import {
  autoscalersOf,
  causeManager,
  controlledFields,
  fieldOwnership,
  printedPath,
  valueAtPrinted,
} from '../../../../src/core/apply/ownership';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const live = () => JSON.parse(fixture('deployment.managed.json')) as Record<string, unknown>;
const manifest = (): Record<string, unknown> => {
  const body = parseManifestObjects(fixture('deployment.yaml'))[0]!.body;
  return { ...body, metadata: { ...(body.metadata as object), namespace: 'default' } };
};
type Entry = { manager: string; operation: string; fieldsV1: Record<string, unknown> };
const entries = (object: Record<string, unknown>) => (object.metadata as { managedFields: Entry[] }).managedFields;

const replicas = '.spec.replicas';
const image = '.spec.template.spec.containers[name="nginx"].image';

/** The forced dry run's answer: client-side apply loses the two fields, cluster-anatomy owns what it applies now. */
function forcedDryRun(): Record<string, unknown> {
  const stored = live();
  const managed = entries(stored);
  const csa = managed.find((entry) => entry.manager === 'kubectl-client-side-apply')!.fieldsV1 as {
    'f:spec': Record<string, { 'f:spec': { 'f:containers': Record<string, Record<string, unknown>> } }>;
  };
  delete (csa['f:spec'] as Record<string, unknown>)['f:replicas'];
  delete csa['f:spec']['f:template']!['f:spec']['f:containers']['k:{"name":"nginx"}']!['f:image'];
  managed.find((entry) => entry.manager === 'cluster-anatomy')!.fieldsV1 = {
    'f:metadata': { 'f:labels': { 'f:app': {} } },
    'f:spec': {
      'f:replicas': {},
      'f:selector': { 'f:matchLabels': { 'f:app': {} } },
      'f:template': {
        'f:metadata': { 'f:labels': { 'f:app': {} } },
        'f:spec': {
          'f:containers': {
            'k:{"name":"nginx"}': {
              '.': {},
              'f:image': {},
              'f:name': {},
              'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
            },
          },
        },
      },
    },
  };
  // The fields only cluster-anatomy applied before, and leaves out now, are gone from the answer.
  const labels = (stored.metadata as { labels: Record<string, string> }).labels;
  delete labels.tier;
  delete (stored.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec.containers[0]!.env;
  return stored;
}

const causes = [
  { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using apps/v1', field: replicas },
  { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using apps/v1', field: image },
];

describe('what server-side apply does with each field', () => {
  it('computes the conflicts from managedFields: another value in a field another manager owns, not the same value', () => {
    const ownership = fieldOwnership({ manager: 'cluster-anatomy', body: manifest(), live: live() });
    assert.equal(ownership.conflictSource, 'managed-fields');
    assert.deepEqual(ownership.conflicts, [
      { field: replicas, manager: 'kubectl-client-side-apply', live: 1, yours: 2 },
      { field: image, manager: 'kubectl-client-side-apply', live: 'nginx:1.25', yours: 'nginx:1.27' },
    ]);
    assert.deepEqual(
      ownership.takeovers.map((takeover) => [takeover.manager, takeover.fields.map((field) => field.field)]),
      [['kubectl-client-side-apply', [replicas, image]]],
    );
    // Without the server's answer the owned fields are not guessed.
    assert.equal(ownership.owned, undefined);
  });

  it("prefers the server's 409 and reads the take-overs and the owned fields from the forced dry run's managedFields", () => {
    const stored = forcedDryRun();
    // The deployment controller wrote the status in between: not something force takes.
    entries(stored).find((entry) => entry.manager === 'kube-controller-manager')!.fieldsV1 = {
      'f:metadata': { 'f:annotations': { 'f:deployment.kubernetes.io/revision': {} } },
    };
    const ownership = fieldOwnership({
      manager: 'cluster-anatomy',
      body: manifest(),
      live: live(),
      stored,
      conflictCauses: causes,
    });
    assert.equal(ownership.conflictSource, 'server');
    assert.deepEqual(
      ownership.conflicts.map((conflict) => [conflict.field, conflict.manager, conflict.live, conflict.yours]),
      [
        [replicas, 'kubectl-client-side-apply', 1, 2],
        [image, 'kubectl-client-side-apply', 'nginx:1.25', 'nginx:1.27'],
      ],
    );
    assert.deepEqual(
      ownership.takeovers.map((takeover) => [takeover.manager, takeover.fields.map((field) => field.field)]),
      [['kubectl-client-side-apply', [replicas, image]]],
    );
    assert.ok(
      ownership.owned?.includes('.spec.template.spec.containers[name="nginx"].ports[containerPort=80,protocol="TCP"].containerPort'),
    );
    assert.equal(ownership.owned?.length, 7);
    // The same values client-side apply set are shared, not taken.
    assert.deepEqual(ownership.shared, [
      {
        manager: 'kubectl-client-side-apply',
        fields: [
          '.metadata.labels.app',
          '.spec.selector.matchLabels.app',
          '.spec.template.metadata.labels.app',
          '.spec.template.spec.containers[name="nginx"].name',
          '.spec.template.spec.containers[name="nginx"].ports[containerPort=80,protocol="TCP"].containerPort',
        ],
      },
    ]);
  });

  it('removes what the manager applied before and leaves out now, unless another manager owns it too', () => {
    for (const stored of [undefined, forcedDryRun()]) {
      const ownership = fieldOwnership({ manager: 'cluster-anatomy', body: manifest(), live: live(), ...(stored && { stored }) });
      assert.deepEqual(ownership.removed, [
        { field: '.metadata.labels.tier', value: 'front', keptBy: [] },
        { field: '.metadata.labels.team', value: 'shop', keptBy: ['team-ci'] },
        { field: '.spec.template.spec.containers[name="nginx"].env[name="MODE"]', value: { name: 'MODE', value: 'blue' }, keptBy: [] },
      ]);
      assert.equal(ownership.history, 'yours');
    }
  });

  it("says which fields the server resets to their default instead of removing, from the dry run's answer", () => {
    const before = live();
    const container = (object: Record<string, unknown>) =>
      (object.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec.containers[0]!;
    container(before).terminationMessagePolicy = 'FallbackToLogsOnError';
    container(before).terminationMessagePath = '/dev/termination-log';
    const mine = entries(before).find((entry) => entry.manager === 'cluster-anatomy')!.fieldsV1 as {
      'f:spec': { 'f:template': { 'f:spec': { 'f:containers': Record<string, Record<string, unknown>> } } };
    };
    Object.assign(mine['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"nginx"}']!, {
      'f:terminationMessagePolicy': {},
      'f:terminationMessagePath': {},
    });
    const stored = forcedDryRun();
    container(stored).terminationMessagePolicy = 'File';
    container(stored).terminationMessagePath = '/dev/termination-log';
    const removed = fieldOwnership({ manager: 'cluster-anatomy', body: manifest(), live: before, stored }).removed;
    // The path keeps its value (its default): nothing to tell. The policy goes back to its default.
    assert.deepEqual(
      removed.filter((field) => field.field.includes('termination')),
      [
        {
          field: '.spec.template.spec.containers[name="nginx"].terminationMessagePolicy',
          value: 'FallbackToLogsOnError',
          keptBy: [],
          resetTo: 'File',
        },
      ],
    );
  });

  it("tells client-side kubectl apply's object, and one without managedFields, from the rest", () => {
    const clientSide = live();
    const managed = entries(clientSide);
    managed.splice(
      managed.findIndex((entry) => entry.manager === 'cluster-anatomy'),
      1,
    );
    const ownership = fieldOwnership({ manager: 'cluster-anatomy', body: manifest(), live: clientSide });
    assert.equal(ownership.history, 'client-side-apply');
    // Client-side apply's fields the manifest leaves out are not this manager's to remove.
    assert.deepEqual(ownership.removed, []);
    const bare = live();
    delete (bare.metadata as Record<string, unknown>).managedFields;
    assert.equal(fieldOwnership({ manager: 'cluster-anatomy', body: manifest(), live: bare }).history, 'no-managed-fields');
    assert.equal(fieldOwnership({ manager: 'cluster-anatomy', body: manifest() }).history, 'new');
  });

  it('reports spec.replicas under a HorizontalPodAutoscaler found by its scaleTargetRef, and the fields controllers write', () => {
    const autoscalers = autoscalersOf([
      {
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'web' },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 3, maxReplicas: 6 },
      },
      {
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'api' },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' }, maxReplicas: 4 },
      },
      { kind: 'Deployment', metadata: { name: 'web' }, spec: {} },
    ]);
    assert.deepEqual(
      autoscalers.map((autoscaler) => autoscaler.name),
      ['web', 'api'],
    );
    const body = manifest();
    assert.deepEqual(controlledFields(body, autoscalers), [
      { field: '.spec.replicas', yours: 2, writer: { kind: 'autoscaler', name: 'web', minReplicas: 3, maxReplicas: 6 } },
    ]);
    const { replicas: _replicas, ...withoutReplicas } = body.spec as Record<string, unknown>;
    assert.deepEqual(controlledFields({ ...body, spec: withoutReplicas }, autoscalers), []);
    const annotated = {
      ...body,
      metadata: { name: 'web', annotations: { 'deployment.kubernetes.io/revision': '1' } },
      spec: {
        ...withoutReplicas,
        template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-12-04T12:00:00Z' } } },
      },
    };
    assert.deepEqual(
      controlledFields(annotated, autoscalers).map((field) => [field.field, field.writer.kind]),
      [
        ['.metadata.annotations.deployment.kubernetes.io/revision', 'deployment-controller'],
        ['.spec.template.metadata.annotations.kubectl.kubernetes.io/restartedAt', 'rollout-restart'],
      ],
    );
  });

  it("reads fields the way the server prints them: dotted keys, keyed items, set items, and a cause's manager", () => {
    const object = live();
    assert.deepEqual(valueAtPrinted(object, '.metadata.annotations.deployment.kubernetes.io/revision'), { found: true, value: '2' });
    assert.deepEqual(
      valueAtPrinted(object, '.spec.template.spec.containers[name="nginx"].ports[containerPort=80,protocol="TCP"].protocol'),
      {
        found: true,
        value: 'TCP',
      },
    );
    assert.deepEqual(valueAtPrinted({ finalizers: ['a', 'b'] }, '.finalizers[="b"]'), { found: true, value: 'b' });
    assert.deepEqual(valueAtPrinted(object, '.spec.template.spec.containers[name="other"].image'), { found: false });
    assert.equal(
      printedPath(['f:spec', 'f:ports', 'k:{"port":80,"protocol":"TCP"}', 'f:name']),
      '.spec.ports[port=80,protocol="TCP"].name',
    );
    assert.equal(printedPath(['f:metadata', 'f:finalizers', 'v:"x"']), '.metadata.finalizers[="x"]');
    assert.equal(causeManager({ message: 'conflict with "kube-controller-manager" using apps/v1' }), 'kube-controller-manager');
    assert.equal(causeManager({ message: 'conflict with "team-ci"' }), 'team-ci');
    assert.equal(causeManager({ message: 'something else' }), undefined);
  });
});
