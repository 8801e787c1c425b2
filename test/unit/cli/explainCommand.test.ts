import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainCommand } from '../../../src/cli/explainCommand';
import { runCli } from '../../../src/cli/run';

const fixtures = join(__dirname, '../../fixtures/manifests');

async function explain(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {} };
  const code = await runCli(['explain', ...args], io, [explainCommand]);
  return { code, stdout, stderr };
}

describe('cluster-anatomy explain', () => {
  it('prints the JSON contract: kind, apiVersion, dotted path, components with the primary first, no markup', async () => {
    // deployment.yaml line 21 is `        image: nginx:1.27`; column 17 is inside the value.
    const { code, stdout } = await explain(join(fixtures, 'deployment.yaml'), '--line', '21', '--column', '17', '--json');
    assert.equal(code, 0);
    const json = JSON.parse(stdout);
    assert.equal(json.kind, 'Deployment');
    assert.equal(json.apiVersion, 'apps/v1');
    assert.equal(json.path, 'spec.template.spec.containers[0].image');
    assert.deepEqual(
      json.components.map((component: { id: string }) => component.id),
      ['kubelet', 'container-runtime'],
    );
    assert.match(json.components[0].action, /pull the image/);
    assert.deepEqual(json.components[0], {
      id: 'kubelet',
      name: 'kubelet',
      when: 'run-time',
      effect: 'reads',
      action: json.components[0].action,
    });
    assert.doesNotMatch(stdout, /\$\(|\*\*/, 'no codicons or Markdown in JSON');
  });

  it('names the controller inside kube-controller-manager', async () => {
    const { stdout } = await explain(join(fixtures, 'deployment.yaml'), '--line', '10', '--column', '3', '--json');
    const json = JSON.parse(stdout);
    assert.equal(json.path, 'spec.replicas');
    assert.deepEqual(json.components[0], {
      id: 'kube-controller-manager',
      name: 'kube-controller-manager',
      controller: 'deployment',
      when: 'on-change',
      effect: 'writes-other',
      writesOther: 'ReplicaSet',
      action: json.components[0].action,
    });
  });

  it('prints plain text in Japanese with --lang ja', async () => {
    const { code, stdout } = await explain(join(fixtures, 'pod.yaml'), '--line', '6', '--column', '5', '--lang', 'ja');
    assert.equal(code, 0);
    assert.match(stdout, /^誰が扱うか: spec\.nodeName · Pod/);
    assert.match(stdout, /kube-scheduler · スケジュール時、書き込む — /);
    assert.doesNotMatch(stdout, /\$\(|\*\*/, 'no codicons or Markdown emphasis in the terminal');
  });

  it('names a field by --kind and --path: the same answer as at its position in a manifest', async () => {
    const atPosition = await explain(join(fixtures, 'deployment.yaml'), '--line', '21', '--column', '17', '--json');
    const byPath = await explain('--kind', 'Deployment', '--path', 'spec.template.spec.containers[0].image', '--json');
    assert.equal(byPath.code, 0, byPath.stderr);
    assert.deepEqual(JSON.parse(byPath.stdout), JSON.parse(atPosition.stdout));
    // A kind of another group by its name alone; a key with a slash, quoted.
    const role = JSON.parse((await explain('--kind', 'ClusterRoleBinding', '--path', 'roleRef', '--json')).stdout);
    assert.equal(role.noEntry, undefined, JSON.stringify(role));
    const annotation = await explain('--kind', 'Pod', '--path', 'metadata.annotations["kubernetes.io/config.mirror"]', '--json');
    assert.equal(JSON.parse(annotation.stdout).path, 'metadata.annotations["kubernetes.io/config.mirror"]');
    const ja = await explain('--kind', 'Deployment', '--api-version', 'apps/v1', '--path', 'spec.replicas', '--lang', 'ja');
    assert.match(ja.stdout, /kube-controller-manager/);
    assert.match(ja.stdout, /[\u3040-\u30ff]/);
  });

  it('refuses a --kind or --path it cannot read, or one given with a FILE, as bad usage', async () => {
    const cases: [string[], RegExp][] = [
      [['--kind', 'Deployment'], /--kind and --path go together/],
      [['--kind', 'Deployment', '--path', 'spec..replicas'], /the path 'spec\.\.replicas' cannot be read at character 5/],
      [['--kind', 'Deploy ment', '--path', 'spec'], /is not a kind/],
      [['--kind', 'Deployment', '--api-version', 'apps', '--path', 'spec'], /'apps' is not an apiVersion/],
      [[join(fixtures, 'deployment.yaml'), '--kind', 'Deployment', '--path', 'spec'], /give one or the other/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await explain(...args);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, message);
    }
  });

  it('fails with exit 1 for a missing file or a position outside any Kubernetes object', async () => {
    const missing = await explain(join(fixtures, 'no-such.yaml'), '--line', '1', '--column', '1');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no such file/);
    const folder = mkdtempSync(join(tmpdir(), 'explain-'));
    try {
      const file = join(folder, 'values.yaml');
      writeFileSync(file, 'replicaCount: 2\nimage: nginx\n');
      const notKubernetes = await explain(file, '--line', '1', '--column', '2');
      assert.equal(notKubernetes.code, 1);
      assert.match(notKubernetes.stderr, /no Kubernetes object/);
      const outside = await explain(file, '--line', '9', '--column', '1');
      assert.equal(outside.code, 1);
      assert.match(outside.stderr, /outside the file/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('fails with exit 2 for bad flags', async () => {
    const file = join(fixtures, 'pod.yaml');
    assert.equal((await explain(file, '--line', '0', '--column', '1')).code, 2);
    assert.equal((await explain(file, '--line', 'x', '--column', '1')).code, 2);
    assert.equal((await explain(file, '--column', '1')).code, 2);
    assert.equal((await explain(file, '--line', '1', '--column', '1', '--lang', 'fr')).code, 2);
    assert.equal((await explain(file, '--line', '1', '--column', '1', '--verbose')).code, 2);
    assert.equal((await explain('--line', '1', '--column', '1')).code, 2);
  });

  it('says a manifest is too large to explain instead of finding no object in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'explain-nested-'));
    try {
      // A Kubernetes object whose spec nests far deeper than any real manifest.
      const file = join(dir, 'deep.yaml');
      writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata: ${'['.repeat(2000)}${']'.repeat(2000)}\n`);
      const { code, stderr } = await explain(file, '--line', '2', '--column', '3');
      assert.equal(code, 1);
      assert.match(stderr, /too large to explain/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
