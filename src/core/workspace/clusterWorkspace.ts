import type { ConnectionStatus } from '../anatomy/connection';
import type { ManifestRef, ObjectRef } from '../anatomy/clusterSession';
import { LiveAnatomy, type LiveAnatomyOptions } from '../anatomy/liveAnatomy';
import type { FieldSchema } from '../fields/schema/openApiSchema';
import type { PlacementStrings } from '../placement/strings';
import { KubeconfigService, type KubeconfigServiceOptions } from '../kubeconfig/kubeconfigService';
import { type Disposable, DisposableStore } from '../util/disposable';
import { Emitter, type Event } from '../util/event';
import { type ContextStatus, deriveContextStatus } from './contextStatus';
import { AskedPlacement } from './askedPlacement';
import { HandsOnMonitor } from './handsOnMonitor';
import { HealthMonitor, type HealthMonitorOptions } from './healthMonitor';
import { PlacementMonitor, type PlacementMonitorOptions } from './placementMonitor';
import { TraceService } from './traceService';

export interface ClusterWorkspaceOptions {
  /** How the kubeconfig is found; `trusted` is Workspace Trust at start (grantTrust changes it). */
  readonly kubeconfig: KubeconfigServiceOptions;
  /** Tests shorten the sessions' timings. */
  readonly session?: LiveAnatomyOptions['session'];
  readonly health?: HealthMonitorOptions;
  readonly placement?: PlacementMonitorOptions;
  /** The placement catalog in the reader's language, for the answers the placement view draws. */
  readonly placementStrings?: PlacementStrings;
  /** Tests shorten how long a trace gathers changes. */
  readonly trace?: { readonly throttleMs?: number };
}

/**
 * The one owner of the cluster state: the kubeconfig (files, contexts, the switch), the live anatomy of the
 * current context with the status derived from both, and the features that read the context (health,
 * placement, the hands-on's checks, traces), each reading through the context's shared watches and each
 * ending with the context. The status bar, the tree, the diagram, the hovers, the live documents, the
 * hands-on and the Trace view read it; none of them builds its own.
 */
export class ClusterWorkspace implements Disposable {
  readonly kubeconfig: KubeconfigService;
  readonly live: LiveAnatomy;
  /** The control plane's checks, leaders, skew and certificates, refreshed while a view shows them. */
  readonly health: HealthMonitor;
  /** Where Pods fit and why, from a watch of all bound Pods started when a view first asks. */
  readonly placement: PlacementMonitor;
  /** The Pod or workload the user asked about in the placement view, kept answered while the cluster changes. */
  readonly askedPlacement: AskedPlacement;
  /** The hands-on's checks on the current context, run while a view looks or the hands-on is begun. */
  readonly handsOn: HandsOnMonitor;
  /** One live trace at a time, and the wait for the next change. */
  readonly traces: TraceService;
  private readonly statusEmitter = new Emitter<ContextStatus>();
  /** Fires whenever the kubeconfig or the connection changes what the current context's status says. */
  readonly onDidChangeContextStatus: Event<ContextStatus> = this.statusEmitter.event;
  private trusted: boolean;
  private readonly disposables = new DisposableStore();

  constructor(options: ClusterWorkspaceOptions) {
    this.trusted = options.kubeconfig.trusted ?? false;
    this.kubeconfig = this.disposables.add(new KubeconfigService(options.kubeconfig));
    this.live = this.disposables.add(new LiveAnatomy(this.kubeconfig, { trusted: () => this.trusted, session: options.session }));
    this.health = this.disposables.add(new HealthMonitor(this.live, options.health));
    this.placement = this.disposables.add(new PlacementMonitor(this.live, options.placement));
    this.askedPlacement = this.disposables.add(new AskedPlacement(this.placement, this.live, options.placementStrings));
    this.handsOn = this.disposables.add(new HandsOnMonitor(this.live));
    this.traces = this.disposables.add(
      new TraceService({
        // A session's watches serve a trace whatever the anatomy's status: a user who may not read kube-system may trace their own.
        hub: () => this.live.session?.hub,
        onDidChangeContext: this.live.onDidChangeSession,
        ...options.trace,
      }),
    );
    this.disposables.addAll(
      this.statusEmitter,
      this.kubeconfig.onDidChange(() => this.statusEmitter.fire(this.contextStatus)),
      this.live.onDidChangeStatus(() => this.statusEmitter.fire(this.contextStatus)),
    );
  }

  /** The current context's status: the kubeconfig's problems first, then what its connection says. */
  get contextStatus(): ContextStatus {
    return deriveContextStatus(this.kubeconfig.state, this.connectionStatus());
  }

  private connectionStatus(): ConnectionStatus | undefined {
    const current = this.kubeconfig.state.current;
    const status = this.live.status;
    if (current === undefined || !this.live.isStarted || !status) return undefined;
    // A status about the previous context means the connection has not caught up with the switch yet.
    return status.context === current ? status : { state: 'connecting', context: current };
  }

  /**
   * Workspace Trust was granted: the workspace's kubeconfig setting counts and exec plugins may run. The
   * connection (if one was wanted) is made again once, with the new credentials.
   */
  grantTrust(setting: KubeconfigServiceOptions['setting']): Promise<void> {
    this.trusted = true;
    this.kubeconfig.update({ setting, trusted: true });
    // The update may already have reconnected (the context's signature includes trust): start() shares it.
    return this.live.isStarted ? this.live.start() : Promise.resolve();
  }

  /** An object of the current context, read now; undefined when it does not exist or nothing is connected. */
  async getObject(ref: ObjectRef | ManifestRef): Promise<object | undefined> {
    const session = this.live.session;
    if (!session || this.live.status?.state !== 'connected') return undefined;
    return session.reader.getObject(ref);
  }

  /** A field's type and description from the current context's API server; undefined when nothing is connected. */
  async fieldSchema(apiVersion: string, kind: string, path: readonly (string | number)[]): Promise<FieldSchema | undefined> {
    const session = this.live.session;
    if (!session || this.live.status?.state !== 'connected') return undefined;
    return session.reader.fieldSchema(apiVersion, kind, path);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
