// A demo cluster in a child process of its own, so a benchmark of the extension's model measures the model
// and not the server. Driven over the IPC channel: { delete: [namespace, name] } → { deleted, at }.
import { startDemoCluster } from '../../src/demo/demoCluster';

const nodes = Number(process.env.DEMO_NODES ?? 5000);
const podsPerNode = Number(process.env.DEMO_PODS_PER_NODE ?? 0);

void (async () => {
  const demo = await startDemoCluster({ generate: { nodes, podsPerNode } });
  process.send?.({ ready: true, kubeconfig: demo.kubeconfigYaml() });
  process.on('message', (message: { delete?: [string, string]; stop?: boolean; usage?: boolean }) => {
    if (message.delete) {
      const at = performance.timeOrigin + performance.now();
      demo.control.deletePod(message.delete[0], message.delete[1]);
      process.send?.({ deleted: message.delete[1], at });
    } else if (message.usage) {
      process.send?.({ usage: process.cpuUsage(), memory: process.memoryUsage().rss });
    } else if (message.stop) {
      void demo.stop().then(() => process.exit(0));
    }
  });
})();
