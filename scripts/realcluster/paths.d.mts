// Types of paths.mjs for the TypeScript callers (test/real/support).
export type Component = 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler';
export declare const KUBERNETES_VERSION: string;
export declare const KUBERNETES_COMMIT: string;
export declare const DEBIAN_SOURCE: { name: string; suite: string; version: string };
export declare const COMPONENTS: Component[];
export declare function cacheRoot(env?: NodeJS.ProcessEnv): string;
export declare function buildPaths(env?: NodeJS.ProcessEnv): {
  root: string;
  downloads: string;
  kubernetes: string;
  gopath: string;
  source: string;
  goCache: string;
  tools: string;
  bin: string;
  stamp: string;
};
export declare function binaryPath(component: Component, env?: NodeJS.ProcessEnv): string;
export declare function etcdPath(env?: NodeJS.ProcessEnv): string;
export declare const REFLECT2: { debianPackage: string; source: string; vendored: string; minimumVersion: string };
export declare function isBuilt(recipe?: string, env?: NodeJS.ProcessEnv, options?: { verified?: boolean }): boolean;
