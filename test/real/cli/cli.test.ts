// The command line against real clusters, through the built dist/cli.js (`npm run build` first): the JSON
// contract, the summary table and the diagram, each checked against real kubectl.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../support/controlPlane';
import { type RealCluster, realCluster } from '../support/realClusters';

const cli = join(__dirname, '..', '..', '..', 'dist', 'cli.js');

function runCli(cluster: RealCluster, args: string[]): string {
  const result = spawnSync(process.execPath, [cli, ...args, '--kubeconfig', cluster.kubeconfigPath], {
    env: cluster.env,
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, `cluster-anatomy ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

interface ContractNode {
  name: string;
  role: string;
  kubeletVersion: string;
  components: { component: string; pod: string; source: string }[];
}

describe('cluster-anatomy on real clusters', function () {
  this.timeout(300_000);

  before(() => assert.ok(existsSync(cli), `${cli} is missing: run npm run build first`));

  it('tree --json: every node and kube-system Pod that kubectl lists, with the versions the nodes report', async () => {
    const cluster = await realCluster('kind');
    const anatomy = JSON.parse(runCli(cluster, ['tree', '--json']));
    assert.equal(anatomy.context, 'kind');
    assert.equal(anatomy.serverVersion, 'v1.20.2');
    const nodes = JSON.parse(execFileSync('kubectl', ['get', 'nodes', '-o', 'json'], { env: cluster.env, encoding: 'utf8' })).items;
    const pods = JSON.parse(
      execFileSync('kubectl', ['get', 'pods', '-n', 'kube-system', '-o', 'json'], { env: cluster.env, encoding: 'utf8' }),
    ).items;
    assert.deepEqual(
      anatomy.nodes.map((n: ContractNode) => n.name).sort(),
      nodes.map((n: { metadata: { name: string } }) => n.metadata.name).sort(),
    );
    for (const node of anatomy.nodes as ContractNode[]) {
      const fromKubectl = nodes.find((n: { metadata: { name: string } }) => n.metadata.name === node.name);
      assert.equal(node.kubeletVersion, fromKubectl.status.nodeInfo.kubeletVersion);
      assert.deepEqual(
        node.components.map((c) => c.pod).sort(),
        pods
          .filter((p: { spec: { nodeName?: string } }) => p.spec.nodeName === node.name)
          .map((p: { metadata: { name: string } }) => p.metadata.name)
          .sort(),
      );
    }
  });

  it('tree --markdown keeps rows for kube-proxy and the network plugin when they are embedded or replaced', async () => {
    const k3s = runCli(await realCluster('k3s'), ['tree', '--markdown']);
    assert.match(k3s, /^\|[^\n]*kube-proxy[^\n]*embedded/im);
    assert.match(k3s, /^\|[^\n]*flannel[^\n]*embedded/im);
    const old = runCli(await realCluster('old-master'), ['tree', '--markdown']);
    assert.match(old, /^\|[^\n]*kube-proxy[^\n]*replaced[^\n]*Cilium/im);
  });

  it('diagram --svg: the hub and one box per node, drawn from the real cluster', async () => {
    const cluster = await realCluster('kind');
    const svg = runCli(cluster, ['diagram', '--svg', '-']);
    assert.match(svg, /^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    assert.match(svg, /data-component="kube-apiserver"/);
    for (const node of cluster.shape.nodes) assert.match(svg, new RegExp(`data-node="${node.name}"`));
    const placement = runCli(cluster, ['diagram', '--svg', '-', '--view', 'placement']);
    for (const pod of JSON.parse(
      execFileSync('kubectl', ['get', 'pods', '-n', 'kube-system', '-o', 'json'], { env: cluster.env, encoding: 'utf8' }),
    ).items) {
      assert.ok(placement.includes(pod.metadata.name), `${pod.metadata.name} in the placement view`);
    }
  });

  it('an unreachable context prints the error and exits 1, never an empty or hosted-looking cluster', async () => {
    const cluster = await realCluster('kind');
    // The admin kubeconfig with its server moved to a loopback port nothing listens on.
    const closedPort = await freePort();
    const file = join(cluster.controlPlane.dir, 'unreachable.kubeconfig');
    writeFileSync(
      file,
      readFileSync(cluster.kubeconfigPath, 'utf8').replace(cluster.controlPlane.server, `https://127.0.0.1:${closedPort}`),
    );
    for (const args of [['tree'], ['tree', '--markdown'], ['tree', '--json'], ['diagram', '--svg', '-']]) {
      const down = spawnSync(process.execPath, [cli, ...args, '--kubeconfig', file], { env: cluster.env, encoding: 'utf8' });
      assert.equal(down.status, 1, `${args.join(' ')}: ${down.stdout}`);
      assert.match(down.stderr, /ECONNREFUSED|reach/i);
      assert.doesNotMatch(down.stdout + down.stderr, /managed by the provider|0 workers|<svg/i);
    }
  });
});
