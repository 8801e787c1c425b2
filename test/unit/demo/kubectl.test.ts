import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { parse } from 'yaml';
import { kubectlOrSkip, kubectlPath, kubectlTable as table, runKubectl, startDemo, type RunningDemo } from '../../support/demo';

describe("demo cluster with real kubectl: the article's hands-on", function () {
  let demo: RunningDemo;
  const controlPlane = 'multi-node-control-plane';

  const kubectl = (...args: string[]) => runKubectl(demo, args);
  const ok = async (...args: string[]) => {
    const result = await kubectl(...args);
    assert.equal(result.code, 0, `kubectl ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  };

  before(async function () {
    kubectlOrSkip(this);
    demo = await startDemo({ timeScale: 20, leaseRenewSeconds: 0.2 });
  });
  after(async () => {
    await demo?.stop();
  });

  it('get nodes: three Ready nodes on v1.37.0, the control plane with ROLES control-plane', async () => {
    const rows = table(await ok('get', 'nodes'));
    assert.deepEqual(
      rows.map((row) => row.NAME),
      [controlPlane, 'multi-node-worker', 'multi-node-worker2'],
    );
    assert.ok(rows.every((row) => row.STATUS === 'Ready' && row.VERSION === 'v1.37.0'));
    assert.deepEqual(
      rows.map((row) => row.ROLES),
      ['control-plane', '<none>', '<none>'],
    );
  });

  it('get nodes -o wide: internal IPs, OS image and containerd', async () => {
    const rows = table(await ok('get', 'nodes', '-o', 'wide'));
    assert.equal(rows.length, 3);
    for (const row of rows) {
      assert.match(row['INTERNAL-IP']!, /^172\.18\.0\.\d+$/);
      assert.match(row['CONTAINER-RUNTIME']!, /^containerd:\/\//);
      assert.equal(row['EXTERNAL-IP'], '<none>');
    }
  });

  it('get nodes -l node-role.kubernetes.io/control-plane: only the control-plane node', async () => {
    const rows = table(await ok('get', 'nodes', '-l', 'node-role.kubernetes.io/control-plane'));
    assert.deepEqual(
      rows.map((row) => row.NAME),
      [controlPlane],
    );
  });

  it('get pods -n kube-system -o wide: four static Pods on the control plane, kube-proxy and kindnet on every node', async () => {
    const rows = table(await ok('get', 'pods', '-n', 'kube-system', '-o', 'wide'));
    for (const component of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
      const matching = rows.filter((row) => row.NAME!.startsWith(`${component}-`));
      assert.equal(matching.length, 1, component);
      assert.equal(matching[0]!.NAME, `${component}-${controlPlane}`);
      assert.equal(matching[0]!.NODE, controlPlane);
      assert.equal(matching[0]!.IP, '172.18.0.3', 'static Pods use the host network');
    }
    for (const daemon of ['kube-proxy', 'kindnet']) {
      const matching = rows.filter((row) => new RegExp(`^${daemon}-[a-z0-9]{5}$`).test(row.NAME!));
      assert.deepEqual(matching.map((row) => row.NODE).sort(), [controlPlane, 'multi-node-worker', 'multi-node-worker2']);
    }
    assert.equal(rows.filter((row) => row.NAME!.startsWith('coredns-')).length, 2);
    assert.ok(!rows.some((row) => /kubelet|containerd/.test(row.NAME!)), 'kubelet and the runtime are not Pods');
    assert.ok(rows.every((row) => row.STATUS === 'Running' && row.READY === '1/1'));
  });

  it('get pods -A: local-path-provisioner runs in local-path-storage', async () => {
    const rows = table(await ok('get', 'pods', '-A'));
    assert.ok(rows.some((row) => row.NAMESPACE === 'local-path-storage' && row.NAME!.startsWith('local-path-provisioner-')));
    assert.equal(rows.filter((row) => row.NAMESPACE === 'kube-system').length, 12);
  });

  it('get statefulsets,jobs,csr -A: the kinds the product reads are served (kind has none of them)', async () => {
    const result = await kubectl('get', 'statefulsets,jobs,csr', '-A');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^No resources found\n?$/);
    assert.equal((await kubectl('get', 'sts,job', '-n', 'team', '-o', 'wide')).code, 0);
  });

  it('get pods -l tier=control-plane: exactly the four static Pods', async () => {
    const rows = table(await ok('get', 'pods', '-n', 'kube-system', '-l', 'tier=control-plane', '-o', 'wide'));
    assert.deepEqual(
      rows.map((row) => row.NAME).sort(),
      ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((name) => `${name}-${controlPlane}`),
    );
  });

  it('describe pod kube-apiserver-…: mirror annotation, component and tier labels, owned by the Node', async () => {
    const text = await ok('describe', 'pod', `kube-apiserver-${controlPlane}`, '-n', 'kube-system');
    assert.match(text, /Labels:\s+component=kube-apiserver\n\s+tier=control-plane/);
    assert.match(text, /kubernetes\.io\/config\.mirror: [0-9a-f]{32}/);
    assert.match(text, /kubeadm\.kubernetes\.io\/kube-apiserver\.advertise-address\.endpoint: 172\.18\.0\.3:6443/);
    assert.match(text, /Priority Class Name:\s+system-node-critical/);
    assert.match(text, new RegExp(`Controlled By:\\s+Node/${controlPlane}`));
    assert.match(text, /--advertise-address=172\.18\.0\.3/);
  });

  it('get daemonsets,deployments: kube-proxy and kindnet 3/3, coredns 2/2', async () => {
    const output = await ok('get', 'daemonsets,deployments', '-n', 'kube-system');
    const [daemonSets, deployments] = output.split(/\n\s*\n/);
    const dsRows = table(daemonSets!);
    assert.deepEqual(dsRows.map((row) => row.NAME).sort(), ['daemonset.apps/kindnet', 'daemonset.apps/kube-proxy']);
    assert.ok(dsRows.every((row) => row.DESIRED === '3' && row.READY === '3' && row['NODE SELECTOR'] === 'kubernetes.io/os=linux'));
    const deployRows = table(deployments!);
    assert.deepEqual(
      deployRows.map((row) => [row.NAME, row.READY]),
      [['deployment.apps/coredns', '2/2']],
    );
  });

  it('get services -n kube-system: kube-dns on 10.96.0.10 with DNS and metrics ports', async () => {
    const rows = table(await ok('get', 'services', '-n', 'kube-system'));
    assert.deepEqual(
      rows.map((row) => [row.NAME, row.TYPE, row['CLUSTER-IP'], row['PORT(S)']]),
      [['kube-dns', 'ClusterIP', '10.96.0.10', '53/UDP,53/TCP,9153/TCP']],
    );
  });

  it('describe node: kubelet and containerd versions from the node info', async () => {
    const text = await ok('describe', 'node', 'multi-node-worker');
    assert.match(text, /Container Runtime Version:\s+containerd:\/\/\d/);
    assert.match(text, /Kubelet Version:\s+v1\.37\.0/);
    assert.match(text, /Lease:\n\s+HolderIdentity:\s+multi-node-worker/);
    assert.match(text, /Ready\s+True/);
    assert.match(text, /kube-system\s+kube-proxy-/);
  });

  it('get leases -n kube-node-lease: one Lease per node', async () => {
    const rows = table(await ok('get', 'leases', '-n', 'kube-node-lease'));
    assert.deepEqual(
      rows.map((row) => [row.NAME, row.HOLDER]),
      [controlPlane, 'multi-node-worker', 'multi-node-worker2'].map((name) => [name, name]),
    );
  });

  it('get lease <node> -o yaml twice: spec.renewTime advances', async () => {
    const first = parse(await ok('get', 'lease', 'multi-node-worker', '-n', 'kube-node-lease', '-o', 'yaml'));
    assert.equal(first.spec.holderIdentity, 'multi-node-worker');
    assert.equal(first.spec.leaseDurationSeconds, 40);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const second = parse(await ok('get', 'lease', 'multi-node-worker', '-n', 'kube-node-lease', '-o', 'yaml'));
    assert.ok(
      Date.parse(second.spec.renewTime) > Date.parse(first.spec.renewTime),
      `${second.spec.renewTime} after ${first.spec.renewTime}`,
    );
    assert.ok(Number(second.metadata.resourceVersion) > Number(first.metadata.resourceVersion));
  });

  it('delete pod coredns-…: the ReplicaSet controller replaces it, the scheduler binds it, kubelet starts it', async () => {
    const before = table(await ok('get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-dns'));
    const victim = before[0]!.NAME!;
    const output = await ok('delete', 'pod', victim, '-n', 'kube-system');
    assert.match(output, new RegExp(`pod "${victim}" deleted`));
    let after: Record<string, string>[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      after = table(await ok('get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-dns'));
      if (after.length === 2 && after.every((row) => row.STATUS === 'Running' && row.NAME !== victim)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(after.length, 2);
    const replacement = after.find((row) => !before.some((old) => old.NAME === row.NAME));
    assert.ok(replacement, 'a new coredns Pod');
    assert.equal(replacement.STATUS, 'Running');
    const events = await ok('get', 'events', '-n', 'kube-system', '--field-selector', `involvedObject.name=${replacement.NAME}`);
    for (const reason of ['Scheduled', 'Pulled', 'Created', 'Started']) assert.match(events, new RegExp(`\\s${reason}\\s`), reason);
    const rsEvents = await ok('get', 'events', '-n', 'kube-system', '--field-selector', 'reason=SuccessfulCreate');
    assert.match(rsEvents, new RegExp(`Created pod: ${replacement.NAME}`));
    const killing = await ok('get', 'events', '-n', 'kube-system', '--field-selector', `involvedObject.name=${victim},reason=Killing`);
    assert.match(killing, /Stopping container coredns/);
  });

  it('delete pod of a mirror Pod: kubelet publishes it again under the same name', async () => {
    const name = `kube-scheduler-${controlPlane}`;
    const uidBefore = (await ok('get', 'pod', name, '-n', 'kube-system', '-o', 'jsonpath={.metadata.uid}')).trim();
    await ok('delete', 'pod', name, '-n', 'kube-system');
    let uidAfter = '';
    for (let attempt = 0; attempt < 50 && (uidAfter === '' || uidAfter === uidBefore); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const result = await kubectl('get', 'pod', name, '-n', 'kube-system', '-o', 'jsonpath={.metadata.uid}');
      uidAfter = result.code === 0 ? result.stdout.trim() : '';
    }
    assert.ok(uidAfter && uidAfter !== uidBefore, 'recreated with a new uid');
    const yamlText = parse(await ok('get', 'pod', name, '-n', 'kube-system', '-o', 'yaml'));
    assert.ok(yamlText.metadata.annotations['kubernetes.io/config.mirror']);
  });

  it('get pods --watch: prints the deletion and the replacement as they happen', async () => {
    const child = spawn(
      kubectlPath!,
      ['get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-proxy', '--watch', '--context', 'kind-multi-node'],
      { env: demo.env },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const waitFor = async (predicate: () => boolean, what: string) => {
        for (let attempt = 0; attempt < 100 && !predicate(); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
        assert.ok(predicate(), `${what}; got:\n${output}`);
      };
      await waitFor(() => table(output).length >= 3, 'the initial list');
      const initial = table(output).map((row) => row.NAME!);
      demo.cluster.control.deletePod('kube-system', initial[0]!);
      await waitFor(() => table(output).some((row) => row.NAME === initial[0] && row.STATUS === 'Terminating'), 'the Terminating line');
      await waitFor(
        () => table(output).some((row) => !initial.includes(row.NAME!) && row.STATUS === 'Running'),
        'the new DaemonSet Pod running',
      );
    } finally {
      child.kill();
    }
  });

  it('scale deployment and patch: the ReplicaSet follows and a third coredns Pod runs', async () => {
    await ok('scale', 'deployment', 'coredns', '-n', 'kube-system', '--replicas=3');
    let rows: Record<string, string>[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      rows = table(await ok('get', 'deployment', 'coredns', '-n', 'kube-system'));
      if (rows[0]?.READY === '3/3') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(rows[0]?.READY, '3/3');
    await ok('patch', 'deployment', 'coredns', '-n', 'kube-system', '--type=merge', '-p', '{"spec":{"replicas":2}}');
    for (let attempt = 0; attempt < 50; attempt++) {
      rows = table(await ok('get', 'deployment', 'coredns', '-n', 'kube-system'));
      if (rows[0]?.READY === '2/2') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(rows[0]?.READY, '2/2');
    const events = await ok('get', 'events', '-n', 'kube-system', '--field-selector', 'reason=ScalingReplicaSet');
    assert.match(events, /Scaled up replica set coredns-\w+ from 2 to 3/);
    assert.match(events, /Scaled down replica set coredns-\w+ from 3 to 2/);
  });

  it('a forbidden resource: kubectl prints the RBAC message', async () => {
    demo.cluster.control.forbid('pods', 'kube-system');
    try {
      const result = await kubectl('get', 'pods', '-n', 'kube-system');
      assert.notEqual(result.code, 0);
      assert.match(
        result.stderr,
        /Error from server \(Forbidden\): pods is forbidden: User "kubernetes-admin" cannot list resource "pods" in API group "" in the namespace "kube-system"/,
      );
    } finally {
      demo.cluster.control.allow('pods', 'kube-system');
    }
  });

  it('an unsupported write: kubectl reports MethodNotAllowed', async () => {
    const result = await kubectl('delete', 'node', 'multi-node-worker2');
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /MethodNotAllowed|does not allow this method/);
  });

  it("explain: kubectl reads the demo's OpenAPI (v3) and prints Kubernetes' own description of a field", async () => {
    const nodeName = await ok('explain', 'pods.spec.nodeName');
    assert.match(nodeName, /FIELD: *nodeName <string>/);
    assert.match(nodeName, /NodeName indicates in which node this pod is scheduled\./);
    const replicas = await ok('explain', 'deployments.spec.replicas');
    assert.match(replicas, /<integer>/);
    assert.match(replicas, /Number of desired pods\./);
    const lease = await ok('explain', 'leases.spec.renewTime');
    assert.match(lease, /renewTime/);
  });
});
