// Merging and switching checked against the real kubectl on the same temp files (KUBECONFIG=a:b, HOME in temp).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KubeconfigService, UnknownContextError } from '../../../../src/core/kubeconfig/kubeconfigService';
import { findKubectl, kubectl, tempDir, type TempDir } from './kubeconfigFixtures';

const fileA = `# team clusters
apiVersion: v1
kind: Config
clusters:
- name: shared-cluster
  cluster:
    server: https://a.example:6443   # from a
    certificate-authority: ca.crt
contexts:
- name: alpha
  context: {cluster: shared-cluster, user: alice, namespace: team-a}
- name: both
  context: {cluster: shared-cluster, user: alice}
users:
- name: alice
  user: {token: not-a-jwt}
`;

const fileB = `apiVersion: v1
kind: Config
current-context: beta
clusters:
- name: shared-cluster
  cluster: {server: "https://b.example:6443", certificate-authority: ca.crt}
- name: b-cluster
  cluster: {server: "https://b2.example:6443"}
contexts:
- name: beta
  context: {cluster: b-cluster, user: bob}
- name: both
  context: {cluster: b-cluster, user: bob}
users:
- name: bob
  user: {token: also-not-a-jwt}
- name: alice
  user: {token: shadowed}
`;

/** Two independent copies of the same files: kubectl acts on one, the service on the other. */
function twin(setup: (dir: TempDir) => string[]): { kube: TempDir; ours: TempDir; kubePaths: string[]; ourPaths: string[] } {
  const kube = tempDir();
  const ours = tempDir();
  return { kube, ours, kubePaths: setup(kube), ourPaths: setup(ours) };
}

function serviceFor(dir: TempDir, paths: readonly string[]): KubeconfigService {
  return new KubeconfigService({
    env: { KUBECONFIG: paths.join(path.delimiter), PATH: process.env.PATH },
    homeDir: dir.home,
    cwd: dir.root,
    trusted: true,
    watch: false,
  });
}

function snapshot(dir: TempDir): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(dir.root, full)] = fs.readFileSync(full, 'utf8');
    }
  };
  walk(dir.root);
  return files;
}

function changedFiles(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((file) => before[file] !== after[file])
    .sort();
}

describe('kubeconfig merging and switching, compared with kubectl', function () {
  const dirs: TempDir[] = [];

  before(function () {
    // In CI kubectl is installed (.ci/run): its absence there is a failure, not a skip.
    if (!findKubectl()) {
      if (process.env.CI) throw new Error('kubectl is not on PATH');
      this.skip();
    }
  });

  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  function standard(dir: TempDir): string[] {
    dir.file('ca.crt', 'CA OF A\n');
    dir.file('b/ca.crt', 'CA OF B\n');
    return [dir.file('a.yaml', fileA), dir.file('b/b.yaml', fileB)];
  }

  it('lists the same contexts and the same current context as kubectl', () => {
    const dir = tempDir();
    dirs.push(dir);
    const paths = standard(dir);
    const service = serviceFor(dir, paths);
    const names = kubectl(dir, paths, ['config', 'get-contexts', '-o', 'name']);
    assert.equal(names.status, 0, names.stderr);
    assert.deepEqual(
      service.state.contexts.map((context) => context.name),
      names.stdout.trim().split('\n'),
    );
    assert.equal(service.state.current, kubectl(dir, paths, ['config', 'current-context']).stdout.trim());
    assert.equal(service.state.current, 'beta');
  });

  it('lets the first file win for each named context, cluster and user, as kubectl does', () => {
    const dir = tempDir();
    dirs.push(dir);
    const paths = standard(dir);
    const service = serviceFor(dir, paths);
    const view = JSON.parse(kubectl(dir, paths, ['config', 'view', '-o', 'json']).stdout) as {
      contexts: { name: string; context: { cluster: string; user: string } }[];
      clusters: { name: string; cluster: { server: string } }[];
    };
    for (const { name, context } of view.contexts) {
      const ours = service.state.contexts.find((candidate) => candidate.name === name);
      assert.equal(ours?.cluster, context.cluster, name);
      assert.equal(ours?.user, context.user, name);
    }
    for (const { name, cluster } of view.clusters) {
      assert.equal(service.mergedConfig.clusters.get(name)?.value.server, cluster.server, name);
    }
    const both = service.state.contexts.find((context) => context.name === 'both');
    assert.equal(both?.file, paths[0]);
    assert.equal(both?.server, 'https://a.example:6443');
    assert.equal(service.mergedConfig.users.get('alice')?.file, paths[0]);
  });

  it('resolves relative certificate paths against the file that defined them, as kubectl --flatten reads them', () => {
    const dir = tempDir();
    dirs.push(dir);
    const paths = standard(dir);
    const service = serviceFor(dir, paths);
    const flat = kubectl(dir, paths, ['config', 'view', '--raw', '--flatten', '--minify', '--context', 'both', '-o', 'json']);
    assert.equal(flat.status, 0, flat.stderr);
    const caData = (JSON.parse(flat.stdout) as { clusters: { cluster: Record<string, string> }[] }).clusters[0]?.cluster[
      'certificate-authority-data'
    ];
    const ourCa = service.mergedConfig.clusters.get('shared-cluster')?.value['certificate-authority'];
    assert.equal(ourCa, dir.path('ca.crt'));
    assert.equal(Buffer.from(caData ?? '', 'base64').toString(), fs.readFileSync(ourCa ?? '', 'utf8'));
  });

  const layouts: { title: string; setup: (dir: TempDir) => string[] }[] = [
    { title: 'two files, the second sets current-context', setup: (dir) => standard(dir) },
    {
      title: 'the first file of KUBECONFIG does not exist',
      setup: (dir) => [dir.path('missing.yaml'), ...standard(dir)],
    },
    {
      title: 'the first file is empty',
      setup: (dir) => [dir.file('empty.yaml', ''), ...standard(dir)],
    },
    {
      title: 'no file sets current-context',
      setup: (dir) => [dir.file('a.yaml', fileA), dir.file('b/b.yaml', fileB.replace('current-context: beta\n', ''))],
    },
    {
      title: 'a single file',
      setup: (dir) => [dir.file('only.yaml', fileB)],
    },
  ];

  for (const layout of layouts) {
    for (const target of ['alpha', 'beta', 'both']) {
      it(`writes "${target}" to the same file as kubectl use-context when ${layout.title}`, () => {
        const { kube, ours, kubePaths, ourPaths } = twin(layout.setup);
        dirs.push(kube, ours);
        const kubeBefore = snapshot(kube);
        const ourBefore = snapshot(ours);
        const exists = kubectl(kube, kubePaths, ['config', 'get-contexts', '-o', 'name']).stdout.split('\n').includes(target);

        const used = kubectl(kube, kubePaths, ['config', 'use-context', target]);
        const service = serviceFor(ours, ourPaths);
        if (!exists) {
          assert.notEqual(used.status, 0);
          return assert.rejects(service.switchContext(target), UnknownContextError);
        }
        assert.equal(used.status, 0, used.stderr);
        return service.switchContext(target).then(() => {
          assert.deepEqual(changedFiles(ourBefore, snapshot(ours)), changedFiles(kubeBefore, snapshot(kube)));
          // kubectl, reading our files, agrees on the result.
          assert.equal(kubectl(ours, ourPaths, ['config', 'current-context']).stdout.trim(), target);
          assert.equal(service.state.current, target);
        });
      });
    }
  }

  it('writes nothing when the context is already current, like kubectl', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const paths = standard(dir);
    const before = snapshot(dir);
    await serviceFor(dir, paths).switchContext('beta');
    assert.deepEqual(snapshot(dir), before);
    assert.equal(kubectl(dir, paths, ['config', 'use-context', 'beta']).status, 0);
    assert.deepEqual(snapshot(dir), before);
  });

  it('refuses an unknown context, naming it, and touches no file (kubectl fails too)', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const paths = standard(dir);
    const before = snapshot(dir);
    await assert.rejects(serviceFor(dir, paths).switchContext('nope'), /"nope"/);
    assert.deepEqual(snapshot(dir), before);
    const used = kubectl(dir, paths, ['config', 'use-context', 'nope']);
    assert.notEqual(used.status, 0);
    assert.match(used.stderr, /no context exists with the name: "nope"/);
  });

  it('changes only the current-context line, where kubectl rewrites the whole file', async () => {
    const { kube, ours, kubePaths, ourPaths } = twin(standard);
    dirs.push(kube, ours);
    await serviceFor(ours, ourPaths).switchContext('alpha');
    kubectl(kube, kubePaths, ['config', 'use-context', 'alpha']);
    const ourLines = ours.read('a.yaml').split('\n');
    const originalLines = fileA.split('\n');
    assert.deepEqual(ourLines.slice(0, originalLines.length - 1), originalLines.slice(0, -1));
    assert.deepEqual(ourLines.slice(originalLines.length - 1), ['current-context: alpha', '']);
    // What we do better: kubectl drops the comments.
    assert.doesNotMatch(kube.read('a.yaml'), /# team clusters/);
  });
});
