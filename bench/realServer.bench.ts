// The live anatomy model against a real kube-apiserver (v1.20.2, built by scripts/realcluster/build.mjs) at
// Kubernetes' scalability limit: the kind shape grown to REAL_NODES nodes (5,000 by default), a kube-proxy and a
// kindnet Pod on each, made by the real DaemonSet controller and bound by the real scheduler; the node agent
// plays the kubelets in a child process (500 Lease renewals a second at 5,000 nodes, Node status every 5 min).
// Measures, in this process (the extension host's side):
//   - first complete anatomy after connecting, and the heap it keeps;
//   - CPU while the Leases are renewed;
//   - how many anatomy rebuilds the kubelets' periodic Node status posts cause in 30 s;
//   - one Pod event: from the DELETE's answer to the model's handler;
//   - beside it, one `kubectl get pods -n kube-system -o json` per refresh (the peers' way), and the ratio.
// Run: npm run bench -- realServer   (REAL_NODES=1000 for a quicker run)
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { resolveClientConfig } from '../src/core/anatomy/snapshot';
import { startBenchCluster } from './support/realCluster';
import { compareWithKubectl, connectMeasured, measureRenewals, median, sleep } from './support/liveModel';

const nodes = Number(process.env.REAL_NODES ?? 5000);

async function main(): Promise<void> {
  const { controlPlane, kubeconfig, env, stop } = await startBenchCluster(nodes, 'real-bench-');
  try {
    const session = await connectMeasured(kubeconfig, env);
    const changes = await measureRenewals(session, 30_000);
    console.log(`anatomy changes in 30 s of kubelet status posts and renewals alone: ${changes}`);

    // One Pod event: delete a kube-proxy Pod; from the DELETE's answer to the model's handler.
    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      const victim = session.current!.nodes[Math.min(100 + i, nodes - 1)].components.find((c) => c.component === 'kube-proxy')!.pod;
      const seen = new Promise<number>((resolve) => {
        const subscription = session.onDidChangeObject((ref) => {
          if (ref.name === victim) {
            subscription.dispose();
            resolve(performance.now());
          }
        });
      });
      const answered = await deletePod(controlPlane.server, controlPlane.caPem, kubeconfig, victim);
      latencies.push((await seen) - answered);
      await sleep(300);
    }
    console.log(`one Pod event, DELETE answered → model handler: median ${median(latencies).toFixed(2)} ms`);

    compareWithKubectl(env, median(latencies));
    session.dispose();
  } finally {
    await stop();
  }
}

/** DELETE of one kube-system Pod with the admin's client certificate; resolves with the time of the answer. */
async function deletePod(server: string, caPem: string, kubeconfig: string, name: string): Promise<number> {
  const { config } = await resolveClientConfig({ kubeconfig, env: process.env });
  const user = config.getCurrentUser()!;
  const cert = user.certData ? Buffer.from(user.certData, 'base64') : readFileSync(user.certFile!);
  const key = user.keyData ? Buffer.from(user.keyData, 'base64') : readFileSync(user.keyFile!);
  return new Promise((resolve, reject) => {
    const req = request(`${server}/api/v1/namespaces/kube-system/pods/${name}`, { method: 'DELETE', ca: caPem, cert, key }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve(performance.now()) : reject(new Error(`DELETE ${name}: ${response.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
