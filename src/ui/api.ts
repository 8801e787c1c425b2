import type * as vscode from 'vscode';
import type { AnatomyTarget } from '../core/anatomy/target';
import type { ClusterAnatomy } from '../core/anatomy/types';
import type { DemoCluster } from '../demo';
import type { HandsOnReport } from '../core/handsOn/checks';
import type { StepProgress } from '../core/handsOn/progress';
import type { ConnectionStatus } from '../core/anatomy/connection';
import type { RenderReport } from '../protocol/diagramProtocol';
import type { ContextStatusSnapshot, PickRow } from './statusBar/contextSwitcher';
import type { RenderedTreeItem } from './tree/anatomyTreeProvider';
import type { TraceViewSnapshot } from './trace/traceView';

/** What `activate()` returns to other extensions and to the tests. Versioned: fields are only ever added. */
export interface ClusterAnatomyApi {
  readonly apiVersion: 1;
  readonly extensionVersion: string;
  /** Milliseconds spent in activate(), measured in the host. */
  readonly activationMs: number;
  /**
   * The current anatomy, the same object as `cluster-anatomy tree --json` prints, with lease ages as of now.
   * Connects on first use; resolves to undefined when the current context cannot be read.
   */
  getAnatomy(): Promise<ClusterAnatomy | undefined>;
  /** Fires (coalesced) whenever the anatomy of the current context changes. */
  readonly onDidChangeAnatomy: vscode.Event<ClusterAnatomy>;
  /** The connection to the current context. */
  readonly connectionStatus: ConnectionStatus | undefined;
  readonly onDidChangeConnectionStatus: vscode.Event<ConnectionStatus | undefined>;
  /** What the status-bar item shows (VS Code offers no way to read a status item). */
  readonly contextStatus: ContextStatusSnapshot;
  readonly onDidChangeContextStatus: vscode.Event<ContextStatusSnapshot>;
  /** The rows the context picker would show now: headings, contexts and actions. */
  contextPickRows(): readonly PickRow[];
  /** The anatomy tree's items under `parentId` (the roots without it), rendered as the view shows them. */
  getTreeItems(parentId?: string): RenderedTreeItem[];
  /** Selects a node's or a Pod's item in the tree (as the diagram does on click); resolves to its id if shown. */
  revealInTree(target: AnatomyTarget): Promise<string | undefined>;
  /** What the diagram webview last reported it drew (counts of nodes, components, edges), if it is open. */
  lastDiagramRender(): RenderReport | undefined;
  /** The demo cluster this window serves, once opened: its server, and scenarios for tests and teaching. */
  readonly demoCluster: DemoCluster | undefined;
  /** The hands-on's last report on the current context (undefined before the hands-on is begun or viewed). */
  handsOn(): HandsOnReport | undefined;
  /** Where the learner stands with each hands-on step: not run yet, run and holding, or no longer holding (what the walkthrough ticks on). */
  handsOnProgress(): readonly StepProgress[];
  /** What the Trace view shows: the traced workload, whether it is live, and its steps as rows (undefined before the first trace). */
  trace(): TraceViewSnapshot | undefined;
}
