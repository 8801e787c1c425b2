// What would make a Pending Pod fit, against the real v1.20 kube-scheduler: for each kind of change, a Pod the
// real scheduler leaves Pending; `cluster-anatomy placement --pod … --json` works out the change from the live
// cluster; the suggested edit is applied (the Pod made again with it, the owning Deployment patched, or the Pod
// holding a host port deleted); and the real scheduler must then bind it to a node the suggestion names.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { placementCommand } from '../../../src/cli/placementCommand';
import { runCli } from '../../../src/cli/run';
import type { PlacementChange } from '../../../src/core/placement/suggest';
import { applyEdit, type EditOperation } from '../../../src/core/placement/suggestEdit';
import { until } from '../../support/until';
import { createNamespace, type RealCluster, realCluster } from '../support/realClusters';
import { kindWorkerName } from '../support/shapes/kind';

const namespace = 'suggest';
const controlPlane = 'multi-node-control-plane';
const worker = kindWorkerName(1);
const worker2 = kindWorkerName(2);
const hostname = 'kubernetes.io/hostname';

type Loose = Record<string, unknown>;

interface Suggested {
  readonly changes: readonly PlacementChange[];
  readonly fits: readonly string[];
  readonly edit: { readonly of: string; readonly jsonPatch: readonly { op: string; path: string; value?: unknown }[] } | null;
}

interface Answer {
  readonly feasible: readonly string[];
  readonly suggestions?: readonly Suggested[];
  readonly cannotSuggest?: readonly { kind: string }[];
}

function pod(name: string, spec: Loose, container: Loose = {}, labels: Record<string, string> = {}): Loose {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels },
    spec: {
      terminationGracePeriodSeconds: 0,
      ...spec,
      containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.10.1', ...container }],
    },
  };
}

describe('placement suggestions make the real kube-scheduler bind the Pod', function () {
  this.timeout(300_000);
  let cluster: RealCluster;

  const kubectl = (args: string[], input?: string) =>
    execFileSync('kubectl', args, { env: cluster.env, encoding: 'utf8', ...(input !== undefined && { input }) });
  const create = (object: Loose) => kubectl(['create', '-f', '-'], JSON.stringify(object));
  const getPod = (name: string) => JSON.parse(kubectl(['get', 'pod', '-n', namespace, name, '-o', 'json'])) as Loose;

  async function placement(name: string): Promise<Answer> {
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: cluster.env,
    };
    const code = await runCli(['placement', '--pod', `${namespace}/${name}`, '--json'], io, [placementCommand]);
    assert.equal(code, 0, stderr);
    return JSON.parse(stdout) as Answer;
  }

  /** Waits until the real scheduler said it cannot place the Pod. */
  const pending = (name: string) =>
    until(
      `FailedScheduling for ${name}`,
      () =>
        (
          JSON.parse(
            kubectl([
              'get',
              'events',
              '-n',
              namespace,
              '--field-selector',
              `involvedObject.name=${name},reason=FailedScheduling`,
              '-o',
              'json',
            ]),
          ) as { items: unknown[] }
        ).items.length > 0,
      60_000,
      250,
    );

  const boundNode = (name: string) =>
    until(`${name} to be bound`, () => (getPod(name).spec as Loose).nodeName as string | undefined, 60_000, 250);

  /** The Pod's suggestion of the kind, after the real scheduler left it Pending and the model agrees. */
  async function suggestion(name: string, kind: PlacementChange['kind']): Promise<Suggested> {
    await pending(name);
    const answer = await placement(name);
    assert.deepEqual(answer.feasible, [], `${name}: Pending, yet the model finds ${answer.feasible.join(', ')}`);
    const found = answer.suggestions?.find((candidate) => candidate.changes.some((change) => change.kind === kind));
    assert.ok(found, `${name}: no ${kind} among ${JSON.stringify(answer.suggestions)}`);
    return found;
  }

  /** Makes the Pod again with the suggested edit (most of a Pod's spec cannot change in place). */
  async function recreateWithEdit(name: string, found: Suggested): Promise<string> {
    // The edit is of the Pod as the API holds it (with the tolerations admission added): made again from that.
    const live = getPod(name);
    const {
      uid: _uid,
      resourceVersion: _version,
      creationTimestamp: _created,
      managedFields: _fields,
      ...metadata
    } = live.metadata as Loose;
    const { status: _status, ...rest } = live;
    const object = { ...rest, metadata };
    assert.ok(found.edit, `${name}: the suggestion has no edit`);
    assert.equal(found.edit.of, `Pod ${name}`);
    kubectl(['delete', 'pod', '-n', namespace, name, '--wait=true']);
    const operations = found.edit.jsonPatch.map((operation) => ({
      ...operation,
      path: operation.path
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')),
    })) as EditOperation[];
    create(applyEdit(object, operations) as Loose);
    return boundNode(name);
  }

  before(async () => {
    cluster = await realCluster('kind');
    await createNamespace(cluster, namespace);
  });
  after(() => {
    if (cluster) kubectl(['delete', 'namespace', namespace, '--timeout=120s']);
  });

  it('tolerate a taint, drop a required node affinity, lower a request', async () => {
    const onControlPlane = pod('on-control-plane', { nodeSelector: { [hostname]: controlPlane } });
    create(onControlPlane);
    const tolerate = await suggestion('on-control-plane', 'tolerate');
    assert.deepEqual(tolerate.fits, [controlPlane]);
    assert.equal(await recreateWithEdit('on-control-plane', tolerate), controlPlane);

    const nowhere = pod('nowhere', {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: hostname, operator: 'In', values: ['no-such-node'] }] }],
          },
        },
      },
    });
    create(nowhere);
    const dropAffinity = await suggestion('nowhere', 'dropNodeAffinity');
    assert.ok(dropAffinity.fits.includes(await recreateWithEdit('nowhere', dropAffinity)));

    const big = pod('big', {}, { resources: { requests: { cpu: '100' } } });
    create(big);
    const lower = await suggestion('big', 'lowerRequest');
    assert.ok(lower.fits.includes(await recreateWithEdit('big', lower)));
  });

  it('drop a nodeSelector in the Deployment that owns the Pod (the edit goes to the template)', async () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'ssd', namespace },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'ssd' } },
        template: {
          metadata: { labels: { app: 'ssd' } },
          spec: (pod('ignored', { nodeSelector: { disktype: 'ssd' } }) as { spec: Loose }).spec,
        },
      },
    };
    create(deployment);
    const first = await until(
      'the Deployment to make a Pod',
      () =>
        (
          JSON.parse(kubectl(['get', 'pods', '-n', namespace, '-l', 'app=ssd', '-o', 'json'])) as {
            items: { metadata: { name: string } }[];
          }
        ).items[0]?.metadata.name,
      60_000,
      250,
    );
    const drop = await suggestion(first, 'dropNodeSelector');
    assert.ok(drop.edit, JSON.stringify(drop));
    // The Pod's ReplicaSet belongs to the Deployment: the edit is of the Deployment's template, where it lasts.
    assert.equal(drop.edit.of, 'Deployment ssd');
    assert.deepEqual(drop.edit.jsonPatch, [{ op: 'remove', path: '/spec/template/spec/nodeSelector/disktype' }]);
    kubectl(['patch', 'deployment', '-n', namespace, 'ssd', '--type', 'json', '-p', JSON.stringify(drop.edit.jsonPatch)]);
    const bound = await until(
      'a Pod of the patched Deployment to be bound',
      () =>
        (
          JSON.parse(kubectl(['get', 'pods', '-n', namespace, '-l', 'app=ssd', '-o', 'json'])) as {
            items: { spec: { nodeName?: string } }[];
          }
        ).items.find((item) => item.spec.nodeName)?.spec.nodeName,
      90_000,
      250,
    );
    assert.ok(drop.fits.includes(bound), `bound to ${bound}, the suggestion said ${drop.fits.join(', ')}`);
  });

  it('free a host port: the Pod that holds it is deleted', async () => {
    const port = { ports: [{ containerPort: 80, hostPort: 30090 }] };
    const onWorker = { nodeSelector: { [hostname]: worker } };
    create(pod('port-holder', onWorker, port));
    await boundNode('port-holder');
    create(pod('port-wanted', onWorker, port));
    const free = await suggestion('port-wanted', 'freeHostPort');
    assert.equal(free.edit, null, 'freeing a port is a change of another Pod');
    assert.deepEqual(free.changes, [
      { kind: 'freeHostPort', port: { port: 30090, protocol: 'TCP', hostIP: '0.0.0.0' }, node: worker, heldBy: `${namespace}/port-holder` },
    ]);
    kubectl(['delete', 'pod', '-n', namespace, 'port-holder', '--wait=true']);
    assert.equal(await boundNode('port-wanted'), worker);
  });

  it('relax required anti-affinity and a topology spread constraint', async () => {
    const web = { app: 'web' };
    const apart = {
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: web }, topologyKey: hostname }],
        },
      },
    };
    // Two web Pods on the workers, without rules of their own: only web-3's anti-affinity keeps it off them.
    create(pod('web-1', { nodeName: worker }, {}, web));
    create(pod('web-2', { nodeName: worker2 }, {}, web));
    const third = pod('web-3', apart, {}, web);
    create(third);
    const relax = await suggestion('web-3', 'dropAntiAffinity');
    assert.deepEqual(relax.fits, [worker, worker2]);
    assert.ok(relax.fits.includes(await recreateWithEdit('web-3', relax)));

    const spread = { app: 'spread' };
    const workers = {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: hostname, operator: 'In', values: [worker, worker2] }] }],
          },
        },
      },
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: hostname, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: spread } },
      ],
    };
    create(pod('spread-ballast-1', { nodeName: worker }, {}, spread));
    create(pod('spread-ballast-2', { nodeName: worker }, {}, spread));
    create(pod('port-on-worker2', { nodeName: worker2 }, { ports: [{ containerPort: 80, hostPort: 30091 }] }));
    const crowded = pod('spread-more', workers, { ports: [{ containerPort: 80, hostPort: 30091 }] }, spread);
    create(crowded);
    const skew = await suggestion('spread-more', 'raiseMaxSkew');
    assert.deepEqual(skew.fits, [worker]);
    assert.equal(await recreateWithEdit('spread-more', skew), worker);
  });

  it('suggests nothing where the model cannot judge: a nodeName no node has', async () => {
    create(pod('named-nowhere', { nodeName: 'no-such-node' }));
    const answer = await placement('named-nowhere');
    assert.deepEqual(answer.suggestions ?? [], []);
    assert.deepEqual(
      answer.cannotSuggest?.map((note) => note.kind),
      ['nodeName'],
    );
  });
});
