/**
 * A real Kubernetes v1.20.2 control plane on loopback: Debian's etcd and the kube-apiserver,
 * kube-controller-manager and kube-scheduler built by scripts/realcluster/build.mjs.
 *
 *   const etcd = await startEtcd({ dataDir: join(run, 'etcd') });        // run folder = dirname(dataDir)
 *   const kind = await startControlPlane({ name: 'kind', etcd });        // folder: <run>/kind
 *     // options: serviceCidr (10.96.0.0/16), clusterCidr (10.244.0.0/16), nodeCidrMaskSize (24),
 *     // nodeMonitorGracePeriod / podEvictionTimeout (Kubernetes' 40s / 5m0s), dir, readyTimeoutMs,
 *     // extraApiServerFlags / extraControllerManagerFlags / extraSchedulerFlags (appended: the last one wins)
 *   kind.server, kind.caPem, kind.adminKubeconfigPath                    // context and cluster named 'kind'
 *   kind.pids['kube-scheduler']; await kind.kill('kube-scheduler'); await kind.restart('kube-scheduler');
 *   kind.userKubeconfig('jane', ['developers'])                          // client cert; context 'jane@kind'
 *   await kind.stop(); await etcd.stop();
 *   kind.unexpectedExits                                                 // crashes the restart below hid
 *   stopAll(run)                                                         // kills leftovers of a crashed run
 *   await freePort()                                                     // a free loopback port
 *
 * A component that exits on its own is started again after a second, as kubelet restarts a static Pod (the
 * controller manager and the scheduler exit when they lose their leader lock while kube-apiserver is down).
 * Several control planes share one etcd (each its own --etcd-prefix=/<name>, ports and service CIDR). Every
 * process is recorded in <run>/processes.json (scripts/realcluster/stop.mjs <run> kills what is left), is
 * killed when this Node process exits or gets SIGINT/SIGTERM/SIGHUP, and gets SIGKILL from the kernel when its
 * parent dies (setpriv --pdeathsig). Logs: <cluster folder>/<component>.log, <run>/etcd.log.
 * kube-apiserver's calls to kubelets (logs, exec, port-forward) go through an egress selector to a Unix socket
 * that does not exist, so they fail at once instead of dialling node addresses that are made up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet, type RequestOptions } from 'node:https';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { binaryPath, type Component, etcdPath, isBuilt, KUBERNETES_VERSION } from '../../../scripts/realcluster/paths.mjs';
import { forgetProcess, killRecorded, type RecordedProcess, recordProcess } from '../../../scripts/realcluster/processes.mjs';
import { until } from '../../support/until';
import { createCa, createSigningKey, issueCertificate, type KeyPair } from './certificates';

export type { Component };

export interface EtcdOptions {
  dataDir: string;
  /** Where the state file and etcd.log go; the parent of `dataDir` by default. */
  runDir?: string;
  readyTimeoutMs?: number;
}

export interface Etcd {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  pid: number;
  dataDir: string;
  runDir: string;
  stop(): Promise<void>;
}

export interface ControlPlaneOptions {
  /** DNS-label-like ([a-z0-9-]): the etcd prefix, the folder and the kubeconfig context. */
  name: string;
  etcd: Pick<Etcd, 'endpoint' | 'runDir'>;
  /** The cluster's folder (certificates, kubeconfigs, logs); `<run>/<name>` by default. */
  dir?: string;
  /** 10.96.0.0/16 by default. */
  serviceCidr?: string;
  /** The Pod network the controller manager cuts node podCIDRs from; 10.244.0.0/16 by default. */
  clusterCidr?: string;
  nodeCidrMaskSize?: number;
  /** kube-controller-manager's defaults (40s and 5m0s) unless set. */
  nodeMonitorGracePeriod?: string;
  podEvictionTimeout?: string;
  /** Appended after the defaults, so a repeated flag overrides the default (the last one wins). */
  extraApiServerFlags?: string[];
  extraControllerManagerFlags?: string[];
  extraSchedulerFlags?: string[];
  readyTimeoutMs?: number;
  /** Start binaries that are built but not yet smoke-tested: only the build's own smoke test does this. */
  unverifiedBuild?: boolean;
}

/** A component that exited on its own (not by kill() or stop()): a crash, which the restart would hide. */
export interface ComponentExit {
  component: Component;
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it died: a Go crash's first lines (the error and the crashing goroutine's top frames), else the log's end. */
  crashLog: string;
}

export interface ControlPlane {
  name: string;
  dir: string;
  /** https://127.0.0.1:<port> */
  server: string;
  caPem: string;
  /** Cluster, user `<name>-admin` (O=system:masters) and current context all named after the cluster. */
  adminKubeconfigPath: string;
  serviceCidr: string;
  clusterCidr: string;
  /** The pid of each component as now running (a restart changes it). */
  readonly pids: Record<Component, number>;
  /** Every exit that nobody asked for, in order (the component was started again a second later). */
  readonly unexpectedExits: readonly ComponentExit[];
  /** SIGKILL by recorded pid; resolves once the process is gone. It stays down until restart(). */
  kill(component: Component): Promise<void>;
  /** Kills the component if it runs, starts it again and waits until it is healthy. */
  restart(component: Component): Promise<void>;
  /** Stops the three components (SIGTERM, then SIGKILL after 10 s); etcd keeps running. */
  stop(): Promise<void>;
  /** A client certificate for `user` in `groups` and a kubeconfig for it (context `<user>@<name>`); its path. */
  userKubeconfig(user: string, groups?: string[]): string;
}

const COMPONENT_ORDER: Component[] = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];
const STOP_GRACE_MS = 10_000;

// ---- processes -------------------------------------------------------------------------------------------

interface Running {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code or the signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited: () => boolean;
}

const running = new Set<ChildProcess>();
let exitHooksInstalled = false;

function killAllNow(): void {
  for (const child of running) child.kill('SIGKILL');
}

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAllNow();
      // Let the signal do what it would have done had we not listened, unless someone else handles it.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/** Starts `binary` with its output appended to `logPath`, recorded in the run folder's state file. */
function startProcess(runDir: string, label: string, binary: string, args: string[], logPath: string): Running {
  installExitHooks();
  const log = openSync(logPath, 'a');
  // setpriv execs the binary (same pid) after asking the kernel to SIGKILL it when this process dies.
  const child = spawn('setpriv', ['--pdeathsig', 'SIGKILL', '--', binary, ...args], {
    stdio: ['ignore', log, log],
    detached: false,
  });
  closeSync(log);
  if (child.pid === undefined) throw new Error(`could not start ${label} (${binary})`);
  const pid = child.pid;
  let done = false;
  running.add(child);
  recordProcess(runDir, { pid, binary, label });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      running.delete(child);
      forgetProcess(runDir, pid);
      resolve({ code, signal });
    });
  });
  return { child, pid, exited, hasExited: () => done };
}

async function terminate(target: Running): Promise<void> {
  if (target.hasExited()) return;
  target.child.kill('SIGTERM');
  const timer = setTimeout(() => target.child.kill('SIGKILL'), STOP_GRACE_MS);
  await target.exited;
  clearTimeout(timer);
}

function logTail(logPath: string, lines = 15): string {
  if (!existsSync(logPath)) return '';
  return readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** A Go crash ends its log with thousands of goroutine frames: the cause is at the start of the dump, not the end. */
function crashLog(logPath: string): string {
  if (!existsSync(logPath)) return '';
  const lines = readFileSync(logPath, 'utf8').trimEnd().split('\n');
  let crash = lines.length - 1;
  while (crash >= 0 && !/^(panic: |fatal error: |unexpected fault address )/.test(lines[crash]!)) crash -= 1;
  return crash < 0 ? lines.slice(-40).join('\n') : lines.slice(Math.max(0, crash - 1), crash + 24).join('\n');
}

/** Waits for `probe`, failing at once (with the log's tail) if the process dies meanwhile. */
async function waitWhileAlive<T>(
  what: string,
  watched: Running,
  logPath: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined | false>,
): Promise<T> {
  try {
    return await until(
      what,
      async () => {
        if (watched.hasExited()) throw new Error(`exited while waiting for ${what}`);
        return probe();
      },
      timeoutMs,
      250,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; last lines of ${logPath}:\n${logTail(logPath)}`);
  }
}

const portsHandedOut = new Set<number>();

/** A loopback port free now, and never one this process handed out before (clusters start in parallel). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unusedPort();
    if (portsHandedOut.has(port)) continue;
    portsHandedOut.add(port);
    return port;
  }
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Kills every process recorded in `runDir` that is still alive (what a crashed run left); returns them. */
export function stopAll(runDir: string): RecordedProcess[] {
  return killRecorded(runDir);
}

// ---- HTTP probes -----------------------------------------------------------------------------------------

interface Reply {
  status: number;
  body: string;
}

function fetchText(url: string, options: RequestOptions = {}): Promise<Reply | undefined> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve) => {
    const request = get(url, { ...options, timeout: 5_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    // Not listening yet, reset while starting: the caller polls again.
    request.on('error', () => resolve(undefined));
  });
}

// ---- etcd ------------------------------------------------------------------------------------------------

export async function startEtcd(options: EtcdOptions): Promise<Etcd> {
  const runDir = options.runDir ?? dirname(options.dataDir);
  mkdirSync(options.dataDir, { recursive: true });
  const [clientPort, peerPort] = [await freePort(), await freePort()];
  const endpoint = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  const logPath = join(runDir, 'etcd.log');
  const etcd = startProcess(
    runDir,
    'etcd',
    etcdPath(),
    [
      '--name=etcd',
      `--data-dir=${options.dataDir}`,
      '--logger=zap',
      `--listen-client-urls=${endpoint}`,
      `--advertise-client-urls=${endpoint}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=etcd=${peer}`,
    ],
    logPath,
  );
  await waitWhileAlive(`etcd health at ${endpoint}`, etcd, logPath, options.readyTimeoutMs ?? 30_000, async () => {
    const reply = await fetchText(`${endpoint}/health`);
    return reply?.status === 200 && /"health":\s*"true"/.test(reply.body);
  });
  return { endpoint, pid: etcd.pid, dataDir: options.dataDir, runDir, stop: () => terminate(etcd) };
}

// ---- control plane ---------------------------------------------------------------------------------------

/** The first address of an IPv4 CIDR: the ClusterIP of the `kubernetes` Service, named in the serving cert. */
function firstServiceIp(cidr: string): string {
  const [address] = cidr.split('/');
  const octets = address.split('.').map(Number);
  const value = ((octets[0] << 24) >>> 0) + (octets[1] << 16) + (octets[2] << 8) + octets[3] + 1;
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

function kubeconfig(cluster: string, server: string, caPem: string, user: string, context: string, pair: KeyPair): string {
  // JSON strings are YAML strings: names from callers cannot break the document.
  const q = JSON.stringify;
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');
  return [
    'apiVersion: v1',
    'kind: Config',
    'preferences: {}',
    'clusters:',
    `- name: ${q(cluster)}`,
    '  cluster:',
    `    server: ${q(server)}`,
    `    certificate-authority-data: ${b64(caPem)}`,
    'users:',
    `- name: ${q(user)}`,
    '  user:',
    `    client-certificate-data: ${b64(pair.certPem)}`,
    `    client-key-data: ${b64(pair.keyPem)}`,
    'contexts:',
    `- name: ${q(context)}`,
    '  context:',
    `    cluster: ${q(cluster)}`,
    `    user: ${q(user)}`,
    `current-context: ${q(context)}`,
    '',
  ].join('\n');
}

function egressSelectorConfig(socketPath: string): string {
  return [
    'apiVersion: apiserver.k8s.io/v1beta1',
    'kind: EgressSelectorConfiguration',
    'egressSelections:',
    '- name: cluster',
    '  connection:',
    '    proxyProtocol: HTTPConnect',
    '    transport:',
    '      uds:',
    `        udsName: ${JSON.stringify(socketPath)}`,
    '',
  ].join('\n');
}

export async function startControlPlane(options: ControlPlaneOptions): Promise<ControlPlane> {
  const { name } = options;
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name)) throw new Error(`cluster name must be a DNS label: ${name}`);
  if (!isBuilt(undefined, process.env, { verified: !options.unverifiedBuild })) {
    throw new Error(`Kubernetes ${KUBERNETES_VERSION} is not built: run \`node scripts/realcluster/build.mjs\``);
  }
  const runDir = options.etcd.runDir;
  const dir = options.dir ?? join(runDir, name);
  const pki = join(dir, 'pki');
  mkdirSync(pki, { recursive: true });
  const serviceCidr = options.serviceCidr ?? '10.96.0.0/16';
  const clusterCidr = options.clusterCidr ?? '10.244.0.0/16';
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;

  const ca = createCa(pki, `${name}-ca`);
  const serving = issueCertificate(ca, pki, {
    name: 'apiserver',
    commonName: 'kube-apiserver',
    usage: 'server',
    dnsNames: ['localhost', 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local'],
    ipAddresses: ['127.0.0.1', firstServiceIp(serviceCidr)],
  });
  const admin = issueCertificate(ca, pki, {
    name: 'admin',
    commonName: 'kubernetes-admin',
    organizations: ['system:masters'],
    usage: 'client',
  });
  const serviceAccountKey = createSigningKey(pki, 'sa');

  // The other two get theirs just before they start, to keep the time a free port could be taken short.
  const ports: Record<Component, number> = { 'kube-apiserver': await freePort(), 'kube-controller-manager': 0, 'kube-scheduler': 0 };
  const server = `https://127.0.0.1:${ports['kube-apiserver']}`;
  const adminKubeconfigPath = join(dir, 'admin.kubeconfig');
  writeFileSync(adminKubeconfigPath, kubeconfig(name, server, ca.certPem, `${name}-admin`, name, admin));
  const componentKubeconfig = (component: Component) => {
    const user = `system:${component}`;
    const pair = issueCertificate(ca, pki, { name: component, commonName: user, usage: 'client' });
    const path = join(dir, `${component}.kubeconfig`);
    writeFileSync(path, kubeconfig(name, server, ca.certPem, user, name, pair));
    return path;
  };
  const egressPath = join(dir, 'egress-selector.yaml');
  writeFileSync(egressPath, egressSelectorConfig(join(dir, 'no-kubelet-egress.sock')));

  const delegated = (path: string) => [`--kubeconfig=${path}`, `--authentication-kubeconfig=${path}`, `--authorization-kubeconfig=${path}`];
  const controllerManagerKubeconfig = componentKubeconfig('kube-controller-manager');
  const schedulerKubeconfig = componentKubeconfig('kube-scheduler');
  const flags: Record<Component, () => string[]> = {
    'kube-apiserver': () => [
      `--etcd-servers=${options.etcd.endpoint}`,
      `--etcd-prefix=/${name}`,
      '--bind-address=127.0.0.1',
      '--advertise-address=127.0.0.1',
      `--secure-port=${ports['kube-apiserver']}`,
      '--insecure-port=0',
      `--tls-cert-file=${serving.certPath}`,
      `--tls-private-key-file=${serving.keyPath}`,
      `--client-ca-file=${ca.certPath}`,
      `--service-cluster-ip-range=${serviceCidr}`,
      '--endpoint-reconciler-type=none',
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      `--service-account-key-file=${serviceAccountKey.publicKeyPath}`,
      `--service-account-signing-key-file=${serviceAccountKey.keyPath}`,
      '--authorization-mode=Node,RBAC',
      '--enable-admission-plugins=NodeRestriction',
      '--allow-privileged=true',
      `--egress-selector-config-file=${egressPath}`,
      '--kubelet-preferred-address-types=InternalIP,Hostname',
      `--cert-dir=${join(dir, 'kube-apiserver-certs')}`,
      ...(options.extraApiServerFlags ?? []),
    ],
    'kube-controller-manager': () => [
      ...delegated(controllerManagerKubeconfig),
      '--bind-address=127.0.0.1',
      '--port=0',
      `--secure-port=${ports['kube-controller-manager']}`,
      `--cert-dir=${join(dir, 'kube-controller-manager-certs')}`,
      '--leader-elect=true',
      '--use-service-account-credentials=true',
      `--cluster-name=${name}`,
      `--root-ca-file=${ca.certPath}`,
      `--service-account-private-key-file=${serviceAccountKey.keyPath}`,
      `--cluster-signing-cert-file=${ca.certPath}`,
      `--cluster-signing-key-file=${ca.keyPath}`,
      '--allocate-node-cidrs=true',
      `--cluster-cidr=${clusterCidr}`,
      `--service-cluster-ip-range=${serviceCidr}`,
      `--node-cidr-mask-size=${options.nodeCidrMaskSize ?? 24}`,
      ...(options.nodeMonitorGracePeriod ? [`--node-monitor-grace-period=${options.nodeMonitorGracePeriod}`] : []),
      ...(options.podEvictionTimeout ? [`--pod-eviction-timeout=${options.podEvictionTimeout}`] : []),
      ...(options.extraControllerManagerFlags ?? []),
    ],
    'kube-scheduler': () => [
      ...delegated(schedulerKubeconfig),
      '--bind-address=127.0.0.1',
      '--port=0',
      `--secure-port=${ports['kube-scheduler']}`,
      `--cert-dir=${join(dir, 'kube-scheduler-certs')}`,
      '--leader-elect=true',
      ...(options.extraSchedulerFlags ?? []),
    ],
  };

  const adminTls: RequestOptions = { ca: ca.certPem, cert: admin.certPem, key: admin.keyPem };
  const apiGet = (path: string) => fetchText(`${server}${path}`, adminTls);
  const healthUrl = (component: Component) =>
    component === 'kube-apiserver' ? `${server}/readyz` : `https://127.0.0.1:${ports[component]}/healthz`;
  const processes = {} as Record<Component, Running>;
  const logPath = (component: Component) => join(dir, `${component}.log`);

  // Like kubelet with static Pods: a component that exits on its own is started again a second later (the
  // controller manager and the scheduler exit when they lose their leader lock, e.g. while kube-apiserver
  // restarts). One killed by kill() stays down until restart(); nothing restarts once stop() began.
  let stopping = false;
  const heldDown = new Set<Component>();
  const unexpectedExits: ComponentExit[] = [];
  const start = async (component: Component) => {
    if (ports[component] === 0) ports[component] = await freePort();
    heldDown.delete(component);
    const started = startProcess(runDir, `${name}/${component}`, binaryPath(component), flags[component](), logPath(component));
    processes[component] = started;
    void started.exited.then(({ code, signal }) => {
      if (stopping || heldDown.has(component) || processes[component] !== started) return;
      unexpectedExits.push({ component, pid: started.pid, code, signal, crashLog: crashLog(logPath(component)) });
      setTimeout(() => {
        if (!stopping && !heldDown.has(component) && processes[component] === started) void start(component).catch(() => undefined);
      }, 1_000);
    });
  };
  const waitHealthy = (component: Component) =>
    waitWhileAlive(`${name}'s ${component} to be healthy`, processes[component], logPath(component), readyTimeoutMs, async () => {
      // The apiserver's serving cert is ours; the other two serve a self-signed one made at start.
      const tls = component === 'kube-apiserver' ? adminTls : { rejectUnauthorized: false };
      const reply = await fetchText(healthUrl(component), tls);
      return reply?.status === 200 && reply.body === 'ok';
    });

  const stop = async () => {
    stopping = true;
    await Promise.all([terminate(processes['kube-scheduler']), terminate(processes['kube-controller-manager'])]);
    await terminate(processes['kube-apiserver']);
  };
  try {
    await start('kube-apiserver');
    await waitHealthy('kube-apiserver');
    await start('kube-controller-manager');
    await start('kube-scheduler');
    await Promise.all([waitHealthy('kube-controller-manager'), waitHealthy('kube-scheduler')]);
    // Pods are admitted only once the default ServiceAccount has its token (the token controller's work).
    await waitWhileAlive(
      `${name}'s default ServiceAccount token`,
      processes['kube-controller-manager'],
      logPath('kube-controller-manager'),
      readyTimeoutMs,
      async () => {
        const reply = await apiGet('/api/v1/namespaces/default/serviceaccounts/default');
        return reply?.status === 200 && (JSON.parse(reply.body).secrets?.length ?? 0) > 0;
      },
    );
  } catch (error) {
    stopping = true;
    await Promise.all(COMPONENT_ORDER.filter((c) => processes[c]).map((c) => terminate(processes[c])));
    throw error;
  }

  const kill = async (component: Component) => {
    heldDown.add(component);
    const target = processes[component];
    if (target.hasExited()) return;
    process.kill(target.pid, 'SIGKILL');
    await target.exited;
  };
  let userCount = 0;
  return {
    name,
    dir,
    server,
    caPem: ca.certPem,
    adminKubeconfigPath,
    serviceCidr,
    clusterCidr,
    get pids() {
      return Object.fromEntries(COMPONENT_ORDER.map((c) => [c, processes[c].pid])) as Record<Component, number>;
    },
    unexpectedExits,
    kill,
    async restart(component) {
      await kill(component);
      await start(component);
      await waitHealthy(component);
    },
    stop,
    userKubeconfig(user, groups = []) {
      userCount += 1;
      const file = `user-${userCount}-${user.replace(/[^A-Za-z0-9.-]/g, '_')}`;
      const pair = issueCertificate(ca, pki, { name: file, commonName: user, organizations: groups, usage: 'client' });
      const path = join(dir, `${file}.kubeconfig`);
      writeFileSync(path, kubeconfig(name, server, ca.certPem, user, `${user}@${name}`, pair));
      return path;
    },
  };
}
