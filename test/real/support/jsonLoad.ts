/**
 * Load that kube-apiserver's JSON encoder must survive: many Pods with labels and annotations, listed whole as
 * JSON. Built with Go ≥ 1.18, Kubernetes 1.20's vendored reflect2 v1.0.1 corrupts the map iteration that this
 * encoding does (json-iterator's sorted map keys) and the server dies with `fatal error: fault`; with v1.0.2 it
 * holds. Used by the build's smoke test (scripts/realcluster/smoke.mjs) and by the real tier's load test.
 */
import type { KubeApi, Loose } from './kubeApi';

/** Kept away from the default scheduler, so the Pods stay Pending and cost the scheduler nothing. */
export const UNSCHEDULED = 'cluster-anatomy-never-scheduled';

export interface ListFigures {
  /** Items in each list, in order. */
  readonly items: number[];
  /** Milliseconds each list took, in order. */
  readonly millis: number[];
}

/** A Pod with as many labels and annotations as a DaemonSet's Pod in kube-system carries, and a few more. */
export function labelledPod(namespace: string, index: number): Loose {
  const name = `json-load-${String(index).padStart(5, '0')}`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      labels: {
        'app.kubernetes.io/name': 'json-load',
        'app.kubernetes.io/instance': name,
        'k8s-app': 'json-load',
        'controller-revision-hash': `rev-${index % 7}`,
        'pod-template-generation': String(index % 3),
        tier: 'node',
      },
      annotations: {
        'cluster-anatomy.test/index': String(index),
        'cluster-anatomy.test/note': `pod ${index} of a JSON load`,
        'kubernetes.io/description': 'labels and annotations are maps: the encoder sorts and iterates them',
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '10249',
      },
    },
    spec: {
      schedulerName: UNSCHEDULED,
      automountServiceAccountToken: false,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      containers: [
        {
          name: 'agent',
          image: 'registry.k8s.io/pause:3.9',
          env: [{ name: 'NODE_INDEX', value: String(index) }],
          resources: { requests: { cpu: '10m', memory: '16Mi' } },
        },
      ],
    },
  };
}

/** Creates `count` labelled Pods in `namespace`, `parallel` requests at a time. */
export async function createLabelledPods(api: KubeApi, namespace: string, count: number, parallel = 32): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await api.call('POST', `/api/v1/namespaces/${namespace}/pods`, labelledPod(namespace, index), { accept: [409] });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}

/**
 * Lists the namespace's Pods as JSON `times` times in a row, from etcd (no resourceVersion), every other time
 * with `?pretty=true`: kube-apiserver 1.20 writes plain JSON with encoding/json but pretty JSON (as curl and
 * browsers get it) and YAML with json-iterator, whose map encoding goes through reflect2.
 */
export async function listPodsAsJson(api: KubeApi, namespace: string, times: number): Promise<ListFigures> {
  const items: number[] = [];
  const millis: number[] = [];
  for (let round = 0; round < times; round += 1) {
    const started = Date.now();
    const pretty = round % 2 === 0 ? '?pretty=true' : '';
    const answer = await api.call<{ items: Loose[] }>('GET', `/api/v1/namespaces/${namespace}/pods${pretty}`);
    millis.push(Date.now() - started);
    items.push(answer.body.items.length);
  }
  return { items, millis };
}
