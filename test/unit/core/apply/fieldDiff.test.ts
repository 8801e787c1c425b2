// What a dry run teaches, from a recorded answer of kube-apiserver: the fields it fills in (defaults, admission),
// by path and grouped by where they are, without its bookkeeping; and the two sides as YAML and as a diff.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffObjects, fieldPathText, groupByParent, valueText, withoutBookkeeping } from '../../../../src/core/apply/fieldDiff';
import { parseManifestObjects } from '../../../../src/core/apply/manifestObjects';
import { alignKeys, diffLines, displayObject, documentsYaml, unifiedDiff } from '../../../../src/core/apply/render';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const manifest = () => ({
  ...parseManifestObjects(fixture('deployment.yaml'))[0]!.body,
  metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
});
const dryRun = () => JSON.parse(fixture('deployment.dryrun.json')) as Record<string, unknown>;

describe('the fields kube-apiserver fills in', () => {
  it('lists every default by path and value, leaf by leaf, and none of the bookkeeping or status', () => {
    const changes = diffObjects(manifest(), dryRun());
    assert.ok(
      changes.every((change) => change.change === 'added'),
      JSON.stringify(changes),
    );
    const fields = Object.fromEntries(changes.map((change) => [fieldPathText(change), change.after]));
    assert.deepEqual(fields, {
      'spec.template.spec.containers[0].ports[0].protocol': 'TCP',
      'spec.template.spec.containers[0].resources': {},
      'spec.template.spec.containers[0].terminationMessagePath': '/dev/termination-log',
      'spec.template.spec.containers[0].terminationMessagePolicy': 'File',
      'spec.template.spec.containers[0].imagePullPolicy': 'IfNotPresent',
      'spec.template.spec.restartPolicy': 'Always',
      'spec.template.spec.terminationGracePeriodSeconds': 30,
      'spec.template.spec.dnsPolicy': 'ClusterFirst',
      'spec.template.spec.securityContext': {},
      'spec.template.spec.schedulerName': 'default-scheduler',
      'spec.strategy.type': 'RollingUpdate',
      'spec.strategy.rollingUpdate.maxUnavailable': '25%',
      'spec.strategy.rollingUpdate.maxSurge': '25%',
      'spec.revisionHistoryLimit': 10,
      'spec.progressDeadlineSeconds': 600,
    });
  });

  it('groups them by the object that holds them', () => {
    const groups = groupByParent(diffObjects(manifest(), dryRun()));
    assert.deepEqual(
      groups.map((group) => [group.parent, group.changes.map((change) => change.path.at(-1))]),
      [
        ['spec.template.spec.containers[0].ports[0]', ['protocol']],
        ['spec.template.spec.containers[0]', ['resources', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy']],
        ['spec.template.spec', ['restartPolicy', 'terminationGracePeriodSeconds', 'dnsPolicy', 'securityContext', 'schedulerName']],
        ['spec.strategy', ['type']],
        ['spec.strategy.rollingUpdate', ['maxUnavailable', 'maxSurge']],
        ['spec', ['revisionHistoryLimit', 'progressDeadlineSeconds']],
      ],
    );
  });

  it('says what a change of the live object changes, and nothing when the object is the same', () => {
    const live = dryRun();
    const next = dryRun();
    (next.spec as { replicas: number }).replicas = 3;
    (next.metadata as { resourceVersion: string }).resourceVersion = '99';
    (next.spec as { template: { spec: { containers: { image: string }[] } } }).template.spec.containers[0]!.image = 'nginx:1.28';
    assert.deepEqual(
      diffObjects(live, next).map((change) => [fieldPathText(change), change.change, change.before, change.after]),
      [
        ['spec.replicas', 'changed', 2, 3],
        ['spec.template.spec.containers[0].image', 'changed', 'nginx:1.27', 'nginx:1.28'],
      ],
    );
    assert.deepEqual(diffObjects(live, dryRun()), []);
  });

  it('matches list items by name, so a container added in front is one addition', () => {
    const before = { spec: { containers: [{ name: 'app', image: 'a' }] } };
    const after = {
      spec: {
        containers: [
          { name: 'sidecar', image: 's' },
          { name: 'app', image: 'a' },
        ],
      },
    };
    assert.deepEqual(
      diffObjects(before, after).map((change) => [fieldPathText(change), change.change]),
      [
        ['spec.containers[0].name', 'added'],
        ['spec.containers[0].image', 'added'],
      ],
    );
    assert.deepEqual(
      diffObjects({ args: ['a', 'b'] }, { args: ['a'] }).map((change) => [fieldPathText(change), change.change, change.before]),
      [['args[1]', 'removed', 'b']],
    );
  });

  it('keeps the bookkeeping out without touching the object', () => {
    const object = dryRun();
    const shown = withoutBookkeeping(object);
    assert.equal(shown.status, undefined);
    assert.deepEqual(Object.keys(shown.metadata as object), ['name', 'namespace', 'labels']);
    assert.ok((object.metadata as { managedFields?: unknown }).managedFields);
  });

  it('shortens a value for one line', () => {
    assert.equal(valueText('IfNotPresent'), 'IfNotPresent');
    assert.equal(valueText({}), '{}');
    assert.equal(valueText('x'.repeat(100), 10), `${'x'.repeat(9)}…`);
  });
});

describe('the two sides as YAML and as a diff', () => {
  it('orders what the server stores as the manifest is written, so the diff shows only additions', () => {
    const sent = manifest();
    const stored = alignKeys(withoutBookkeeping(dryRun()), sent) as Record<string, unknown>;
    assert.deepEqual(Object.keys(stored), ['apiVersion', 'kind', 'metadata', 'spec']);
    const lines = diffLines(documentsYaml([sent]), documentsYaml([stored]));
    assert.ok(
      lines.every((line) => line.type !== '-'),
      lines
        .filter((line) => line.type === '-')
        .map((line) => line.text)
        .join('\n'),
    );
    assert.ok(lines.some((line) => line.type === '+' && line.text.trim() === 'dnsPolicy: ClusterFirst'));
  });

  it('writes a unified diff with hunks and line numbers', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\n') + '\n';
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i', 'j', 'k'].join('\n') + '\n';
    assert.equal(
      unifiedDiff(before, after, { before: 'mine', after: 'server' }, 1),
      ['--- mine', '+++ server', '@@ -4,3 +4,3 @@', ' d', '-e', '+E', ' f', '@@ -10,1 +10,2 @@', ' j', '+k', ''].join('\n'),
    );
    assert.equal(unifiedDiff(before, before, { before: 'mine', after: 'server' }), '');
    assert.equal(unifiedDiff('', 'x\n', { before: 'a', after: 'b' }), ['--- a', '+++ b', '@@ -0,0 +1,1 @@', '+x', ''].join('\n'));
  });

  it("hides a Secret's values but shows its keys", () => {
    const shown = displayObject({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', uid: 'u' },
      data: { password: 'aHVudGVyMg==' },
      stringData: { token: 'abc' },
    });
    assert.deepEqual(shown, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { password: '(hidden)' },
      stringData: { token: '(hidden)' },
    });
  });
});
