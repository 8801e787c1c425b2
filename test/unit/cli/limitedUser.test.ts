// The commands for a user whom RBAC lets read part of the cluster (the demo refuses Nodes and kube-system's Pods
// as the real authorizer does): no command fails whole, each says what it could not read and which permission
// would show it, with the kubectl auth can-i line.
import * as assert from 'node:assert/strict';
import { checkCommand } from '../../../src/cli/checkCommand';
import { EXIT_NOT_CHECKED, healthCommand } from '../../../src/cli/healthCommand';
import { placementCommand } from '../../../src/cli/placementCommand';
import { treeCommand } from '../../../src/cli/treeCommand';
import type { ClusterAnatomy } from '../../../src/core/anatomy/types';
import { startDemo, type RunningDemo, runOnDemo } from '../../support/demo';

describe('the commands for a user who may not read the Nodes or kube-system', function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  beforeEach(async () => {
    demo = await startDemo({ timeScale: 20 });
    demo.cluster.control.forbid('nodes');
    demo.cluster.control.forbid('pods', 'kube-system');
  });
  afterEach(async () => {
    await demo?.stop();
  });

  it('tree shows the anatomy from where the user stands and names each hidden part with its can-i line', async () => {
    const { code, stdout, stderr } = await runOnDemo(demo, treeCommand);
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stdout, /Cannot read/);
    assert.match(stdout, /^Limited: RBAC hides part of this cluster from you \(12 of 14 reads allowed\)\.$/m);
    assert.match(stdout, /^From where you stand$/m);
    assert.match(stdout, /^ {2}kube-apiserver at https:\/\/127\.0\.0\.1:\d+, version v1\.37\.0$/m);
    assert.match(stdout, /^ {2}Nodes: hidden from you — needs list nodes \(cluster-wide\), watch nodes \(cluster-wide\)$/m);
    assert.match(stdout, /^ {4}check: kubectl auth can-i list pods -n kube-system --context kind-multi-node$/m);
    // Hidden is never "none", "absent" or a guess at how the control plane runs.
    assert.doesNotMatch(stdout, /\(none\)|\(nothing missing\)|managed by the provider|not recognised/);
    assert.match(stdout, /cannot be told: the Pods in kube-system are hidden from you/);
  });

  it('tree --json carries the hidden reads, the access counts and the standpoint of the namespaces given with -n', async () => {
    const { code, stdout } = await runOnDemo(demo, treeCommand, '--json', '-n', 'default', '-n', 'local-path-storage');
    assert.equal(code, 0);
    const anatomy = JSON.parse(stdout) as ClusterAnatomy;
    assert.deepEqual(
      anatomy.hidden?.map((read) => read.id),
      ['nodes', 'pods'],
    );
    assert.deepEqual(anatomy.access, { allowed: 12, total: 14 });
    assert.equal(anatomy.nothingRead, undefined);
    assert.deepEqual(
      anatomy.standpoint?.namespaces.map((namespace) => [namespace.name, namespace.pods?.length]),
      [
        ['default', 0],
        ['local-path-storage', 1],
      ],
    );
    // The provisioner's Pod runs on a node the user may not read: the node is inferred from the Pod.
    const provisioner = anatomy.standpoint!.namespaces[1]!.pods![0]!;
    assert.ok(provisioner.nodeName);
    assert.deepEqual(
      anatomy.standpoint?.nodes.map((node) => [node.name, node.pods]),
      [[provisioner.nodeName, [`local-path-storage/${provisioner.name}`]]],
    );
    assert.equal(anatomy.standpoint?.nodes[0]?.evidence[0]?.key, 'spec.nodeName');
  });

  it('rejects a namespace that is not a name', async () => {
    const { code, stderr } = await runOnDemo(demo, treeCommand, '-n', '../kube-system');
    assert.equal(code, 2);
    assert.match(stderr, /'\.\.\/kube-system' is not a namespace name/);
  });

  it('health reports what it checked, lists what it could not with the permission, and exits 4', async () => {
    const { code, stdout } = await runOnDemo(demo, healthCommand);
    assert.equal(code, EXIT_NOT_CHECKED, stdout);
    assert.match(stdout, /No problem found\./);
    assert.match(stdout, /\/readyz: passed/);
    assert.match(
      stdout,
      /\? the version skew of kubelets and control-plane components: could not be checked — Nodes hidden from you, needs list nodes \(cluster-wide\)/,
    );
    assert.match(stdout, /check: kubectl auth can-i list nodes --context kind-multi-node/);
    assert.doesNotMatch(stdout, /not a node here/);
  });

  it('check reports each step it could not check with the permission, and exits 4', async () => {
    const { code, stdout } = await runOnDemo(demo, checkCommand, '--wait', '0');
    assert.equal(code, EXIT_NOT_CHECKED, stdout);
    assert.match(stdout, /Cannot be checked: Nodes hidden from you — needs list nodes \(cluster-wide\), watch nodes \(cluster-wide\)\./);
    assert.match(stdout, /kubectl auth can-i list pods -n kube-system --context kind-multi-node/);
    assert.match(stdout, /could not be checked \(RBAC hides what they read\)/);
    assert.doesNotMatch(stdout, /✗/, 'nothing fails because it is hidden');
  });

  it('placement judges no node when the Nodes are hidden, and says why', async () => {
    const tree = JSON.parse((await runOnDemo(demo, treeCommand, '--json', '-n', 'local-path-storage')).stdout) as ClusterAnatomy;
    const pod = tree.standpoint!.namespaces[0]!.pods![0]!;
    const { code, stdout } = await runOnDemo(demo, placementCommand, '--pod', `local-path-storage/${pod.name}`);
    assert.equal(code, 0, stdout);
    assert.match(stdout, new RegExp(`on ${pod.nodeName}`));
    assert.match(stdout, /Which nodes fit cannot be judged: the Nodes are hidden from you — needs list nodes \(cluster-wide\)/);
    assert.match(stdout, /kubectl auth can-i list nodes --context kind-multi-node/);
    assert.doesNotMatch(stdout, /fits 0|0 of 0/);
  });
});

describe("the commands on the demo's restricted context (team-dev: a Role in namespace team)", function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
  });
  after(async () => {
    await demo?.stop();
  });

  it('answers a namespace the user may not read from its SelfSubjectRulesReview: denied, with the can-i lines', async () => {
    const { code, stdout } = await runOnDemo(demo, treeCommand, '--json', '--context', 'team-dev', '-n', 'team', '-n', 'kube-public');
    assert.equal(code, 0);
    const anatomy = JSON.parse(stdout) as ClusterAnatomy;
    assert.deepEqual(anatomy.access, { allowed: 3, total: 14 });
    const [team, hidden] = anatomy.standpoint!.namespaces;
    assert.equal(team?.pods?.length, 2);
    assert.equal(hidden?.pods, null);
    assert.deepEqual(
      hidden?.hidden?.needs.map((need) => [need.canI, need.verdict]),
      [
        ['kubectl auth can-i list pods -n kube-public', 'denied'],
        ['kubectl auth can-i watch pods -n kube-public', 'denied'],
      ],
    );
  });
});
