/**
 * The trace as a timeline in the editor area: a read-only Markdown document that follows the live trace, shown
 * in the Markdown preview. The sidebar's rows keep the time and the component; this has room for every column,
 * the evidence included, and the view's export commands save the same text.
 */
import * as vscode from 'vscode';

export const TRACE_TIMELINE_SCHEME = 'cluster-anatomy-trace';

export class TraceTimelineDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  /** The timelines opened so far: each follows the trace the view shows now. */
  private readonly opened = new Map<string, vscode.Uri>();

  constructor(private readonly markdown: () => string | undefined) {}

  provideTextDocumentContent(): string {
    return this.markdown() ?? '';
  }

  /** The document of a trace, named after its object so the editor's tab says which. */
  uriFor(kind: string, namespace: string, name: string): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: TRACE_TIMELINE_SCHEME,
      path: `/${`trace-${kind}-${namespace}-${name}`.replace(/[^\w.-]+/g, '_')}.md`,
    });
    this.opened.set(uri.toString(), uri);
    return uri;
  }

  /** The trace changed: every open timeline shows it again. */
  refresh(): void {
    for (const uri of this.opened.values()) this.changeEmitter.fire(uri);
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}
