import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoCluster, type DemoCluster, type DemoClusterOptions } from '../../src/core/demo/demoCluster';

export interface RunningDemo {
  cluster: DemoCluster;
  /** A temporary directory holding `kubeconfig` (and kubectl's cache); removed by stop(). */
  directory: string;
  kubeconfigPath: string;
  /** Environment for child processes (kubectl): KUBECONFIG and a private HOME and cache. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Starts a demo cluster and writes its kubeconfig to a temporary file; never touches ~/.kube. */
export async function startDemo(options: DemoClusterOptions = {}): Promise<RunningDemo> {
  const cluster = await startDemoCluster(options);
  const directory = mkdtempSync(join(tmpdir(), 'cluster-anatomy-demo-'));
  const kubeconfigPath = join(directory, 'kubeconfig');
  writeFileSync(kubeconfigPath, cluster.kubeconfigYaml(), { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { ...process.env, KUBECONFIG: kubeconfigPath, HOME: directory, KUBECACHEDIR: join(directory, 'cache') };
  return {
    cluster,
    directory,
    kubeconfigPath,
    env,
    async stop() {
      await cluster.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
