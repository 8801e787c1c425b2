import * as vscode from 'vscode';
import { DisposableStore } from '../../core/util/disposable';
import { errorMessage } from '../../core/util/errors';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import { kindOfResource, objectPath, resourceOfKind } from '../../core/kube/objectPaths';
import { objectToYaml } from '../../core/kube/objectYaml';

export const LIVE_DOCUMENT_SCHEME = 'cluster-anatomy';

/** What a live document shows: an object's YAML, or the Events about it. */
export interface LiveDocumentTarget {
  readonly view: 'yaml' | 'events';
  readonly context: string;
  readonly resource: string;
  readonly namespace: string;
  readonly name: string;
}

export function liveDocumentUri(target: LiveDocumentTarget): vscode.Uri {
  const segments = [
    target.context,
    target.view,
    target.resource,
    target.namespace || '_',
    `${target.name}.${target.view === 'yaml' ? 'yaml' : 'log'}`,
  ];
  return vscode.Uri.from({ scheme: LIVE_DOCUMENT_SCHEME, path: `/${segments.map(encodeURIComponent).join('/')}` });
}

function parseUri(uri: vscode.Uri): LiveDocumentTarget | undefined {
  const parts = uri.path.split('/').slice(1).map(decodeURIComponent);
  if (parts.length !== 5) return undefined;
  const [context, view, resource, namespace, file] = parts;
  if (view !== 'yaml' && view !== 'events') return undefined;
  return { view, context, resource, namespace: namespace === '_' ? '' : namespace, name: file.replace(/\.(yaml|log)$/, '') };
}

/**
 * Read-only documents that follow the live object: the content is fetched on open and again whenever the
 * session's watch reports a change of that object (or a new Event about it).
 */
export class LiveDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly disposables = new DisposableStore();
  private readonly sessionSubscriptions = new DisposableStore();

  constructor(private readonly live: LiveAnatomy) {
    this.disposables.addAll(
      this.changeEmitter,
      live.onDidChangeSession(() => this.followSession()),
    );
    this.followSession();
  }

  private followSession(): void {
    this.sessionSubscriptions.clear();
    const session = this.live.session;
    if (!session) return;
    this.sessionSubscriptions.addAll(
      session.onDidChangeObject((ref) => this.changed('yaml', ref.resource, ref.namespace, ref.name)),
      session.onEvent((event) => {
        const resource = resourceOfKind(event.involvedKind);
        if (resource) this.changed('events', resource, event.involvedNamespace, event.involvedName);
      }),
    );
  }

  private changed(view: 'yaml' | 'events', resource: string, namespace: string, name: string): void {
    const session = this.live.session;
    if (!session) return;
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme !== LIVE_DOCUMENT_SCHEME) continue;
      const target = parseUri(document.uri);
      if (!target || target.view !== view || target.context !== session.context || target.resource !== resource || target.name !== name)
        continue;
      if (target.namespace && namespace && target.namespace !== namespace) continue;
      this.schedule(document.uri);
    }
  }

  /** Coalesces bursts (a rollout touches an object many times a second) into one refresh. */
  private schedule(uri: vscode.Uri): void {
    const key = uri.toString();
    if (this.pending.has(key)) return;
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        this.changeEmitter.fire(uri);
      }, 300),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parseUri(uri);
    if (!target) return vscode.l10n.t('# Unknown document');
    const session = this.live.session;
    if (!session || session.context !== target.context) {
      return `# ${vscode.l10n.t('Context {0} is not connected; switch to it to follow this object.', target.context)}\n`;
    }
    if (target.view === 'events') return this.events(target);
    // A resource or a name that cannot be addressed is not a missing object.
    if (!objectPath(target.resource, target.namespace, target.name)) return `# ${vscode.l10n.t('Cannot show {0}', target.resource)}\n`;
    try {
      const object = await session.reader.getObject(target);
      if (!object)
        return `# ${vscode.l10n.t('{0} {1} no longer exists.', kindOfResource(target.resource) ?? target.resource, target.name)}\n`;
      return objectToYaml(object);
    } catch (error) {
      return `# ${errorMessage(error).replace(/\n/g, '\n# ')}\n`;
    }
  }

  private events(target: LiveDocumentTarget): string {
    const session = this.live.session;
    const kind = kindOfResource(target.resource) ?? target.resource;
    const events = session?.eventsFor(kind, target.name, target.namespace || 'kube-system') ?? [];
    const header = vscode.l10n.t('Events for {0} {1} (kube-system Events, live)', kind, target.name);
    if (events.length === 0) return `${header}\n\n${vscode.l10n.t('No Events recorded (Events expire after one hour by default).')}\n`;
    const lines = events.map((event) =>
      [
        event.time ?? '',
        event.type,
        event.reason,
        event.source,
        event.count > 1 ? `x${event.count}` : '',
        event.message.replace(/\s+/g, ' '),
      ].join('  '),
    );
    return `${header}\n\n${lines.join('\n')}\n`;
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.sessionSubscriptions.dispose();
    this.disposables.dispose();
  }
}
