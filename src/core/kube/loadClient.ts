import type * as KubeClient from '@kubernetes/client-node';

export type KubeClientModule = typeof KubeClient;

let loading: Promise<KubeClientModule> | undefined;

/**
 * The only way the product reaches @kubernetes/client-node at run time. The bundles map the import to
 * dist/kube.js, so the client (megabytes of code) is parsed only when a view, hover or command needs it.
 */
export function loadKubeClient(): Promise<KubeClientModule> {
  loading ??= import('@kubernetes/client-node');
  return loading;
}
