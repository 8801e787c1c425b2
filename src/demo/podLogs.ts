import type { KubeObject } from './resources';

/**
 * What `kubectl logs` shows for the simulated Pods: the first lines each component prints when it starts.
 * (In a real cluster kube-apiserver fetches these from the node's kubelet; here they are made up in the
 * components' own formats, so a learner trying the command sees the shape of the answer.)
 */

function klogTime(time: number): string {
  const date = new Date(time);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}000`;
}

const templates: Record<string, (at: (offsetMs: number) => string, pod: KubeObject) => string[]> = {
  'kube-apiserver': (at) => [
    `I${at(0)}       1 options.go:249] external host was not specified, using 172.18.0.3`,
    `I${at(40)}       1 server.go:159] Version: v1.37.0`,
    `I${at(900)}       1 secure_serving.go:213] Serving securely on [::]:6443`,
    `I${at(2100)}       1 controller.go:667] quota admission added evaluator for: leases.coordination.k8s.io`,
  ],
  etcd: (at) => [
    `{"level":"info","ts":"${at(0)}","caller":"embed/etcd.go:140","msg":"configuring peer listeners","listen-peer-urls":["https://172.18.0.3:2380"]}`,
    `{"level":"info","ts":"${at(300)}","caller":"etcdserver/server.go:2135","msg":"published local member to cluster through raft"}`,
    `{"level":"info","ts":"${at(310)}","caller":"embed/serve.go:187","msg":"serving client traffic securely","traffic":"grpc+http","address":"127.0.0.1:2379"}`,
  ],
  'kube-controller-manager': (at) => [
    `I${at(0)}       1 serving.go:386] Generated self-signed cert in-memory`,
    `I${at(500)}       1 leaderelection.go:271] successfully acquired lease kube-system/kube-controller-manager`,
    `I${at(900)}       1 controllermanager.go:781] "Started controller" controller="node-lifecycle-controller"`,
    `I${at(950)}       1 controllermanager.go:781] "Started controller" controller="replicaset-controller"`,
  ],
  'kube-scheduler': (at) => [
    `I${at(0)}       1 serving.go:386] Generated self-signed cert in-memory`,
    `I${at(400)}       1 secure_serving.go:213] Serving securely on 127.0.0.1:10259`,
    `I${at(600)}       1 leaderelection.go:271] successfully acquired lease kube-system/kube-scheduler`,
  ],
  'kube-proxy': (at, pod) => [
    `I${at(0)}       1 server_linux.go:63] "Using iptables proxy"`,
    `I${at(200)}       1 server.go:716] "Successfully retrieved node IP(s)" IPs=["${(pod.status as { hostIP?: string } | undefined)?.hostIP ?? ''}"]`,
    `I${at(600)}       1 shared_informer.go:320] Caches are synced for service config`,
  ],
  kindnet: (at) => [
    `I${at(0)}       1 main.go:109] connected to apiserver: https://10.96.0.1:443`,
    `I${at(100)}       1 main.go:139] hostIP = 172.18.0.3`,
    `I${at(10_000)}       1 main.go:297] Handling node with IPs: map[172.18.0.2:{}]`,
  ],
  coredns: () => [
    '.:53',
    '[INFO] plugin/reload: Running configuration SHA512 = 1b226df79860026c6a52e67daa10d7f0d57ec5b023288ec00c5e05f93523c894564e15b91770d3a07ae1cfbe861d15b37d4a0027e69c546ab112970993a3b03b',
    'CoreDNS-1.12.1',
    'linux/amd64, go1.24.1, 707c7c1',
  ],
  'local-path-provisioner': (at) => [
    `time="${at(0)}" level=debug msg="Applied config: {\\"nodePathMap\\":[{\\"node\\":\\"DEFAULT_PATH_FOR_NON_LISTED_NODES\\",\\"paths\\":[\\"/var/local-path-provisioner\\"]}]}"`,
  ],
};

export function podLogLines(pod: KubeObject): string[] {
  const labels = pod.metadata.labels ?? {};
  const component = labels.component ?? labels['k8s-app'] ?? labels.app ?? '';
  const key = component === 'kube-dns' ? 'coredns' : component;
  const started = Date.parse(pod.metadata.creationTimestamp ?? new Date().toISOString());
  const iso = key === 'etcd' || key === 'local-path-provisioner';
  const at = (offsetMs: number) => (iso ? new Date(started + offsetMs).toISOString() : klogTime(started + offsetMs));
  return (templates[key] ?? (() => []))(at, pod);
}
