import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ClusterWorkspace } from '../../../../src/core/workspace/clusterWorkspace';
import type { ContextStatus } from '../../../../src/core/workspace/contextStatus';
import { type RunningDemo, demoWorkspace, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

describe('the cluster workspace: one owner of the kubeconfig and the live anatomy', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let workspace: ClusterWorkspace;

  beforeEach(async () => {
    demo = await startDemo();
    workspace = demoWorkspace(demo);
  });

  afterEach(async () => {
    workspace.dispose();
    await demo.stop();
  });

  it('derives one status from the kubeconfig and the connection, and announces each change', async () => {
    assert.equal(workspace.contextStatus.state, 'ready', 'nothing connects before the live anatomy is wanted');
    assert.equal(workspace.contextStatus.contextName, 'kind-multi-node');
    const seen: ContextStatus['state'][] = [];
    workspace.onDidChangeContextStatus((status) => seen.push(status.state));
    await workspace.live.start();
    await until('connected', () => workspace.contextStatus.state === 'connected');
    assert.deepEqual([seen[0], seen.at(-1)], ['connecting', 'connected']);
  });

  it('reads an object only through a connected session: undefined before, the object after', async () => {
    const ref = { resource: 'nodes', namespace: '', name: 'multi-node-worker' };
    assert.equal(await workspace.getObject(ref), undefined, 'no connection is opened for a read');
    await workspace.live.start();
    await until('connected', () => workspace.contextStatus.state === 'connected');
    const node = (await workspace.getObject(ref)) as { metadata?: { name?: string } } | undefined;
    assert.equal(node?.metadata?.name, 'multi-node-worker');
  });

  it('connects once when Workspace Trust is granted, though the kubeconfig changes with it', async () => {
    await workspace.live.start();
    await until('connected', () => workspace.contextStatus.state === 'connected');
    // Each connection attempt announces 'connecting' and resolves the credentials (an exec plugin runs).
    let attempts = 0;
    let sessions = 0;
    workspace.live.onDidChangeStatus((status) => (attempts += status?.state === 'connecting' ? 1 : 0));
    workspace.live.onDidChangeSession((session) => (sessions += session ? 1 : 0));
    // Trust brings the workspace's setting into play: here it adds a file, so the kubeconfig announces a change.
    const workspaceFile = join(dirname(demo.kubeconfigPath), 'workspace-kubeconfig');
    writeFileSync(
      workspaceFile,
      'apiVersion: v1\nkind: Config\nclusters: [{name: other, cluster: {server: "https://other.invalid"}}]\nusers: [{name: other, user: {}}]\ncontexts: [{name: other, context: {cluster: other, user: other}}]\n',
    );
    await workspace.grantTrust([demo.kubeconfigPath, workspaceFile]);
    assert.ok(
      workspace.kubeconfig.state.contexts.some((context) => context.name === 'other'),
      'the setting took effect',
    );
    await until('connected again', () => workspace.contextStatus.state === 'connected');
    assert.equal(attempts, 1, 'one connection attempt');
    assert.equal(sessions, 1, 'one new session');
  });

  it('for a user who may not read the Nodes or kube-system: connected and limited, and the user’s own objects still read with their managers', async () => {
    demo.cluster.control.forbid('nodes');
    demo.cluster.control.forbid('pods', 'kube-system');
    await workspace.live.start();
    await until('limited', () => workspace.contextStatus.limited !== undefined);
    assert.equal(workspace.contextStatus.state, 'connected');
    assert.deepEqual(
      workspace.contextStatus.limited?.hidden.map((read) => read.id),
      ['nodes', 'pods'],
    );
    // What a hover reads: the live object of the user's own namespace, with its field managers.
    const service = (await workspace.getObject({ resource: 'services', namespace: 'default', name: 'kubernetes' })) as
      { metadata?: { name?: string; managedFields?: { manager?: string }[] } } | undefined;
    assert.equal(service?.metadata?.name, 'kubernetes');
    assert.ok(
      service?.metadata?.managedFields?.some((entry) => entry.manager),
      'the last writers are there',
    );
  });
});
