// The trace of a Service against the real control plane (v1.20.2): the real EndpointSlice controller of
// kube-controller-manager writes the slices (discovery.k8s.io/v1beta1 on 1.20: `topology` instead of nodeName,
// only `ready` of the conditions), the test's node agent makes the Pods Ready as kubelet would. The trace's
// endpoint steps must be what `kubectl get endpointslices -o json` shows.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { WatchHub } from '../../../src/core/kube/watchHub';
import { renderTraceText, stepText } from '../../../src/core/trace/render';
import type { Trace } from '../../../src/core/trace/timeline';
import { readTrace, TraceSession } from '../../../src/core/trace/traceSession';
import { realCluster } from '../support/realClusters';
import { makeRbacUser, role, roleBinding, runKubectl } from '../support/rbacUsers';
import { kubectlAsync } from '../../support/traceScenario';
import { until } from '../../support/until';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const namespace = 'default';
const name = 'eps-web';
const manifest = `apiVersion: v1
kind: Service
metadata: {name: ${name}, namespace: ${namespace}}
spec:
  selector: {app: ${name}}
  ports: [{port: 80, targetPort: 8080}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: ${namespace}}
spec:
  replicas: 3
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      terminationGracePeriodSeconds: 0
      containers: [{name: web, image: registry.k8s.io/pause:3.10.1}]
`;

/** What kubectl shows of the Service's slices: each endpoint's Pod, node, address and ready. */
async function slicesByKubectl(cluster: Parameters<typeof kubectlAsync>[0]) {
  const list = JSON.parse(
    await kubectlAsync(cluster, [
      'get',
      'endpointslices',
      '-n',
      namespace,
      '-l',
      `kubernetes.io/service-name=${name}`,
      '-o',
      'json',
      '--show-managed-fields',
    ]),
  ) as { items: Loose[] };
  return list.items;
}

const endpointRows = (slices: readonly Loose[]) =>
  slices
    .flatMap((slice) =>
      (slice.endpoints ?? []).map((endpoint: Loose) => [
        endpoint.targetRef?.name,
        endpoint.nodeName ?? endpoint.topology?.['kubernetes.io/hostname'],
        endpoint.addresses[0],
        endpoint.conditions?.ready,
      ]),
    )
    .sort();

describe('the trace of a Service on the real control plane', function () {
  this.timeout(400_000);

  it("follows the real EndpointSlice controller live as the node agent makes the Pods Ready, and agrees with kubectl's slices", async () => {
    const cluster = await realCluster('kind');
    const config = new KubeConfig();
    config.loadFromFile(cluster.kubeconfigPath);
    const hub = new WatchHub(config);
    const session = new TraceSession({ hub, target: { kind: 'Service', namespace, name }, throttleMs: 50 });
    try {
      await session.start();
      assert.equal(session.state, 'live', session.error);
      await kubectlAsync(cluster, ['apply', '-f', '-'], manifest);
      const readyTrace = await until(
        'three endpoints ready in the trace',
        () => {
          const trace = session.flush();
          return trace.counts.endpoints?.ready === 3 && trace.steps.filter((step) => step.kind === 'endpoint-ready').length === 3 && trace;
        },
        150_000,
        500,
      );
      if (process.env.TRACE_PRINT) process.stdout.write(renderTraceText(readyTrace, { evidence: true }));
      const version = JSON.parse(await kubectlAsync(cluster, ['version', '-o', 'json'])).serverVersion as { minor: string };
      // 1.20 serves EndpointSlice as v1beta1 only; v1 from 1.21.
      const expectedApi = Number.parseInt(version.minor, 10) >= 21 ? 'discovery.k8s.io/v1' : 'discovery.k8s.io/v1beta1';
      assert.equal(readyTrace.endpointSliceApi, expectedApi);

      const slices = await slicesByKubectl(cluster);
      assert.equal(slices[0]!.apiVersion, expectedApi);
      assert.equal(slices[0]!.metadata.labels['endpointslice.kubernetes.io/managed-by'], 'endpointslice-controller.k8s.io');
      const created = readyTrace.steps.filter((step) => step.kind === 'slice-created');
      assert.deepEqual(
        created.map((step) => [step.object.name, step.component, step.actor]),
        slices.map((slice) => [slice.metadata.name, 'kube-controller-manager', 'endpointslice-controller']),
      );
      const ready = readyTrace.steps.filter((step) => step.kind === 'endpoint-ready');
      assert.deepEqual(
        ready.map((step) => [step.endpoint!.targetName, step.node, step.endpoint!.addresses[0], true]).sort(),
        endpointRows(slices),
      );
      for (const step of ready) {
        assert.deepEqual([step.component, step.actor], ['kube-controller-manager', 'endpointslice-controller']);
        // The node agent writes the Pod's status as kubelet, with kubelet's field manager.
        assert.equal(step.endpoint!.podReadyBy, 'kubelet');
        assert.equal(step.endpoint!.notAfter, null, 'seen by the watch: timed by the write');
        const podReady = readyTrace.steps.findIndex(
          (candidate) => candidate.kind === 'ready' && candidate.object.name === step.endpoint!.targetName,
        );
        assert.ok(podReady !== -1 && podReady < readyTrace.steps.indexOf(step), `kubelet's Ready of ${step.endpoint!.targetName} first`);
        assert.ok(step.time >= readyTrace.steps[podReady]!.time);
        assert.match(stepText(step), /: kubelet made the Pod Ready$/);
      }

      // Scaled down: the real controller removes the deleted Pods' endpoints (1.20 keeps no terminating ones).
      const before = new Set(ready.map((step) => step.endpoint!.targetName));
      await kubectlAsync(cluster, ['scale', `deployment/${name}`, '-n', namespace, '--replicas=1']);
      const scaledTrace = await until(
        'two endpoints removed in the trace',
        () => {
          const trace = session.flush();
          return trace.counts.endpoints?.total === 1 && trace.steps.filter((step) => step.kind === 'endpoint-removed').length >= 2 && trace;
        },
        150_000,
        500,
      );
      const now = await until('kubectl shows one endpoint', async () => {
        const current = await slicesByKubectl(cluster);
        return endpointRows(current).length === 1 && current;
      });
      const remaining = endpointRows(now)[0]![0] as string;
      const removed = scaledTrace.steps.filter((step) => step.kind === 'endpoint-removed').map((step) => step.endpoint!.targetName);
      assert.deepEqual(removed.sort(), [...before].filter((pod) => pod !== remaining).sort());

      // Read afterwards: what the slice holds now, with the times it records, honest about the ones it does not.
      const afterwards: Trace = await readTrace(config, { kind: 'Service', namespace, name });
      const left = afterwards.steps.filter((step) => step.endpoint);
      assert.deepEqual(
        left.map((step) => [step.kind, step.endpoint!.targetName, step.node]),
        [['endpoint-ready', remaining, endpointRows(now)[0]![1]]],
      );
      // The slice was written after its creation: no time per endpoint, its last write the latest it can have been.
      const lastWrite = now[0]!.metadata.managedFields
        .map((entry: Loose) => entry.time as string)
        .sort()
        .at(-1);
      assert.equal(left[0]!.endpoint!.notAfter, lastWrite);
      assert.match(stepText(left[0]!), /the slice keeps no time per endpoint: by \S+ at the latest/);
    } finally {
      session.dispose();
      hub.dispose();
      await kubectlAsync(cluster, ['delete', `deployment/${name}`, `service/${name}`, '-n', namespace, '--wait=false']);
    }
  });

  it('a user who may read the Service but not its EndpointSlices gets the trace and the line saying what could not be read', async () => {
    const cluster = await realCluster('kind');
    const scratch = mkdtempSync(join(tmpdir(), 'ca-eps-'));
    const userNamespace = 'eps-limited';
    try {
      const grants = [
        role(userNamespace, 'service-reader', [
          { apiGroups: [''], resources: ['services', 'pods', 'events'], verbs: ['get', 'list', 'watch'] },
        ]),
        roleBinding(userNamespace, 'service-reader', { kind: 'Role', name: 'service-reader' }, 'viewer'),
      ];
      const user = await makeRbacUser(cluster, scratch, { namespace: userNamespace, account: 'viewer', grants });
      await kubectlAsync(cluster, ['create', 'service', 'clusterip', 'shop', '--tcp=80:8080', '-n', userNamespace]);
      const config = new KubeConfig();
      config.loadFromFile(user.kubeconfigPath);
      const trace = await readTrace(config, { kind: 'Service', namespace: userNamespace, name: 'shop' });
      assert.ok(trace.root, 'the Service is read');
      assert.equal(trace.counts.endpoints, undefined, 'not read is not zero');
      const hidden = trace.hidden?.[0];
      assert.ok(hidden, JSON.stringify(trace));
      const line = `kubectl auth can-i list endpointslices.discovery.k8s.io -n ${userNamespace}`;
      assert.ok(
        hidden.needs.some((need) => need.canI === line && need.verdict === 'denied'),
        JSON.stringify(hidden.needs),
      );
      // Real kubectl agrees: the user may not.
      const canI = await runKubectl(user.env, ['auth', 'can-i', 'list', 'endpointslices.discovery.k8s.io', '-n', userNamespace]);
      assert.equal(canI.stdout.trim(), 'no');
      const text = renderTraceText(trace, { context: user.context });
      assert.match(
        text,
        new RegExp(`EndpointSlices in ${userNamespace}: hidden from you — needs list endpointslices\\.discovery\\.k8s\\.io`),
      );
      assert.ok(text.includes(`Check: ${line} --context ${user.context}`), text);
    } finally {
      await kubectlAsync(cluster, ['delete', 'namespace', userNamespace, '--wait=false']);
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
