import * as assert from 'node:assert/strict';
import { BoundPods } from '../../../../src/core/placement/boundPods';
import { schedulingNodeOf, schedulingPodOf, type SchedulingPod } from '../../../../src/core/placement/objects';
import { explainPlacement } from '../../../../src/core/placement/place';
import {
  answerWaitingGroups,
  gangWorkloadOf,
  groupReason,
  groupWaitingPods,
  waitingView,
} from '../../../../src/core/placement/waitingGroups';
import { groupRowText, groupSummary, renderWaitingText, stateAbout, waitingJson } from '../../../../src/core/placement/waitingText';
import { hiddenRead } from '../../../../src/core/anatomy/standpoint';
import { listWatchChecks } from '../../../../src/core/kube/access';

type Loose = Record<string, unknown>;

/** kube-scheduler's FailedScheduling message on a 1.20 server, as it writes it into the PodScheduled condition. */
const INSUFFICIENT_CPU = '0/3 nodes are available: 3 Insufficient cpu.';

interface PodOptions {
  namespace?: string;
  owner?: { kind: string; name: string };
  labels?: Record<string, string>;
  cpu?: string;
  condition?: Loose;
  spec?: Loose;
  status?: Loose;
  nodeName?: string;
  phase?: string;
}

function pod(name: string, options: PodOptions = {}): SchedulingPod {
  return schedulingPodOf({
    metadata: {
      name,
      namespace: options.namespace ?? 'shop',
      uid: `uid-${name}`,
      labels: options.labels ?? {},
      ...(options.owner && {
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: options.owner.kind, name: options.owner.name, uid: `uid-${options.owner.name}`, controller: true },
        ],
      }),
    },
    spec: {
      containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: options.cpu ?? '8' } } }],
      ...(options.nodeName && { nodeName: options.nodeName }),
      ...options.spec,
    },
    status: {
      phase: options.phase ?? 'Pending',
      ...(options.condition && { conditions: [{ type: 'PodScheduled', status: 'False', ...options.condition }] }),
      ...options.status,
    },
  });
}

/** A replica of the Deployment `name`: its ReplicaSet is `<name>-<hash>`, and the Pod carries the hash. */
const replica = (deployment: string, index: number, options: PodOptions = {}) =>
  pod(`${deployment}-7d9f8-${index}`, {
    owner: { kind: 'ReplicaSet', name: `${deployment}-7d9f8` },
    labels: { app: deployment, 'pod-template-hash': '7d9f8' },
    condition: { reason: 'Unschedulable', message: INSUFFICIENT_CPU },
    ...options,
  });

const nodes = ['a', 'b', 'c'].map((name) =>
  schedulingNodeOf({
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  }),
);

describe('Waiting for a node: Pending Pods grouped by workload and reason', () => {
  it("groups a Deployment's replicas into one group through their ReplicaSet, with the server's reason", () => {
    const groups = groupWaitingPods([replica('web', 1), replica('web', 2), replica('web', 3)]);
    assert.equal(groups.length, 1);
    const [group] = groups;
    assert.deepEqual(group!.workload, { kind: 'Deployment', name: 'web' });
    assert.deepEqual(
      group!.pods.map((p) => p.name),
      ['web-7d9f8-1', 'web-7d9f8-2', 'web-7d9f8-3'],
    );
    assert.equal(group!.sameReason, true);
    assert.equal(group!.state.kind, 'unschedulable');
    assert.equal(groupSummary(group!, undefined), '3 replicas, all for the same reason: Insufficient cpu on 3 nodes');
  });

  it('keeps namespaces, owners and bare Pods apart, and leaves bound and terminating Pods out', () => {
    const groups = groupWaitingPods([
      replica('web', 1),
      replica('web', 2, { namespace: 'team' }),
      pod('db-0', { owner: { kind: 'StatefulSet', name: 'db' }, labels: { 'statefulset.kubernetes.io/pod-name': 'db-0' } }),
      pod('db-1', { owner: { kind: 'StatefulSet', name: 'db' }, labels: { 'statefulset.kubernetes.io/pod-name': 'db-1' } }),
      pod('migrate-x7', { owner: { kind: 'Job', name: 'migrate' } }),
      pod('debug'),
      pod('scratch'),
      replica('web', 9, { nodeName: 'a', phase: 'Running' }),
      { ...replica('web', 8), deleting: true },
    ]);
    const keys = groups.map((group) => `${group.namespace}/${group.workload.kind}/${group.workload.name}:${group.pods.length}`).sort();
    assert.deepEqual(keys, [
      'shop/Deployment/web:1',
      'shop/Job/migrate:1',
      'shop/Pod/debug:1',
      'shop/Pod/scratch:1',
      'shop/StatefulSet/db:2',
      'team/Deployment/web:1',
    ]);
  });

  it('splits one workload by scheduling signature: two templates during a rollout are two questions', () => {
    const groups = groupWaitingPods([replica('web', 1), replica('web', 2), replica('web', 3, { cpu: '16' })]);
    assert.equal(groups.length, 2);
    assert.notEqual(groups[0]!.signature, groups[1]!.signature);
    assert.deepEqual(
      groups.map((group) => group.pods.length),
      [2, 1],
    );
  });

  it('works out one placement answer per signature, not one per Pod', () => {
    const pods = Array.from({ length: 50 }, (_, index) => replica('web', index));
    const groups = groupWaitingPods([...pods, ...Array.from({ length: 5 }, (_, index) => replica('api', index, { cpu: '2' }))]);
    let asked = 0;
    const counting: typeof explainPlacement = (question) => {
      asked++;
      return explainPlacement(question);
    };
    const answers = answerWaitingGroups(groups, { nodes, bound: new BoundPods() }, counting);
    assert.equal(asked, 2);
    const web = answers.get(groups.find((group) => group.workload.name === 'web')!.signature)!;
    assert.equal(web.feasible, 0);
    assert.equal(web.message, INSUFFICIENT_CPU);
    const api = answers.get(groups.find((group) => group.workload.name === 'api')!.signature)!;
    assert.equal(api.feasible, 3);
  });

  it("names the model's reason when the scheduler has not said one yet, and what fits when some node does", () => {
    const waiting = [replica('web', 1, { condition: undefined }), replica('api', 1, { cpu: '1', condition: undefined })];
    const view = waitingView(waiting, { nodes, bound: new BoundPods() }, { namespaces: 'all', hidden: [] });
    const web = view.groups.find((group) => group.workload.name === 'web')!;
    assert.equal(web.state.kind, 'notTried');
    assert.deepEqual(groupReason(web, view.answers.get(web.signature)), { reason: 'Insufficient cpu', nodes: 3, from: 'model' });
    assert.equal(groupSummary(web, view.answers.get(web.signature)), '1 replica, by the model: Insufficient cpu on 3 nodes');
    const api = view.groups.find((group) => group.workload.name === 'api')!;
    assert.equal(groupSummary(api, view.answers.get(api.signature)), '1 replica, not tried yet; fits 3 of 3 nodes now');
  });

  it('says when the replicas do not all carry the same message, and how many carry the most common one', () => {
    const other = "0/3 nodes are available: 3 node(s) didn't match node selector.";
    const group = groupWaitingPods([
      replica('web', 1),
      replica('web', 2),
      replica('web', 3, { condition: { reason: 'Unschedulable', message: other } }),
    ])[0]!;
    assert.equal(group.sameReason, false);
    assert.equal(groupSummary(group, undefined), '3 replicas; 2 of them for: Insufficient cpu on 3 nodes');
  });

  it("keeps a DaemonSet's Pods, each pinned to its node, in one group and works out no shared answer", () => {
    const pinned = (name: string, node: string) =>
      pod(name, {
        owner: { kind: 'DaemonSet', name: 'agent' },
        condition: {
          reason: 'Unschedulable',
          message: "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity.",
        },
        spec: {
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }],
              },
            },
          },
        },
      });
    const groups = groupWaitingPods([pinned('agent-a', 'a'), pinned('agent-b', 'b')]);
    assert.equal(groups.length, 1);
    assert.equal(groups[0]!.perNode, true);
    assert.equal(answerWaitingGroups(groups, { nodes, bound: new BoundPods() }).size, 0);
    assert.match(stateAbout(groups[0]!), /DaemonSet pins each Pod to its node/);
  });
});

describe("Waiting for a node: the scheduler's newer states, as the server reports them", () => {
  it('scheduling gates: reason SchedulingGated as kube-apiserver writes it, from 1.26', () => {
    const gated = pod('batch-1', {
      owner: { kind: 'Job', name: 'batch' },
      spec: { schedulingGates: [{ name: 'example.com/quota' }] },
      // pkg/registry/core/pod/strategy.go: the condition kube-apiserver adds to a gated Pod.
      condition: { reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' },
    });
    const [group] = groupWaitingPods([gated]);
    assert.deepEqual(group!.state, { kind: 'gated', gates: ['example.com/quota'] });
    assert.equal(groupSummary(group!, undefined), '1 Pod, held by scheduling gates: example.com/quota');
    assert.match(stateAbout(group!), /SchedulingGated.*alpha in Kubernetes 1\.26, beta in 1\.27, GA in 1\.30/);
    // The model is not asked: the scheduler does not consider a gated Pod.
    assert.equal(answerWaitingGroups([group!], { nodes, bound: new BoundPods() }).size, 0);
  });

  it('PreEnqueue rejections: reason NotReadyForScheduling with the plugin message, beta in 1.35', () => {
    const held = pod('train-0', {
      owner: { kind: 'Job', name: 'train' },
      // KEP-5501: kube-scheduler patches PodScheduled=False, reason NotReadyForScheduling, with the PreEnqueue plugin's
      // message (here DynamicResources, whose claim is not there yet: the lister's NotFound error).
      condition: { reason: 'NotReadyForScheduling', message: 'resourceclaim.resource.k8s.io "gpu-claim" not found' },
    });
    const [group] = groupWaitingPods([held]);
    assert.equal(group!.state.kind, 'notReadyForScheduling');
    assert.equal(groupSummary(group!, undefined), '1 Pod, not ready for scheduling: resourceclaim.resource.k8s.io "gpu-claim" not found');
    assert.match(stateAbout(group!), /NotReadyForScheduling.*beta in Kubernetes 1\.35/);
  });

  it("a nominated node: status.nominatedNodeName during preemption, with the scheduler's message", () => {
    // The scheduler's message since 1.24 carries the preemption's own verdict after the filters'.
    const message =
      '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Insufficient cpu.';
    const preemptor = replica('critical', 1, {
      condition: { reason: 'Unschedulable', message },
      status: { nominatedNodeName: 'b' },
      spec: { priorityClassName: 'high' },
    });
    const waiting = replica('critical', 2, { condition: { reason: 'Unschedulable', message }, spec: { priorityClassName: 'high' } });
    const groups = groupWaitingPods([preemptor, waiting]);
    const nominated = groups.find((group) => group.state.kind === 'nominated')!;
    assert.deepEqual(
      nominated.pods.map((p) => [p.name, p.nominatedNodeName]),
      [['critical-7d9f8-1', 'b']],
    );
    assert.equal(
      groupSummary(nominated, undefined),
      '1 replica, all for the same reason: Insufficient cpu on 3 nodes, 1 with a nominated node',
    );
    assert.match(stateAbout(nominated), /nominatedNodeName.*1\.35/);
    assert.equal(groups.find((group) => group.state.kind === 'unschedulable')?.pods.length, 1);
  });

  it('gang scheduling: members of a pod group wait, without a condition, until minCount exist', () => {
    // scheduling.k8s.io/v1alpha1 (1.35): spec.podGroups[].policy.gang.minCount; the Pods name it in spec.workloadRef.
    const workload = gangWorkloadOf({
      apiVersion: 'scheduling.k8s.io/v1alpha1',
      kind: 'Workload',
      metadata: { name: 'training', namespace: 'ml' },
      spec: {
        podGroups: [
          { name: 'workers', policy: { gang: { minCount: 4 } } },
          { name: 'driver', policy: { basic: {} } },
        ],
      },
    })!;
    assert.deepEqual(workload.podGroups, [
      { name: 'workers', minCount: 4 },
      { name: 'driver', minCount: null },
    ]);
    const member = (index: number) =>
      pod(`training-worker-${index}`, {
        namespace: 'ml',
        owner: { kind: 'Job', name: 'training-worker' },
        spec: { workloadRef: { name: 'training', podGroup: 'workers' } },
      });
    const groups = groupWaitingPods([member(0), member(1), member(2)], [workload]);
    assert.equal(groups.length, 1);
    assert.deepEqual(groups[0]!.state, {
      kind: 'waitingForGroup',
      workload: 'training',
      podGroup: 'workers',
      replicaKey: '',
      minCount: 4,
      members: 3,
    });
    assert.equal(groupSummary(groups[0]!, undefined), '3 Pods, waiting for their group training/workers: 3 of 4 members exist, 1 missing');
    assert.match(stateAbout(groups[0]!), /writes no condition.*alpha in Kubernetes 1\.35/);
    // Once minCount exist, the members are the scheduler's to place as any other.
    const complete = groupWaitingPods([member(0), member(1), member(2), member(3)], [workload]);
    assert.equal(complete[0]!.state.kind, 'notTried');
  });

  it('another scheduler: the default scheduler never looks at the Pods', () => {
    const [group] = groupWaitingPods([pod('sim', { spec: { schedulerName: 'volcano' } })]);
    assert.deepEqual(group!.state, { kind: 'otherScheduler', scheduler: 'volcano' });
  });
});

describe('Waiting for a node: the report and what could not be read', () => {
  it('names the hidden namespaces and the namespaces read, in text and JSON', () => {
    const hidden = hiddenRead(
      { id: 'pods/payments', what: 'Pods in payments', checks: listWatchChecks('pods', '', 'payments') },
      'pods',
      'pods is forbidden',
      undefined,
    );
    const view = waitingView(
      [replica('web', 1), replica('web', 2)],
      { nodes, bound: new BoundPods() },
      { namespaces: ['shop'], hidden: [hidden] },
    );
    const text = renderWaitingText(view, { limit: 10 });
    assert.match(
      text,
      /^Waiting for a node: 2 Pods in 1 groups\nRead in shop only\.\nNot read: Pods in payments \(list pods in payments, watch pods in payments\)\./,
    );
    assert.match(text, /shop\/web: 2 replicas, all for the same reason: Insufficient cpu on 3 nodes\n/);
    assert.match(text, /the model: 0\/3 nodes are available: 3 Insufficient cpu\./);
    const json = waitingJson(view, 'ctx') as {
      namespaces: string[];
      hidden: unknown[];
      groups: { summary: string; count: number; model: { feasible: number } }[];
    };
    assert.deepEqual(json.namespaces, ['shop']);
    assert.equal(json.hidden.length, 1);
    assert.equal(json.groups[0]!.summary, 'web: 2 replicas, all for the same reason: Insufficient cpu on 3 nodes');
    assert.equal(json.groups[0]!.model.feasible, 0);
  });

  it('writes the counts as people read them: 500 replicas on 4,990 nodes', () => {
    const message = '0/5000 nodes are available: 4990 Insufficient cpu, 10 node(s) had untolerated taint {dedicated: gpu}.';
    const pods = Array.from({ length: 500 }, (_, index) => replica('web', index, { condition: { reason: 'Unschedulable', message } }));
    const [group] = groupWaitingPods(pods);
    assert.equal(groupSummary(group!, undefined), '500 replicas, all for the same reason: Insufficient cpu on 4,990 nodes');
  });

  it("words the tree's row with the reason first, so a row cut at the sidebar's edge still shows it", () => {
    const [same] = groupWaitingPods([replica('web', 1), replica('web', 2)]);
    assert.equal(groupRowText(same!, undefined), 'Insufficient cpu on 3 nodes · 2 replicas');
    const other = "0/3 nodes are available: 3 node(s) didn't match node selector.";
    const [mixed] = groupWaitingPods([
      replica('web', 1),
      replica('web', 2),
      replica('web', 3, { condition: { reason: 'Unschedulable', message: other } }),
    ]);
    assert.equal(groupRowText(mixed!, undefined), 'Insufficient cpu on 3 nodes (most) · 3 replicas');
    const [gated] = groupWaitingPods([pod('batch-1', { spec: { schedulingGates: [{ name: 'example.com/quota' }] } })]);
    assert.equal(groupRowText(gated!, undefined), 'scheduling gates: example.com/quota · 1 Pod');
    const [fresh] = groupWaitingPods([replica('api', 1, { cpu: '1', condition: undefined })]);
    const answers = answerWaitingGroups([fresh!], { nodes, bound: new BoundPods() });
    assert.equal(groupRowText(fresh!, answers.get(fresh!.signature)), 'fits 3 of 3 nodes now · 1 replica');
  });
});
