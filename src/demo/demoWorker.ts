import { isMainThread, MessageChannel, parentPort, receiveMessageOnPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { demoKubeconfig, startDemoCluster, type DemoCluster, type DemoClusterOptions, type DemoControl } from './demoCluster';
import { errorMessage } from '../core/util/errors';

/**
 * The demo cluster in a worker thread of its own, so that nothing it does (a burst of writes, a slow list, a
 * bug in a controller) can stall the thread that runs it for the editor. The worker runs the bundle the
 * package already ships (dist/cli.js, as `cluster-anatomy demo`); the extension talks to it through two
 * channels: DemoControl calls, answered synchronously (the caller waits on a shared flag, with a timeout),
 * and the worker's lifecycle (ready, failed, stopped) on its parent port.
 */

/** A DemoControl call; every method answers at once in the worker. */
export interface ControlRequest {
  readonly method: keyof DemoControl;
  readonly args: readonly unknown[];
}

export type ControlReply = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** Worker → extension. */
export type WorkerEvent =
  | {
      readonly type: 'ready';
      readonly server: string;
      readonly port: number;
      readonly token: string;
      readonly restrictedToken: string;
      readonly caPem: string;
      readonly contextName: string;
    }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'stopped' };

/** Extension → worker. */
export interface WorkerCommand {
  readonly type: 'stop';
}

interface DemoWorkerData {
  readonly options: DemoClusterOptions;
  readonly controlPort: MessagePort;
  /** One Int32: 0 while a call is pending, 1 when its reply is on the control port. */
  readonly signal: SharedArrayBuffer;
}

const controlMethods: ReadonlySet<string> = new Set<keyof DemoControl>([
  'stopHeartbeat',
  'resumeHeartbeat',
  'cutWatches',
  'expireWatches',
  'forbid',
  'allow',
  'failCheck',
  'stopLeaderRenewal',
  'resumeLeaderRenewal',
  'changeLeader',
  'setLatency',
  'setListLatency',
  'deletePod',
  'nodeNames',
  'resourceVersion',
  'activeWatches',
  'watchBufferedBytes',
]);

/** How long a DemoControl call may wait for the worker before it fails. */
export const CONTROL_TIMEOUT_MS = 2_000;
/** How long the worker may take to start (certificates, fixture) and to stop before it is terminated. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

/** In a worker started by startDemoClusterInWorker: what it was given; undefined anywhere else. */
export function demoWorkerData(): DemoWorkerData | undefined {
  if (isMainThread || !parentPort) return undefined;
  return (workerData as { clusterAnatomyDemo?: DemoWorkerData } | null)?.clusterAnatomyDemo;
}

/** The worker's side: serves the demo cluster and its control calls until the extension says stop. */
export async function serveDemoInWorker(data: DemoWorkerData): Promise<void> {
  const parent = parentPort!;
  const send = (event: WorkerEvent) => parent.postMessage(event);
  let cluster: DemoCluster;
  try {
    cluster = await startDemoCluster(data.options);
  } catch (error) {
    send({ type: 'failed', message: errorMessage(error) });
    return;
  }
  const signal = new Int32Array(data.signal);
  data.controlPort.on('message', (request: ControlRequest) => {
    let reply: ControlReply;
    try {
      if (!controlMethods.has(request.method)) throw new Error(`no control method ${String(request.method)}`);
      const method = cluster.control[request.method] as (...args: unknown[]) => unknown;
      reply = { ok: true, value: method(...request.args) ?? null };
    } catch (error) {
      reply = { ok: false, message: errorMessage(error) };
    }
    // The reply is queued before the flag is raised: the caller reads it as soon as it wakes.
    data.controlPort.postMessage(reply);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
  const stopped = new Promise<void>((resolve) => parent.on('message', (command: WorkerCommand) => command.type === 'stop' && resolve()));
  send({
    type: 'ready',
    server: cluster.server,
    port: cluster.port,
    token: cluster.token,
    restrictedToken: cluster.restrictedToken,
    caPem: cluster.caPem,
    contextName: cluster.contextName,
  });
  await stopped;
  data.controlPort.close();
  await cluster.stop();
  send({ type: 'stopped' });
}

/** The script the worker runs: the CLI bundle, run as `demo` (execArgv e.g. to load TypeScript in tests). */
export interface DemoWorkerScript {
  readonly file: string;
  readonly execArgv?: string[];
}

export interface WorkerDemoCluster extends DemoCluster {
  /** Settles when the worker has ended, whether asked to or not (then with the reason). */
  readonly exited: Promise<string | undefined>;
}

/** Starts the demo cluster in a worker thread; its DemoControl calls block the caller for at most CONTROL_TIMEOUT_MS. */
export function startDemoClusterInWorker(options: DemoClusterOptions, script: DemoWorkerScript): Promise<WorkerDemoCluster> {
  const { port1: controlPort, port2: workerPort } = new MessageChannel();
  const shared = new SharedArrayBuffer(4);
  const signal = new Int32Array(shared);
  const data: DemoWorkerData = { options, controlPort: workerPort, signal: shared };
  const worker = new Worker(script.file, {
    argv: ['demo'],
    ...(script.execArgv && { execArgv: script.execArgv }),
    workerData: { clusterAnatomyDemo: data },
    transferList: [workerPort],
  });
  let ended: string | undefined;
  let stopping = false;
  const exited = new Promise<string | undefined>((resolve) => {
    worker.on('error', (error) => (ended = `the demo cluster failed: ${errorMessage(error)}`));
    worker.on('exit', (code) => {
      ended ??= code === 0 ? 'the demo cluster has stopped' : `the demo cluster exited with code ${code}`;
      controlPort.close();
      resolve(code === 0 || stopping ? undefined : ended);
    });
  });

  const call = <T>(method: keyof DemoControl, ...args: unknown[]): T => {
    if (ended) throw new Error(ended);
    Atomics.store(signal, 0, 0);
    controlPort.postMessage({ method, args } satisfies ControlRequest);
    if (Atomics.wait(signal, 0, 0, CONTROL_TIMEOUT_MS) === 'timed-out')
      throw new Error(`the demo cluster did not answer ${method} within ${CONTROL_TIMEOUT_MS} ms`);
    const reply = receiveMessageOnPort(controlPort)?.message as ControlReply | undefined;
    if (!reply) throw new Error(`the demo cluster gave no answer to ${method}`);
    if (!reply.ok) throw new Error(reply.message);
    return reply.value as T;
  };
  const control: DemoControl = {
    stopHeartbeat: (node) => call('stopHeartbeat', node),
    resumeHeartbeat: (node) => call('resumeHeartbeat', node),
    cutWatches: () => call('cutWatches'),
    expireWatches: () => call('expireWatches'),
    forbid: (resource, namespace) => call('forbid', resource, namespace),
    allow: (resource, namespace) => call('allow', resource, namespace),
    failCheck: (name) => call('failCheck', name),
    stopLeaderRenewal: (component) => call('stopLeaderRenewal', component),
    resumeLeaderRenewal: (component) => call('resumeLeaderRenewal', component),
    changeLeader: (component) => call('changeLeader', component),
    setLatency: (ms) => call('setLatency', ms),
    setListLatency: (ms) => call('setListLatency', ms),
    deletePod: (namespace, name) => call('deletePod', namespace, name),
    nodeNames: () => call('nodeNames'),
    resourceVersion: () => call('resourceVersion'),
    activeWatches: () => call('activeWatches'),
    watchBufferedBytes: () => call('watchBufferedBytes'),
  };

  return new Promise<WorkerDemoCluster>((resolve, reject) => {
    const timeout = setTimeout(() => fail(`the demo cluster did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const fail = (message: string) => {
      clearTimeout(timeout);
      void worker.terminate();
      reject(new Error(message));
    };
    void exited.then((reason) => fail(reason ?? 'the demo cluster stopped before it started'));
    worker.once('message', (event: WorkerEvent) => {
      clearTimeout(timeout);
      if (event.type !== 'ready') {
        fail(event.type === 'failed' ? event.message : 'the demo cluster stopped before it started');
        return;
      }
      resolve({
        server: event.server,
        port: event.port,
        token: event.token,
        restrictedToken: event.restrictedToken,
        caPem: event.caPem,
        contextName: event.contextName,
        kubeconfigYaml: (contextName = event.contextName) =>
          demoKubeconfig(event.server, event.caPem, event.token, contextName, event.restrictedToken),
        control,
        exited,
        async stop() {
          if (ended) return;
          ended = 'the demo cluster has stopped';
          stopping = true;
          const gone = new Promise<void>((done) => {
            worker.on('message', (message: WorkerEvent) => message.type === 'stopped' && done());
            void exited.then(() => done());
          });
          worker.postMessage({ type: 'stop' } satisfies WorkerCommand);
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([gone, new Promise<void>((done) => (timer = setTimeout(done, STOP_TIMEOUT_MS)))]);
          clearTimeout(timer);
          await worker.terminate();
        },
      });
    });
  });
}
