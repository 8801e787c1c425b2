/**
 * One read of the Pods waiting for a node, across the namespaces the user may read: all of them when Pods may be
 * listed cluster-wide, else the namespaces given (the context's own, the standpoint's), each refused one named
 * as hidden with the permissions that would show it. The Workloads of gang scheduling are read only when a
 * waiting Pod names one.
 */
import { hiddenRead } from '../anatomy/standpoint';
import type { HiddenRead } from '../anatomy/types';
import { type AccessRead, ContextAccess, listWatchChecks } from '../kube/access';
import { type KubeApi, KubeApiError } from '../kube/kubeApi';
import { type SchedulingPod, schedulingPodOf } from './objects';
import { type GangWorkload, gangWorkloadOf } from './waitingGroups';

/** Pending Pods no node runs: what the scheduler's queue holds (and what gates or plugins hold back). */
export const WAITING_PODS_FIELD_SELECTOR = 'spec.nodeName=,status.phase=Pending';

/** The Workload API of gang scheduling (alpha in 1.35). */
const WORKLOADS_PATH = '/apis/scheduling.k8s.io/v1alpha1';

export interface WaitingPodsRead {
  readonly pods: readonly SchedulingPod[];
  /** 'all' when Pods were listed cluster-wide, else the namespaces that could be read. */
  readonly namespaces: 'all' | readonly string[];
  readonly hidden: readonly HiddenRead[];
  readonly workloads: readonly GangWorkload[];
}

const isRefusal = (error: unknown) => error instanceof KubeApiError && (error.kind === 'forbidden' || error.kind === 'unauthorized');

const allPodsRead: AccessRead = { id: 'allPods', what: 'Pods in all namespaces', checks: listWatchChecks('pods', '') };
const namespacePodsRead = (namespace: string): AccessRead => ({
  id: `pods/${namespace}`,
  what: `Pods in ${namespace}`,
  checks: listWatchChecks('pods', '', namespace),
});

async function listWaiting(api: KubeApi, path: string, what: string): Promise<SchedulingPod[]> {
  const answer = await api.list(path, what, { fieldSelector: WAITING_PODS_FIELD_SELECTOR, map: (item) => schedulingPodOf(item) });
  return answer.items as SchedulingPod[];
}

/** The Workloads of the namespaces the waiting Pods are in that name one; none where the API is not served or refused. */
async function readWorkloads(api: KubeApi, pods: readonly SchedulingPod[]): Promise<GangWorkload[]> {
  const namespaces = [...new Set(pods.filter((pod) => pod.workloadRef).map((pod) => pod.namespace))];
  const lists = await Promise.all(
    namespaces.map((namespace) =>
      api
        .list(`${WORKLOADS_PATH}/namespaces/${encodeURIComponent(namespace)}/workloads`, `Workloads in ${namespace}`)
        .then((answer) => answer.items.map(gangWorkloadOf).filter((workload) => workload !== undefined))
        .catch(() => []),
    ),
  );
  return lists.flat();
}

export async function readWaitingPods(api: KubeApi, namespaces: readonly string[]): Promise<WaitingPodsRead> {
  try {
    const pods = await listWaiting(api, '/api/v1/pods', 'Pending Pods in all namespaces');
    return { pods, namespaces: 'all', hidden: [], workloads: await readWorkloads(api, pods) };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const refusedAll = (error as Error).message;
    const reads = [...new Set(namespaces)].map(async (namespace) => {
      try {
        return {
          namespace,
          pods: await listWaiting(api, `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`, `Pods in ${namespace}`),
        };
      } catch (refusal) {
        if (!isRefusal(refusal)) throw refusal;
        return { namespace, refused: (refusal as Error).message };
      }
    });
    const results = await Promise.all(reads);
    const refused = results.filter((result) => 'refused' in result);
    const accessReads = [allPodsRead, ...refused.map((result) => namespacePodsRead(result.namespace))];
    const answers = await new ContextAccess(api, { reads: accessReads }).snapshot();
    const hidden = [
      hiddenRead(allPodsRead, 'pods', refusedAll, answers.reads.get(allPodsRead.id)),
      ...refused.map((result) => {
        const read = namespacePodsRead(result.namespace);
        return hiddenRead(read, 'pods', result.refused ?? '', answers.reads.get(read.id));
      }),
    ];
    const pods = results.flatMap((result) => result.pods ?? []);
    return {
      pods,
      namespaces: results.filter((result) => result.pods).map((result) => result.namespace),
      hidden,
      workloads: await readWorkloads(api, pods),
    };
  }
}
