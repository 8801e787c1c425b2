import type { Evidence } from './types';

/**
 * How kubelet talks to the container runtime, from what the Node reports. Up to Kubernetes 1.23 kubelet had a
 * built-in dockershim: with Docker Engine (`docker://`) kubelet drove Docker through it, over Docker's own API,
 * not over CRI to the runtime. 1.24 removed dockershim; Docker Engine then needs the cri-dockerd adapter, which
 * kubelet reaches over CRI like any other runtime.
 */
export type RuntimeInterface = 'cri' | 'dockershim' | 'cri-dockerd' | 'unknown';

export interface RuntimeLink {
  readonly via: RuntimeInterface;
  readonly evidence: readonly Evidence[];
}

/** The minor version of a `v1.23.17`-style kubelet version (major 1 only), or null when it cannot be read. */
export function kubeletMinor(kubeletVersion: string | null): number | null {
  const match = /^v?1\.(\d+)(?:\.|$|[-+])/.exec(kubeletVersion ?? '');
  return match ? Number(match[1]) : null;
}

export function runtimeLink(node: { readonly kubeletVersion: string | null; readonly containerRuntime: string | null }): RuntimeLink {
  const runtime = node.containerRuntime ?? '';
  const evidence: Evidence[] = [{ kind: 'field', key: 'status.nodeInfo.containerRuntimeVersion', value: runtime }];
  if (!runtime.startsWith('docker://')) return { via: runtime ? 'cri' : 'unknown', evidence };
  const minor = kubeletMinor(node.kubeletVersion);
  evidence.push({ kind: 'field', key: 'status.nodeInfo.kubeletVersion', value: node.kubeletVersion ?? '' });
  if (minor === null) return { via: 'unknown', evidence };
  return { via: minor <= 23 ? 'dockershim' : 'cri-dockerd', evidence };
}
