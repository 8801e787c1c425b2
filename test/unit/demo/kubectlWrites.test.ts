import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { kubectlOrSkip, kubectlTable as table, runKubectl, startDemo, type RunningDemo } from '../../support/demo';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function deploymentYaml(
  name: string,
  options: { replicas?: number; image?: string; namespace?: string; templateApp?: string; extraContainerField?: string } = {},
): string {
  return [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    ...(options.namespace ? [`  namespace: ${options.namespace}`] : []),
    'spec:',
    `  replicas: ${options.replicas ?? 3}`,
    '  selector:',
    '    matchLabels:',
    `      app: ${name}`,
    '  template:',
    '    metadata:',
    '      labels:',
    `        app: ${options.templateApp ?? name}`,
    '    spec:',
    '      containers:',
    '      - name: nginx',
    `        image: ${options.image ?? 'nginx:1.27'}`,
    ...(options.extraContainerField ? [`        ${options.extraContainerField}`] : []),
    '        ports:',
    '        - containerPort: 80',
    '',
  ].join('\n');
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('demo cluster with real kubectl: writes as to a real API server', function () {
  this.timeout(90_000);
  let demo: RunningDemo;
  let manifest = 0;

  const kubectl = (...args: string[]) => runKubectl(demo, args);
  const ok = async (...args: string[]) => {
    const result = await kubectl(...args);
    assert.equal(result.code, 0, `kubectl ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  };
  const file = (text: string) => {
    const path = join(demo.directory, `manifest-${++manifest}.yaml`);
    writeFileSync(path, text);
    return path;
  };
  const getJson = async (...args: string[]): Promise<Loose> =>
    JSON.parse(await ok('get', ...args, '-o', 'json', '--show-managed-fields')) as Loose;
  const managers = (object: Loose) =>
    (object.metadata.managedFields as Loose[]).map(
      (entry) => `${entry.manager}/${entry.operation}${entry.subresource ? `/${entry.subresource}` : ''}`,
    );

  before(async function () {
    kubectlOrSkip(this);
    demo = await startDemo({ timeScale: 20, leaseRenewSeconds: 0.2 });
  });
  after(async () => {
    await demo?.stop();
  });

  it('apply -f (validation on) creates a Deployment that rolls out to Ready Pods on nodes, written by the controllers, scheduler and kubelet', async () => {
    const output = await ok('apply', '-f', file(deploymentYaml('web')));
    assert.match(output, /deployment\.apps\/web created/);
    const pods = await until(async () => {
      const list = await getJson('pods', '-l', 'app=web');
      const items = list.items as Loose[];
      return items.length === 3 && items.every((pod) => pod.status.phase === 'Running' && pod.spec.nodeName) ? items : undefined;
    });
    for (const pod of pods) {
      assert.ok(['multi-node-worker', 'multi-node-worker2'].includes(pod.spec.nodeName), pod.spec.nodeName);
      assert.deepEqual(managers(pod), ['kube-controller-manager/Update', 'kube-scheduler/Update/binding', 'kubelet/Update/status']);
      assert.ok((pod.metadata.managedFields as Loose[])[1].fieldsV1['f:spec']['f:nodeName'], 'the binding owns spec.nodeName');
    }
    const replicaSets = (await getJson('replicasets', '-l', 'app=web')).items as Loose[];
    assert.equal(replicaSets.length, 1);
    assert.deepEqual(managers(replicaSets[0]!), ['kube-controller-manager/Update', 'kube-controller-manager/Update/status']);
    const deployment = await getJson('deployment', 'web');
    assert.equal(deployment.status.readyReplicas, 3);
    assert.deepEqual(managers(deployment)[0], 'kubectl-client-side-apply/Update');
    const events = (await getJson('events', '--field-selector', `involvedObject.name=${pods[0]!.metadata.name}`)).items as Loose[];
    const scheduled = events.find((event) => event.reason === 'Scheduled')!;
    assert.equal(scheduled.reportingComponent, 'default-scheduler');
    assert.equal(scheduled.action, 'Binding');
    assert.ok(scheduled.eventTime, 'events.k8s.io events carry eventTime');
    assert.ok(events.some((event) => event.reason === 'Started' && event.source.component === 'kubelet'));
  });

  it('apply --dry-run=server -o yaml shows the defaults admission filled in and stores nothing', async () => {
    const output = await ok('apply', '--dry-run=server', '-o', 'yaml', '-f', file(deploymentYaml('preview', { image: 'nginx' })));
    const preview = parse(output) as Loose;
    assert.equal(preview.spec.revisionHistoryLimit, 10);
    assert.equal(preview.spec.progressDeadlineSeconds, 600);
    assert.deepEqual(preview.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } });
    const podSpec = preview.spec.template.spec;
    assert.equal(podSpec.restartPolicy, 'Always');
    assert.equal(podSpec.dnsPolicy, 'ClusterFirst');
    assert.equal(podSpec.schedulerName, 'default-scheduler');
    assert.equal(podSpec.terminationGracePeriodSeconds, 30);
    assert.equal(podSpec.containers[0].imagePullPolicy, 'Always', 'no tag means :latest');
    assert.equal(podSpec.containers[0].terminationMessagePath, '/dev/termination-log');
    assert.equal(podSpec.containers[0].ports[0].protocol, 'TCP');
    const missing = await kubectl('get', 'deployment', 'preview');
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /deployments\.apps "preview" not found/);
  });

  it('scale records kubectl as the manager of spec.replicas through the scale subresource; rollout restart rolls step by step', async () => {
    await ok('scale', 'deployment/web', '--replicas=4');
    const scaled = await getJson('deployment', 'web');
    const entry = (scaled.metadata.managedFields as Loose[]).find(
      (candidate) => candidate.manager === 'kubectl' && candidate.subresource === 'scale',
    );
    assert.ok(entry, managers(scaled).join(', '));
    assert.deepEqual(entry.fieldsV1, { 'f:spec': { 'f:replicas': {} } });
    await until(async () => ((await getJson('deployment', 'web')).status.readyReplicas === 4 ? true : undefined));

    await ok('rollout', 'restart', 'deployment/web');
    await until(async () => {
      const replicaSets = (await getJson('replicasets', '-l', 'app=web')).items as Loose[];
      return replicaSets.length === 2 &&
        replicaSets.some((rs) => rs.spec.replicas === 4 && rs.status.readyReplicas === 4) &&
        replicaSets.some((rs) => rs.spec.replicas === 0)
        ? true
        : undefined;
    }, 30_000);
    const events = ((await getJson('events', '--field-selector', 'involvedObject.name=web,reason=ScalingReplicaSet')).items as Loose[])
      .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
      .map((event) => event.message as string)
      .filter((message) => !/from 0 to 3$|from 3 to 4$/.test(message));
    // 4 replicas, 25%: maxSurge 1, maxUnavailable 1: up by one (or two), down, up, down … never all at once.
    assert.match(events[0]!, /^Scaled up replica set web-\w+ from 0 to [12]$/);
    assert.ok(events.length >= 4, events.join('\n'));
    assert.ok(
      events.some((message) => /^Scaled down replica set web-\w+ from 4 to [23]$/.test(message)),
      events.join('\n'),
    );
    assert.match(events[events.length - 1]!, /to 0$|from \d to 4$/);
    const ups = events.filter((message) => message.includes('up')).length;
    const downs = events.filter((message) => message.includes('down')).length;
    assert.ok(ups >= 2 && downs >= 2, events.join('\n'));
    const source = ((await getJson('events', '--field-selector', 'involvedObject.name=web,reason=ScalingReplicaSet')).items as Loose[])[0]!;
    assert.equal(source.source.component, 'deployment-controller');
    assert.equal(source.reportingComponent, 'deployment-controller');
  });

  it('apply --server-side: a conflict with the client-side applier names manager and field; --force-conflicts takes it', async () => {
    const path = file(deploymentYaml('web', { replicas: 2 }));
    const conflict = await kubectl('apply', '--server-side', '-f', path);
    assert.notEqual(conflict.code, 0);
    assert.match(
      conflict.stderr,
      /Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps\/v1: \.spec\.replicas/,
    );
    const forced = await ok('apply', '--server-side', '--force-conflicts', '-f', path);
    assert.match(forced, /deployment\.apps\/web serverside-applied/);
    const deployment = await getJson('deployment', 'web');
    assert.equal(deployment.spec.replicas, 2);
    assert.ok(managers(deployment).includes('kubectl/Apply'), managers(deployment).join(', '));
    assert.ok(!managers(deployment).includes('kubectl/Update/scale'), 'the forced apply took spec.replicas');

    await ok('apply', '--server-side', '-f', file(deploymentYaml('ssa-new', { replicas: 1 })));
    const created = await getJson('deployment', 'ssa-new');
    assert.deepEqual(managers(created)[0], 'kubectl/Apply');
    const clientSide = await ok('apply', '-f', file(deploymentYaml('csa', { replicas: 1 })));
    assert.match(clientSide, /created/);
    const conflictWithClientSide = await kubectl('apply', '--server-side', '-f', file(deploymentYaml('csa', { replicas: 2 })));
    assert.match(
      conflictWithClientSide.stderr,
      /Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps\/v1: \.spec\.replicas/,
    );
  });

  it('diff shows what an apply would change, and create -f / delete work', async () => {
    const diff = await kubectl('diff', '-f', file(deploymentYaml('web', { replicas: 2, image: 'nginx:1.28' })));
    assert.equal(diff.code, 1, diff.stderr);
    assert.match(diff.stdout, /-\s+- image: nginx:1\.27\n\+\s+- image: nginx:1\.28/);
    assert.match(await ok('create', '-f', file(deploymentYaml('made', { replicas: 1 }))), /deployment\.apps\/made created/);
    const again = await kubectl('create', '-f', file(deploymentYaml('made', { replicas: 1 })));
    assert.match(again.stderr, /deployments\.apps "made" already exists/);
    await until(async () => (((await getJson('pods', '-l', 'app=made')).items as Loose[]).length === 1 ? true : undefined));
    assert.match(await ok('delete', 'deployment', 'made'), /deployment\.apps "made" deleted/);
    await until(async () => (((await getJson('replicasets,pods', '-l', 'app=made')).items as Loose[]).length === 0 ? true : undefined));
  });

  it('a namespace with a ConfigMap, a Service, a DaemonSet and a bare Pod; deleting it deletes them', async () => {
    const objects = [
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ops',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: ops\ndata:\n  mode: fast',
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: agent\n  namespace: ops\nspec:\n  selector:\n    app: agent\n  ports:\n  - port: 80',
      'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n  namespace: ops\nspec:\n  selector:\n    matchLabels:\n      app: agent\n  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n      - name: agent\n        image: busybox:1.36',
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: solo\n  namespace: ops\nspec:\n  containers:\n  - name: solo\n    image: busybox',
    ].join('\n---\n');
    const output = await ok('apply', '-f', file(objects));
    for (const created of ['namespace/ops', 'configmap/settings', 'service/agent', 'daemonset.apps/agent', 'pod/solo'])
      assert.match(output, new RegExp(`${created.replace('.', '\\.')} created`));
    const service = await getJson('service', 'agent', '-n', 'ops');
    assert.match(service.spec.clusterIP, /^10\.96\.\d+\.\d+$/);
    assert.deepEqual(service.spec.ports, [{ port: 80, protocol: 'TCP', targetPort: 80 }]);
    assert.equal(service.spec.type, 'ClusterIP');
    assert.equal(service.spec.sessionAffinity, 'None');
    const daemonPods = await until(async () => {
      const items = (await getJson('pods', '-n', 'ops', '-l', 'app=agent')).items as Loose[];
      return items.length === 2 && items.every((pod) => pod.status.phase === 'Running') ? items : undefined;
    });
    // The control plane's NoSchedule taint is not tolerated: one Pod on each worker.
    assert.deepEqual(daemonPods.map((pod) => pod.spec.nodeName).sort(), ['multi-node-worker', 'multi-node-worker2']);
    const solo = await until(async () => {
      const pod = await getJson('pod', 'solo', '-n', 'ops');
      return pod.status.phase === 'Running' ? pod : undefined;
    });
    assert.equal(solo.spec.serviceAccountName, 'default');
    assert.ok((solo.spec.volumes as Loose[]).some((volume) => /^kube-api-access-[a-z0-9]{5}$/.test(volume.name)));
    assert.deepEqual(
      (solo.spec.tolerations as Loose[]).map((toleration) => `${toleration.key}:${toleration.tolerationSeconds}`),
      ['node.kubernetes.io/not-ready:300', 'node.kubernetes.io/unreachable:300'],
    );
    assert.deepEqual(managers(solo), ['kubectl-client-side-apply/Update', 'kube-scheduler/Update/binding', 'kubelet/Update/status']);

    await ok('delete', 'namespace', 'ops', '--timeout=30s');
    const gone = await kubectl('get', 'namespace', 'ops');
    assert.match(gone.stderr, /namespaces "ops" not found/);
    const inside = await kubectl('get', 'configmap', 'settings', '-n', 'ops');
    assert.match(inside.stderr, /not found/);
    const write = await kubectl(
      'apply',
      '-f',
      file('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: late\n  namespace: ops\ndata: {}'),
    );
    assert.match(write.stderr, /namespaces "ops" not found/);
  });

  it('an invalid Deployment is 422 naming the field; an unknown field with strict validation is the real error', async () => {
    const invalid = await kubectl('apply', '-f', file(deploymentYaml('broken', { templateApp: 'other' })));
    assert.notEqual(invalid.code, 0);
    assert.match(
      invalid.stderr,
      /The Deployment "broken" is invalid: spec\.template\.metadata\.labels: Invalid value: map\[string\]string\{"app":"other"\}: `selector` does not match template `labels`/,
    );
    const badName = await kubectl('apply', '-f', file(deploymentYaml('Bad_Name')));
    assert.match(badName.stderr, /metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of/);
    const strict = await kubectl('apply', '-f', file(deploymentYaml('strict', { extraContainerField: 'foo: bar' })));
    assert.notEqual(strict.code, 0);
    assert.match(
      strict.stderr,
      /Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec\.template\.spec\.containers\[0\]\.foo"/,
    );
    const warned = await kubectl(
      'apply',
      '--validate=warn',
      '-f',
      file(deploymentYaml('warned', { replicas: 1, extraContainerField: 'foo: bar' })),
    );
    assert.equal(warned.code, 0, warned.stderr);
    assert.match(warned.stderr, /Warning: unknown field "spec\.template\.spec\.containers\[0\]\.foo"/);
    const rows = table(await ok('get', 'deployments'));
    assert.ok(!rows.some((row) => ['broken', 'strict'].includes(row.NAME!)));
  });
});
