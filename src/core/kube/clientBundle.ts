// Entry of dist/kube.js: the Kubernetes client in a bundle of its own, required on first use.
export * from '@kubernetes/client-node';
