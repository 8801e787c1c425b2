/**
 * The hands-on's safe experiments: each says beforehand what the cluster will do, does one write (or, on the
 * demo, stops one kubelet's heartbeat), then watches the live anatomy until what it said has happened, or says
 * that it has not. The caller decides where they may run (the demo; a kind context after a confirmation).
 */
import type { ClusterAnatomy, ComponentPod } from '../anatomy/types';
import type { KubeApi } from '../kube/kubeApi';
import type { Event } from '../util/event';

export const EXPERIMENTS = ['deleteMirrorPod', 'deleteCoreDnsPod', 'scaleCoreDns', 'stopHeartbeat'] as const;
export type ExperimentId = (typeof EXPERIMENTS)[number];

/** What one experiment will do, named from the live cluster: the Pod, the node or the Deployment and its counts. */
export interface ExperimentPlan {
  readonly id: ExperimentId;
  /** The Pod deleted, the node whose kubelet stops, or the Deployment scaled. */
  readonly subject: string;
  /** The node the subject runs on (a mirror Pod's, a CoreDNS Pod's). */
  readonly node?: string;
  /** scaleCoreDns: the replicas now and after. */
  readonly replicas?: { readonly from: number; readonly to: number };
}

export type ExperimentUnavailable = { readonly unavailable: 'no-static-pods' | 'no-coredns' | 'no-worker' | 'demo-only' };

export interface ExperimentResult {
  readonly plan: ExperimentPlan;
  readonly outcome: 'happened' | 'not-yet';
  /** How long it took, in seconds, when it happened. */
  readonly seconds?: number;
  /** What was seen: the new Pod and its node, the new uid, the node's Ready. */
  readonly seen?: {
    readonly pods?: readonly { readonly name: string; readonly node: string }[];
    readonly uid?: { readonly before: string; readonly after: string };
    readonly ready?: string;
  };
}

/** What an experiment reads and writes through. */
export interface ExperimentHost {
  readonly api: Pick<KubeApi, 'write'>;
  readonly current: () => ClusterAnatomy | undefined;
  readonly onDidChange: Event<ClusterAnatomy>;
  readonly podUid: (namespace: string, name: string) => string | undefined;
  /** The demo's own control; absent on any other cluster. */
  readonly demo?: { stopHeartbeat(node: string): void | Promise<void> };
}

const KUBE_SYSTEM = 'kube-system';

function corednsPods(anatomy: ClusterAnatomy): { pod: ComponentPod; node: string }[] {
  return anatomy.nodes.flatMap((node) =>
    node.components.filter((pod) => pod.component === 'coredns' && pod.source !== 'static').map((pod) => ({ pod, node: node.name })),
  );
}

function corednsDeployment(anatomy: ClusterAnatomy) {
  return anatomy.addons.find((addon) => addon.kind === 'Deployment' && addon.component === 'coredns');
}

/** The experiment as it would run on this cluster now, or why it cannot. */
export function planExperiment(
  id: ExperimentId,
  anatomy: ClusterAnatomy,
  options: { demo: boolean },
): ExperimentPlan | ExperimentUnavailable {
  switch (id) {
    case 'deleteMirrorPod': {
      const node = anatomy.nodes.find((candidate) =>
        candidate.components.some((pod) => pod.source === 'static' && pod.component === 'kube-scheduler'),
      );
      const pod = node?.components.find((candidate) => candidate.source === 'static' && candidate.component === 'kube-scheduler');
      return node && pod ? { id, subject: pod.pod, node: node.name } : { unavailable: 'no-static-pods' };
    }
    case 'deleteCoreDnsPod': {
      const first = corednsPods(anatomy)[0];
      return first ? { id, subject: first.pod.pod, node: first.node } : { unavailable: 'no-coredns' };
    }
    case 'scaleCoreDns': {
      const deployment = corednsDeployment(anatomy);
      if (!deployment || deployment.desired === null) return { unavailable: 'no-coredns' };
      return { id, subject: deployment.name, replicas: { from: deployment.desired, to: deployment.desired + 1 } };
    }
    case 'stopHeartbeat': {
      if (!options.demo) return { unavailable: 'demo-only' };
      const workers = anatomy.nodes.filter((node) => node.role === 'worker' && node.ready === 'True');
      const worker = workers[workers.length - 1];
      return worker ? { id, subject: worker.name, node: worker.name } : { unavailable: 'no-worker' };
    }
  }
}

/** A Deployment scaled back (or to any count) through its scale subresource, as `kubectl scale` does. */
export function scaleDeployment(api: Pick<KubeApi, 'write'>, name: string, replicas: number): Promise<unknown> {
  return api.write('PATCH', `/apis/apps/v1/namespaces/${KUBE_SYSTEM}/deployments/${encodeURIComponent(name)}/scale`, `Deployment ${name}`, {
    json: { spec: { replicas } },
    contentType: 'application/merge-patch+json',
  });
}

/**
 * Does what the plan says, then waits (up to `timeoutMs`) for the cluster to show what was predicted. The
 * write is the only thing sent; everything after is read from the watches the views already run.
 */
export async function runExperiment(
  plan: ExperimentPlan,
  host: ExperimentHost,
  options: { timeoutMs?: number; now?: () => number } = {},
): Promise<ExperimentResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const before = host.current();
  if (!before) throw new Error('The cluster has not been read yet.');
  let happened: (anatomy: ClusterAnatomy) => ExperimentResult['seen'] | undefined;
  switch (plan.id) {
    case 'deleteMirrorPod': {
      const uid = host.podUid(KUBE_SYSTEM, plan.subject);
      await deletePod(host, plan.subject);
      // kubelet publishes the mirror again under the same name: a new object, so a new uid.
      happened = () => {
        const after = host.podUid(KUBE_SYSTEM, plan.subject);
        return after && uid && after !== uid ? { uid: { before: uid, after } } : undefined;
      };
      break;
    }
    case 'deleteCoreDnsPod': {
      const names = new Set(corednsPods(before).map(({ pod }) => pod.pod));
      await deletePod(host, plan.subject);
      // The ReplicaSet controller creates a replacement, the scheduler binds it, kubelet runs it.
      happened = (anatomy) => {
        const fresh = corednsPods(anatomy).filter(({ pod }) => !names.has(pod.pod) && pod.ready);
        return fresh.length > 0 ? { pods: fresh.map(({ pod, node }) => ({ name: pod.pod, node })) } : undefined;
      };
      break;
    }
    case 'scaleCoreDns': {
      const names = new Set(corednsPods(before).map(({ pod }) => pod.pod));
      const target = plan.replicas!.to;
      await scaleDeployment(host.api, plan.subject, target);
      happened = (anatomy) => {
        const deployment = corednsDeployment(anatomy);
        const fresh = corednsPods(anatomy).filter(({ pod }) => !names.has(pod.pod) && pod.ready);
        const settled = deployment?.desired === target && deployment.readyCount === target;
        if (!settled) return undefined;
        return { pods: fresh.map(({ pod, node }) => ({ name: pod.pod, node })) };
      };
      break;
    }
    case 'stopHeartbeat': {
      if (!host.demo) throw new Error('Only the demo cluster can stop a kubelet.');
      await host.demo.stopHeartbeat(plan.subject);
      happened = (anatomy) => {
        const node = anatomy.nodes.find((candidate) => candidate.name === plan.subject);
        return node && node.ready !== 'True' ? { ready: node.ready } : undefined;
      };
      break;
    }
  }
  const seen = await waitFor(host, happened, options.timeoutMs ?? 120_000);
  return seen ? { plan, outcome: 'happened', seconds: Math.round((now() - started) / 100) / 10, seen } : { plan, outcome: 'not-yet' };
}

function deletePod(host: ExperimentHost, name: string): Promise<unknown> {
  return host.api.write('DELETE', `/api/v1/namespaces/${KUBE_SYSTEM}/pods/${encodeURIComponent(name)}`, `Pod ${name}`);
}

function waitFor<T>(host: ExperimentHost, test: (anatomy: ClusterAnatomy) => T | undefined, timeoutMs: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const settle = (value: T | undefined) => {
      clearTimeout(timer);
      subscription.dispose();
      resolve(value);
    };
    const subscription = host.onDidChange((anatomy) => {
      const seen = test(anatomy);
      if (seen !== undefined) settle(seen);
    });
    const timer = setTimeout(() => {
      const anatomy = host.current();
      settle(anatomy ? test(anatomy) : undefined);
    }, timeoutMs);
    const anatomy = host.current();
    const already = anatomy ? test(anatomy) : undefined;
    if (already !== undefined) settle(already);
  });
}
