import type { KubeConfig } from '@kubernetes/client-node';
import { isKubeconfigProblem } from '../kubeconfig/clientConfig';
import type { ConnectionStatus } from './connection';
import type { KubeconfigService } from '../kubeconfig/kubeconfigService';
import { Emitter } from '../util/event';
import { type Disposable, DisposableStore } from '../util/disposable';
import { ClusterSession, type ClusterSessionOptions } from './clusterSession';
import type { AnatomySource } from './source';
import type { SlimMeta } from '../kube/slim';
import type { ClusterAnatomy, LeaseInfo } from './types';
import { errorMessage } from '../util/errors';

export interface LiveAnatomyOptions {
  /** Whether exec credential plugins may run (Workspace Trust). Read at each (re)connect. */
  readonly trusted: () => boolean;
  /** Tests shorten the session's timings. */
  readonly session?: Partial<Omit<ClusterSessionOptions, 'context' | 'config'>>;
}

/**
 * The anatomy of whatever context is current: one ClusterSession at a time, replaced (and every watch of the
 * old one closed) when the current context, its cluster or its user changes.
 */
export class LiveAnatomy implements AnatomySource, Disposable {
  private readonly changeEmitter = new Emitter<ClusterAnatomy>();
  private readonly leaseEmitter = new Emitter<string>();
  private readonly statusEmitter = new Emitter<ConnectionStatus | undefined>();
  private readonly sessionEmitter = new Emitter<ClusterSession | undefined>();
  readonly onDidChange = this.changeEmitter.event;
  readonly onLeaseRenewed = this.leaseEmitter.event;
  readonly onDidChangeStatus = this.statusEmitter.event;
  /** Fires when the session is replaced (a context switch), so views drop what they showed. */
  readonly onDidChangeSession = this.sessionEmitter.event;

  private currentSession: ClusterSession | undefined;
  private readonly sessionSubscriptions = new DisposableStore();
  private connectionStatus: ConnectionStatus | undefined;
  private signature = '';
  private generation = 0;
  private connecting: Promise<void> | undefined;
  private readonly kubeconfigSubscription: Disposable;
  private disposed = false;
  private started = false;

  constructor(
    private readonly kubeconfig: KubeconfigService,
    private readonly options: LiveAnatomyOptions,
  ) {
    // Nothing connects before start(): activation loads no client and opens no connection.
    this.kubeconfigSubscription = kubeconfig.onDidChange(() => (this.started ? this.followKubeconfig() : undefined));
  }

  get isStarted(): boolean {
    return this.started;
  }

  get session(): ClusterSession | undefined {
    return this.currentSession;
  }

  get current(): ClusterAnatomy | undefined {
    return this.currentSession?.current;
  }

  /** The current context's namespace (kubeconfig `namespace`), where kubectl puts objects that name none. */
  get namespace(): string {
    const state = this.kubeconfig.state;
    return state.contexts.find((context) => context.name === state.current)?.namespace || 'default';
  }

  leaseOf(node: string): LeaseInfo | null {
    return this.currentSession?.leaseOf(node) ?? null;
  }

  podMeta(namespace: string, name: string): SlimMeta | undefined {
    return this.currentSession?.podMeta(namespace, name);
  }

  get status(): ConnectionStatus | undefined {
    return this.connectionStatus;
  }

  /** Connects to the current context (first use), or reconnects when something relevant changed. */
  start(): Promise<void> {
    this.started = true;
    return this.followKubeconfig();
  }

  /** Drops the session and connects again (the tree's Retry). */
  restart(): Promise<void> {
    this.started = true;
    this.connecting = undefined;
    return this.followKubeconfig();
  }

  private contextSignature(): string {
    const state = this.kubeconfig.state;
    const merged = this.kubeconfig.mergedConfig;
    const name = state.current;
    if (!name) return '';
    const context = merged.contexts.get(name);
    const cluster = context?.value.cluster ? merged.clusters.get(context.value.cluster) : undefined;
    const user = context?.value.user ? merged.users.get(context.value.user) : undefined;
    return JSON.stringify([name, context?.value, cluster?.value, user?.value, this.options.trusted()]);
  }

  private followKubeconfig(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const signature = this.contextSignature();
    // The same context again: share the connection under way (or done) instead of starting another.
    if (signature === this.signature && this.connecting) return this.connecting;
    this.signature = signature;
    this.connecting = this.connect(++this.generation);
    return this.connecting;
  }

  private async connect(generation: number): Promise<void> {
    this.closeSession();
    const contextName = this.kubeconfig.state.current;
    if (!contextName) {
      this.setStatus(undefined);
      return;
    }
    this.setStatus({ state: 'connecting', context: contextName });
    let config: KubeConfig;
    try {
      const result = await this.kubeconfig.clientConfigFor(contextName, { trusted: this.options.trusted() });
      if (generation !== this.generation) return;
      if (isKubeconfigProblem(result)) {
        this.setStatus({
          state: result.kind === 'needsTrust' ? 'needsTrust' : 'unreachable',
          context: contextName,
          message: result.message,
        });
        return;
      }
      config = result;
    } catch (error) {
      if (generation !== this.generation) return;
      this.setStatus({ state: 'unreachable', context: contextName, message: errorMessage(error) });
      return;
    }
    const session = new ClusterSession({ ...this.options.session, context: contextName, config });
    this.currentSession = session;
    this.sessionSubscriptions.addAll(
      session.onDidChange((anatomy) => this.changeEmitter.fire(anatomy)),
      session.onLeaseRenewed((node) => this.leaseEmitter.fire(node)),
      session.onDidChangeStatus((status) => {
        // A closed session's last word: the next session (or none) speaks for the context now.
        if (status.state !== 'stopped') this.setStatus(status);
      }),
    );
    this.sessionEmitter.fire(session);
    await session.start();
  }

  private closeSession(): void {
    this.sessionSubscriptions.clear();
    const old = this.currentSession;
    this.currentSession = undefined;
    if (old) {
      old.dispose();
      this.sessionEmitter.fire(undefined);
    }
  }

  private setStatus(status: ConnectionStatus | undefined): void {
    this.connectionStatus = status;
    this.statusEmitter.fire(status);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.generation++;
    this.kubeconfigSubscription.dispose();
    this.closeSession();
    for (const emitter of [this.changeEmitter, this.leaseEmitter, this.statusEmitter, this.sessionEmitter]) emitter.dispose();
  }
}
