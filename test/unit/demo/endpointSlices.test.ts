import * as assert from 'node:assert/strict';
import { useDemo } from '../../support/demo';
import { until } from '../../support/until';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const json = { 'Content-Type': 'application/json' };
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'shop' },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'shop' } },
    template: { metadata: { labels: { app: 'shop' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
  },
};
const service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'shop', labels: { tier: 'front' } },
  spec: { selector: { app: 'shop' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
};

describe("the demo's EndpointSlice controller", function () {
  this.timeout(60_000);
  const { request } = useDemo({ timeScale: 50 });
  const slicesPath = '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dshop';
  const slices = async () => (await request(slicesPath)).json().items as Loose[];
  const pods = async () => (await request('/api/v1/namespaces/default/pods?labelSelector=app%3Dshop')).json().items as Loose[];
  const isReady = (pod: Loose) => pod.status?.conditions?.some((c: Loose) => c.type === 'Ready' && c.status === 'True') === true;

  it("keeps a Service's slice: an endpoint per Pod, ready once its Pod is Ready, terminating as it goes, gone with the Service", async () => {
    assert.equal(
      (await request('/api/v1/namespaces/default/services', { method: 'POST', headers: json, body: JSON.stringify(service) })).status,
      201,
    );
    const created = await until('the slice of Service shop', async () => (await slices())[0]);
    assert.equal(created.metadata.labels['endpointslice.kubernetes.io/managed-by'], 'endpointslice-controller.k8s.io');
    assert.equal(created.metadata.labels.tier, 'front', "the Service's labels are copied");
    assert.equal(created.metadata.ownerReferences[0].kind, 'Service');
    assert.deepEqual(created.ports, [{ name: 'http', port: 8080, protocol: 'TCP' }]);
    assert.deepEqual(created.endpoints, []);

    const post = await request('/apis/apps/v1/namespaces/default/deployments', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(deployment),
    });
    assert.equal(post.status, 201, post.text);
    const readyPods = await until('two Ready Pods', async () => {
      const list = await pods();
      return list.length === 2 && list.every(isReady) && list;
    });
    const slice = await until('both endpoints ready', async () => {
      const [current] = await slices();
      return current?.endpoints.length === 2 && current.endpoints.every((endpoint: Loose) => endpoint.conditions.ready) && current;
    });
    assert.deepEqual(
      slice.endpoints.map((endpoint: Loose) => [endpoint.targetRef.name, endpoint.nodeName, endpoint.addresses[0]]).sort(),
      readyPods.map((pod) => [pod.metadata.name, pod.spec.nodeName, pod.status.podIP]).sort(),
    );
    // Each write re-times the controller's managedFields entry and raises the generation.
    assert.ok(slice.metadata.generation > 1);
    assert.ok(Date.parse(slice.metadata.managedFields[0].time) >= Date.parse(created.metadata.managedFields[0].time));

    const victim = readyPods[0]!.metadata.name as string;
    await request(`/api/v1/namespaces/default/pods/${victim}`, { method: 'DELETE' });
    await until(`${victim} terminating or removed in the slice`, async () => {
      const endpoint = (await slices())[0]?.endpoints.find((candidate: Loose) => candidate.targetRef.name === victim);
      return !endpoint || (endpoint.conditions.terminating === true && endpoint.conditions.ready === false);
    });
    await until(`${victim} removed from the slice`, async () => {
      const [current] = await slices();
      return current && !current.endpoints.some((candidate: Loose) => candidate.targetRef.name === victim);
    });

    await request('/api/v1/namespaces/default/services/shop', { method: 'DELETE' });
    await until('the slice gone with its Service', async () => (await slices()).length === 0);
  });
});
