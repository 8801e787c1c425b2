/** The Pod a manifest would make: the Pod itself, or the Pod template of a workload. */
import type { Loose } from './objects';

export interface ManifestPod {
  /** A Pod object (metadata and spec) for schedulingPodOf. */
  readonly pod: Loose;
  /** The object that holds the template, e.g. "Deployment web"; absent for a Pod. */
  readonly from?: string;
  /** A DaemonSet's controller pins each of its Pods to one node (matchFields metadata.name). */
  readonly perNode?: boolean;
}

const record = (value: unknown): Loose => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {});

const templatePaths: Readonly<Record<string, readonly string[]>> = {
  Deployment: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  Job: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
};

/**
 * What the DaemonSet controller adds to each of its Pods (pkg/controller/daemon/util): they stay on nodes that
 * are not ready, unreachable, under pressure or cordoned, and host-network ones on nodes without a network yet.
 */
function daemonSetTolerations(hostNetwork: boolean): Loose[] {
  const tolerate = (key: string, effect: string) => ({ key: `node.kubernetes.io/${key}`, operator: 'Exists', effect });
  return [
    tolerate('not-ready', 'NoExecute'),
    tolerate('unreachable', 'NoExecute'),
    tolerate('disk-pressure', 'NoSchedule'),
    tolerate('memory-pressure', 'NoSchedule'),
    tolerate('pid-pressure', 'NoSchedule'),
    tolerate('unschedulable', 'NoSchedule'),
    ...(hostNetwork ? [tolerate('network-unavailable', 'NoSchedule')] : []),
  ];
}

/** The Pod of a manifest object, or undefined when the kind makes no Pod. */
export function manifestPod(object: unknown): ManifestPod | undefined {
  const manifest = record(object);
  const kind = typeof manifest.kind === 'string' ? manifest.kind : '';
  const metadata = record(manifest.metadata);
  if (kind === 'Pod') return { pod: { ...manifest, status: {} } };
  const path = templatePaths[kind];
  if (!path) return undefined;
  let template: unknown = manifest;
  for (const key of path) template = record(template)[key];
  const templateRecord = record(template);
  const spec = record(templateRecord.spec);
  const name = typeof metadata.name === 'string' ? metadata.name : '(unnamed)';
  const pod = {
    metadata: {
      ...record(templateRecord.metadata),
      name: `${name} (template)`,
      namespace: typeof metadata.namespace === 'string' ? metadata.namespace : undefined,
    },
    spec:
      kind === 'DaemonSet'
        ? {
            ...spec,
            tolerations: [...(Array.isArray(spec.tolerations) ? spec.tolerations : []), ...daemonSetTolerations(spec.hostNetwork === true)],
          }
        : spec,
  };
  return { pod, from: `${kind} ${name}`, ...(kind === 'DaemonSet' && { perNode: true }) };
}
