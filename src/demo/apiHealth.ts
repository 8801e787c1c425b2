/**
 * kube-apiserver's health endpoints as k8s.io/apiserver serves them (pkg/server/healthz/healthz.go,
 * handleRootHealth): /livez, /readyz and the deprecated /healthz, each a list of named checks. A passing
 * endpoint answers `ok`, or with `?verbose` one `[+]<name> ok` line a check and `<endpoint> check passed`;
 * `?exclude=<name>` skips a check (`[+]<name> excluded: ok`); a failing check makes the answer verbose whatever
 * was asked (`[-]<name> failed: reason withheld`, `<endpoint> check failed`) with HTTP 500. Each check is also
 * served alone at `/<endpoint>/<name>`, where the reason is not withheld.
 */

export type HealthEndpoint = 'healthz' | 'livez' | 'readyz';

/** The post-start hooks a kubeadm-made v1.3x kube-apiserver lists (front proxy configured, no encryption config), in its order. */
const postStartHooks = [
  'start-apiserver-admission-initializer',
  'generic-apiserver-start-informers',
  'priority-and-fairness-config-consumer',
  'priority-and-fairness-filter',
  'storage-object-count-tracker-hook',
  'start-apiextensions-informers',
  'start-apiextensions-controllers',
  'crd-informer-synced',
  'start-system-namespaces-controller',
  'start-cluster-authentication-info-controller',
  'start-kube-apiserver-identity-lease-controller',
  'start-kube-apiserver-identity-lease-garbage-collector',
  'start-legacy-token-tracking-controller',
  'start-service-ip-repair-controllers',
  'rbac/bootstrap-roles',
  'scheduling/bootstrap-system-priority-classes',
  'priority-and-fairness-config-producer',
  'bootstrap-controller',
  'start-kubernetes-service-cidr-controller',
  'aggregator-reload-proxy-client-cert',
  'start-kube-aggregator-informers',
  'apiservice-status-local-available-controller',
  'apiservice-status-remote-available-controller',
  'apiservice-registration-controller',
  'apiservice-discovery-controller',
  'kube-apiserver-autoregistration',
].map((hook) => `poststarthook/${hook}`);
// The aggregator's autoregister-completion check follows its hook; the OpenAPI controllers come last.
const serverChecks = [
  ...postStartHooks,
  'autoregister-completion',
  'poststarthook/apiservice-openapi-controller',
  'poststarthook/apiservice-openapiv3-controller',
];

const livezChecks = ['ping', 'log', 'etcd', ...serverChecks];
const checksOf: Readonly<Record<HealthEndpoint, readonly string[]>> = {
  healthz: livezChecks,
  livez: livezChecks,
  // Readiness adds etcd's readiness and the informers' sync, and turns false once shutdown begins.
  readyz: ['ping', 'log', 'etcd', 'etcd-readiness', 'informer-sync', ...serverChecks, 'shutdown'],
};

export function healthChecks(endpoint: HealthEndpoint): readonly string[] {
  return checksOf[endpoint];
}

/** Every check any endpoint has. */
export const allHealthChecks: ReadonlySet<string> = new Set(Object.values(checksOf).flat());

/** What a failing check reports on its own path (the list withholds it). */
function failureReason(name: string): string {
  if (name.startsWith('poststarthook/')) return 'not finished';
  const reasons: Record<string, string> = {
    etcd: 'etcd client connection not yet established',
    'etcd-readiness': 'etcd client connection not yet established',
    'informer-sync': '1 informers not started yet: [*v1.Pod]',
    log: 'logging blocked',
    shutdown: 'process is shutting down',
    'autoregister-completion': 'missing APIService: [v1.coordination.k8s.io]',
  };
  return reasons[name] ?? 'check failed';
}

export interface HealthAnswer {
  status: number;
  body: string;
}

/** `/healthz`, `/livez`, `/readyz` (endpoint) or one of their checks (`/readyz/etcd`); undefined for anything else. */
export function healthRoute(path: string): { endpoint: HealthEndpoint; check?: string } | undefined {
  const match = /^\/(healthz|livez|readyz)(?:\/(.+))?$/.exec(path);
  if (!match) return undefined;
  const endpoint = match[1] as HealthEndpoint;
  const check = match[2];
  if (check === undefined) return { endpoint };
  return checksOf[endpoint].includes(check) ? { endpoint, check } : undefined;
}

/** The answer of an endpoint to `query` while `failing` (a check name, or none) fails. */
export function healthAnswer(endpoint: HealthEndpoint, query: URLSearchParams, failing: string | undefined): HealthAnswer {
  const excluded = new Set(query.getAll('exclude'));
  const lines: string[] = [];
  let failed = false;
  for (const name of checksOf[endpoint]) {
    if (excluded.delete(name)) {
      lines.push(`[+]${name} excluded: ok`);
    } else if (name === failing) {
      // The endpoint is public: the reason stays in the server's log.
      lines.push(`[-]${name} failed: reason withheld`);
      failed = true;
    } else {
      lines.push(`[+]${name} ok`);
    }
  }
  if (excluded.size > 0) {
    lines.push(
      `warn: some health checks cannot be excluded: no matches for ${[...excluded]
        .sort()
        .map((name) => JSON.stringify(name))
        .join(',')}`,
    );
  }
  // http.Error ends the failure with a newline; the verbose success is written line by line.
  if (failed) return { status: 500, body: `${lines.join('\n')}\n${endpoint} check failed\n` };
  if (!query.has('verbose')) return { status: 200, body: 'ok' };
  return { status: 200, body: `${lines.join('\n')}\n${endpoint} check passed\n` };
}

/** One check on its own path: `ok`, or 500 with the reason. */
export function healthCheckAnswer(check: string, failing: string | undefined): HealthAnswer {
  return check === failing ? { status: 500, body: `internal server error: ${failureReason(check)}\n` } : { status: 200, body: 'ok' };
}
