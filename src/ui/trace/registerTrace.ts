/**
 * The live trace in VS Code: one trace at a time, of a workload of the current context. Its steps fill the
 * "Trace" view as the cluster records them, and the diagram lights each new one on the walk-through's edges.
 * It reads only (watches); it exports as Markdown or JSON, and saves to a file that opens again without a
 * cluster: the view and the diagram then replay it, at its recorded pace or faster, or step by step.
 */
import * as vscode from 'vscode';
import type { AnatomyTarget } from '../../core/anatomy/target';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import type { TraceService } from '../../core/workspace/traceService';
import { type TraceKind, traceKinds, type TraceTarget } from '../../core/trace/objects';
import { format } from '../../core/util/catalog';
import { componentLabel, renderTraceMarkdown, stepText, traceJson, unreadSentences } from '../../core/trace/render';
import type { Trace, TraceStep } from '../../core/trace/timeline';
import type { TraceSession } from '../../core/trace/traceSession';
import { type ReplaySpeed, replaySpeeds, TraceReplay } from '../../core/trace/replay';
import {
  MAX_SAVED_TRACE_BYTES,
  parseSavedTrace,
  type SavedTrace,
  SavedTraceError,
  savedTraceOf,
  savedTraceText,
} from '../../core/trace/savedTrace';
import { errorMessage } from '../../core/util/errors';
import { plainNotificationText } from '../../core/util/notificationText';
import type { TraceStepMessage } from '../../protocol/diagramProtocol';
import { CommandIds } from '../commandIds';
import { connectedSession } from '../connectedSession';
import {
  TRACE_LIVE_CONTEXT_KEY,
  TRACE_REPLAY_CONTEXT_KEY,
  TRACE_REPLAY_PLAYING_CONTEXT_KEY,
  TRACE_SHOWN_CONTEXT_KEY,
  TRACE_VIEW_ID,
} from './traceIds';
import { pickNextChangeNamespace, pickTraceTarget } from './tracePick';
import { localizedTraceStrings, localTimeText, replayStateText, traceStateText } from './traceText';
import { TRACE_TIMELINE_SCHEME, TraceTimelineDocuments } from './traceTimeline';
import { TraceTreeProvider, type TraceStepElement, type TraceViewSnapshot, tooltipText } from './traceView';

interface Host {
  register<T extends vscode.Disposable>(disposable: T): T;
  readonly log: vscode.LogOutputChannel;
}

export interface TraceOptions {
  readonly live: LiveAnatomy;
  /** The workspace's traces: this view shows the one it runs. */
  readonly traces: TraceService;
  ensureLive(): Promise<void>;
  /** Selects a Pod or node in the anatomy tree, only if the tree shows it. */
  revealInTree(target: AnatomyTarget, options: { readonly ifShown: true }): Promise<unknown>;
  /** The diagram: lights a step in the open panel (or opens one), or puts the light out. */
  readonly diagram: {
    traceStep(step: Omit<TraceStepMessage, 'type'>, options?: { readonly open?: boolean }): void;
    traceEnded(): void;
  };
}

export interface TraceRegistration {
  /** What the Trace view shows now; undefined before the first trace. */
  snapshot(): TraceViewSnapshot | undefined;
}

/**
 * `{ kind, namespace, name, since? }` (the apply command, the tests), a tree row (a workload addon or a Pod), or
 * the diagram's context menu on a Pod's box (its `data-vscode-context`).
 */
export function traceRequestOf(argument: unknown): { target: TraceTarget; since?: number } | undefined {
  if (!argument || typeof argument !== 'object') return undefined;
  const value = argument as Record<string, unknown>;
  if (
    value.webviewSection === 'pod' &&
    typeof value.namespace === 'string' &&
    value.namespace &&
    typeof value.name === 'string' &&
    value.name
  ) {
    return { target: { kind: 'Pod', namespace: value.namespace, name: value.name } };
  }
  const pod = value.pod as { pod?: unknown; namespace?: unknown } | undefined;
  if (
    (value.type === 'pod' || value.type === 'addonPod' || value.type === 'unscheduledPod') &&
    pod &&
    typeof pod.pod === 'string' &&
    typeof pod.namespace === 'string'
  ) {
    return { target: { kind: 'Pod', namespace: pod.namespace, name: pod.pod } };
  }
  const addon = value.addon as { kind?: unknown; namespace?: unknown; name?: unknown } | undefined;
  if (value.type === 'addon' && addon && isTraceKind(addon.kind) && typeof addon.namespace === 'string' && typeof addon.name === 'string') {
    return { target: { kind: addon.kind, namespace: addon.namespace, name: addon.name } };
  }
  if (isTraceKind(value.kind) && typeof value.namespace === 'string' && value.namespace && typeof value.name === 'string' && value.name) {
    const since = typeof value.since === 'number' && Number.isFinite(value.since) ? value.since : undefined;
    return { target: { kind: value.kind, namespace: value.namespace, name: value.name }, ...(since !== undefined && { since }) };
  }
  return undefined;
}

function isTraceKind(value: unknown): value is TraceKind {
  return typeof value === 'string' && Object.hasOwn(traceKinds, value);
}

export function registerTrace(host: Host, options: TraceOptions): TraceRegistration {
  const { live } = options;
  let session: TraceSession | undefined;
  /** The context the live trace reads, for a trace saved from it. */
  let sessionContext: string | undefined;
  /** A saved trace shown instead of a live one. */
  let replay: TraceReplay | undefined;
  let trace: Trace | undefined;
  let strings = localizedTraceStrings();
  const provider = host.register(
    new TraceTreeProvider(
      () => trace,
      () => strings,
    ),
  );
  const view = host.register(vscode.window.createTreeView(TRACE_VIEW_ID, { treeDataProvider: provider }));
  const timeline = host.register(new TraceTimelineDocuments(() => (trace ? renderTraceMarkdown(trace, strings) : undefined)));
  host.register(vscode.workspace.registerTextDocumentContentProvider(TRACE_TIMELINE_SCHEME, timeline));
  const setContext = (key: string, value: boolean) => void vscode.commands.executeCommand('setContext', key, value);

  const describe = () => {
    if (replay) {
      const { kind, namespace, name } = replay.target;
      return { description: `${kind} ${namespace}/${name} · ${replayStateText(replay)}`, message: '' };
    }
    if (!session || !trace) return { description: '', message: '' };
    const { kind, namespace, name } = session.target;
    const description = `${kind} ${namespace}/${name} · ${traceStateText(session.state)}`;
    if (session.state === 'error') return { description, message: vscode.l10n.t('Cannot read the cluster: {0}', session.error ?? '') };
    if (!trace.root) return { description, message: format(strings.notFound, kind, namespace, name) };
    // The counts are the view's first row: a message long enough to wrap would cover the rows below it.
    const parts: string[] = [];
    // What could not be read (EndpointSlices a user may not list) is said, never shown as nothing.
    parts.push(...unreadSentences(trace, strings));
    if (trace.omittedSteps > 0) parts.push(format(strings.omitted, trace.omittedSteps));
    if (trace.steps.length === 0) parts.push(format(strings.noSteps, kind, namespace, name));
    return { description, message: parts.join(' ') };
  };
  const updateView = () => {
    const { description, message } = describe();
    view.description = description;
    view.message = message || undefined;
    timeline.refresh();
  };

  // The diagram lights the path of who did the step, and says which trace and which step of it it shows.
  const diagramContext = (step: TraceStep): Pick<TraceStepMessage, 'by' | 'subject' | 'live' | 'position'> => {
    if (replay) {
      const { kind, namespace, name } = replay.target;
      const steps = replay.saved.trace.steps;
      const index = steps.findIndex((candidate) => candidate.id === step.id);
      return {
        by: step.component,
        subject: `${kind} ${namespace}/${name}`,
        live: false,
        ...(index >= 0 && { position: { index: index + 1, count: steps.length } }),
      };
    }
    if (!session) return { by: step.component };
    const { kind, namespace, name } = session.target;
    const steps = session.current.steps;
    const index = steps.findIndex((candidate) => candidate.id === step.id);
    return {
      by: step.component,
      subject: `${kind} ${namespace}/${name}`,
      live: session.state === 'live' || session.state === 'connecting',
      ...(index >= 0 && { position: { index: index + 1, count: steps.length } }),
    };
  };
  const diagramStep = (step: TraceStep): Omit<TraceStepMessage, 'type'> => ({
    walkStep: step.walkStep,
    caption: stepText(step, strings),
    component: componentLabel(step.component, step.actor, strings),
    time: localTimeText(step),
    ...(step.node && { node: step.node }),
    ...diagramContext(step),
  });

  // A trace reads one context: when the current context changes, the service stops it (its steps stay to read and export).
  host.register(
    options.traces.onDidStop((stopped) => {
      if (stopped !== session) return;
      setContext(TRACE_LIVE_CONTEXT_KEY, false);
      options.diagram.traceEnded();
      updateView();
    }),
  );
  const stop = () => options.traces.stop();

  const endReplay = () => {
    replay?.dispose();
    replay = undefined;
    setContext(TRACE_REPLAY_CONTEXT_KEY, false);
    setContext(TRACE_REPLAY_PLAYING_CONTEXT_KEY, false);
  };
  host.register({ dispose: endReplay });
  const showSaved = (saved: SavedTrace) => {
    // The live trace stops: the view shows one trace at a time, and this one reads no cluster.
    stop();
    endReplay();
    session = undefined;
    strings = localizedTraceStrings();
    const next = new TraceReplay(saved, undefined, saved.trace.steps.length);
    replay = next;
    trace = next.current;
    const revealStep = (step: TraceStep | undefined) => {
      const element = step && provider.element(step.id);
      if (element && view.visible) void provider.reveal(view, element, { select: false, focus: false });
    };
    next.onDidChange((shown) => {
      if (replay !== next) return;
      trace = shown;
      setContext(TRACE_REPLAY_PLAYING_CONTEXT_KEY, next.state === 'playing');
      provider.refresh();
      updateView();
      // At the end the last step is in sight (a fast replay outruns the reveals of the steps before it).
      if (next.state === 'ended') revealStep(next.step);
    });
    next.onDidShowStep((step) => {
      if (replay !== next) return;
      options.diagram.traceStep(diagramStep(step));
      revealStep(step);
    });
    options.diagram.traceEnded();
    provider.refresh();
    updateView();
    setContext(TRACE_SHOWN_CONTEXT_KEY, true);
    setContext(TRACE_LIVE_CONTEXT_KEY, false);
    setContext(TRACE_REPLAY_CONTEXT_KEY, true);
    setContext(TRACE_REPLAY_PLAYING_CONTEXT_KEY, false);
    void vscode.commands.executeCommand(`${TRACE_VIEW_ID}.focus`);
    host.log.info(
      `Saved trace of ${saved.trace.target.kind} ${saved.trace.target.namespace}/${saved.trace.target.name} opened (${saved.trace.steps.length} steps, saved ${saved.savedAt})`,
    );
  };

  const start = async (target: TraceTarget, since?: number): Promise<TraceTarget | undefined> => {
    const cluster = await connectedSession(live, options.ensureLive);
    if (!cluster) return undefined;
    const next = options.traces.start(target, since);
    if (!next) return undefined;
    endReplay();
    strings = localizedTraceStrings();
    session = next;
    sessionContext = cluster.context;
    trace = next.current;
    next.onDidChange((rebuilt) => {
      if (session !== next) return;
      trace = rebuilt;
      provider.refresh();
      updateView();
    });
    next.onDidAddSteps((steps) => {
      if (session !== next) return;
      for (const step of steps) options.diagram.traceStep(diagramStep(step));
      // The newest step comes into sight unless the user is reading a row of their own choosing.
      const newest = provider.element(steps[steps.length - 1]!.id);
      if (newest && view.visible && view.selection.length === 0) void provider.reveal(view, newest, { select: false, focus: false });
    });
    next.onDidChangeState((state) => {
      if (session !== next) return;
      setContext(TRACE_LIVE_CONTEXT_KEY, state !== 'stopped');
      updateView();
    });
    provider.refresh();
    updateView();
    setContext(TRACE_SHOWN_CONTEXT_KEY, true);
    setContext(TRACE_LIVE_CONTEXT_KEY, true);
    void vscode.commands.executeCommand(`${TRACE_VIEW_ID}.focus`);
    host.log.info(
      `Trace of ${target.kind} ${target.namespace}/${target.name} on ${cluster.context}${since !== undefined ? ` since ${new Date(since).toISOString()}` : ''}`,
    );
    await next.start();
    if (session !== next) return target;
    trace = next.current;
    provider.refresh();
    updateView();
    if (next.state === 'error')
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'Cannot trace {0} {1}/{2}: {3}',
          target.kind,
          plainNotificationText(target.namespace),
          plainNotificationText(target.name),
          plainNotificationText(next.error ?? ''),
        ),
      );
    return target;
  };

  host.register(
    vscode.commands.registerCommand(CommandIds.startTrace, async (argument?: unknown) => {
      const request = traceRequestOf(argument);
      if (request) return start(request.target, request.since);
      const cluster = await connectedSession(live, options.ensureLive);
      if (!cluster) return undefined;
      const target = await pickTraceTarget(cluster.reader.api, live.namespace);
      return target ? start(target) : undefined;
    }),
  );
  host.register(
    vscode.commands.registerCommand(CommandIds.traceItem, (argument?: unknown) =>
      vscode.commands.executeCommand(CommandIds.startTrace, argument),
    ),
  );
  host.register(vscode.commands.registerCommand(CommandIds.stopTrace, stop));

  host.register(
    vscode.commands.registerCommand(CommandIds.traceNextChange, async (argument?: unknown) => {
      const cluster = await connectedSession(live, options.ensureLive);
      if (!cluster) return undefined;
      // Any namespace the user can read: given (`{ namespace }`, the tests), or picked.
      const given = (argument as { namespace?: unknown } | undefined)?.namespace;
      const namespace = typeof given === 'string' && given ? given : await pickNextChangeNamespace(cluster.reader.api, live.namespace);
      if (!namespace) return undefined;
      const watch = options.traces.waitForNextChange(namespace);
      if (!watch) return undefined;
      return vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Waiting for the next change to a Deployment or DaemonSet in {0}…', watch.namespace),
          cancellable: true,
        },
        (_progress, cancellation) =>
          new Promise<TraceTarget | undefined>((resolve) => {
            let finished = false;
            const finish = (value: TraceTarget | undefined) => {
              if (finished) return;
              finished = true;
              watch.dispose();
              resolve(value);
            };
            cancellation.onCancellationRequested(() => finish(undefined));
            // Ended without a change (the context changed, or a new wait replaced it): the notification goes.
            watch.onDidStopWaiting(() => finish(undefined));
            watch.onDidChange((change) => {
              host.log.info(
                `Next change in ${watch.namespace}: ${change.target.kind} ${change.target.name} (generation ${change.from ?? 'new'} → ${change.to ?? '?'})`,
              );
              finish(change.target);
              void start(change.target, change.since);
            });
            void watch.start().then(() => {
              if (!watch.error) return;
              void vscode.window.showErrorMessage(
                vscode.l10n.t('Cannot watch {0}: {1}', plainNotificationText(watch.namespace), plainNotificationText(watch.error)),
              );
              finish(undefined);
            });
          }),
      );
    }),
  );

  const selectedStep = (): TraceStep | undefined => {
    const element = view.selection[0];
    return (element && provider.step(element)) ?? trace?.steps[trace.steps.length - 1];
  };
  host.register(
    vscode.commands.registerCommand(CommandIds.revealTraceStep, async (stepId?: unknown) => {
      const element: TraceStepElement | undefined = typeof stepId === 'string' ? provider.element(stepId) : undefined;
      const step = element && provider.step(element);
      if (!step) return;
      options.diagram.traceStep(diagramStep(step));
      const target: AnatomyTarget | undefined =
        step.object.kind === 'Pod'
          ? { pod: { namespace: step.object.namespace, name: step.object.name } }
          : step.node
            ? { node: step.node }
            : undefined;
      if (target) await options.revealInTree(target, { ifShown: true });
    }),
  );
  host.register(
    vscode.commands.registerCommand(CommandIds.showTraceInDiagram, () => {
      const step = selectedStep();
      if (step) options.diagram.traceStep(diagramStep(step), { open: true });
      else void vscode.commands.executeCommand(CommandIds.showDiagram);
    }),
  );

  host.register(
    vscode.commands.registerCommand(CommandIds.openTraceTimeline, async () => {
      if (!trace || (!session && !replay)) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('No trace to show yet: start one with Cluster Anatomy: Trace a Workload….'),
        );
        return undefined;
      }
      const { kind, namespace, name } = trace.target;
      const uri = timeline.uriFor(kind, namespace, name);
      // The Markdown preview draws the table; without the built-in Markdown extension the text itself is shown.
      try {
        await vscode.commands.executeCommand('markdown.showPreview', uri);
      } catch {
        await vscode.window.showTextDocument(uri, { preview: true });
      }
      return uri;
    }),
  );

  const exportTrace = async (kind: 'markdown' | 'json', argument: unknown): Promise<vscode.Uri | undefined> => {
    const current = trace;
    if (!current || (!session && !replay)) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No trace to export yet: start one with Cluster Anatomy: Trace a Workload….'),
      );
      return undefined;
    }
    const extension = kind === 'markdown' ? 'md' : 'json';
    const { kind: objectKind, name } = current.target;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const fileName = `trace-${objectKind.toLowerCase()}-${name}.${extension}`.replace(/[^\w.-]+/g, '_');
    // A Uri given by the caller (the tests) stands for the save dialog's answer.
    const target =
      argument instanceof vscode.Uri
        ? argument
        : await vscode.window.showSaveDialog({
            ...(folder && { defaultUri: vscode.Uri.joinPath(folder, fileName) }),
            filters: kind === 'markdown' ? { Markdown: ['md'] } : { JSON: ['json'] },
          });
    if (!target) return undefined;
    // Markdown is for people (their language); JSON is for tools, in the CLI's English, like `trace --json`.
    const content = kind === 'markdown' ? renderTraceMarkdown(current, strings) : `${JSON.stringify(traceJson(current), null, 2)}\n`;
    await vscode.workspace.fs.writeFile(target, Buffer.from(content, 'utf8'));
    void vscode.window.showInformationMessage(vscode.l10n.t('Trace saved to {0}', target.fsPath || target.toString()));
    return target;
  };
  const exported = (kind: 'markdown' | 'json') => async (argument?: unknown) => {
    try {
      return await exportTrace(kind, argument);
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not export the trace: {0}', plainNotificationText(errorMessage(error))));
      return undefined;
    }
  };
  host.register(vscode.commands.registerCommand(CommandIds.exportTraceMarkdown, exported('markdown')));
  host.register(vscode.commands.registerCommand(CommandIds.exportTraceJson, exported('json')));

  // Saved: the whole trace (a replay's every step, not just those shown) and the Events it kept.
  const saveTrace = async (argument?: unknown): Promise<vscode.Uri | undefined> => {
    const saved = replay
      ? replay.saved
      : session
        ? savedTraceOf(session.current, session.keptEvents(), { context: sessionContext ?? null })
        : undefined;
    if (!saved) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No trace to save yet: start one with Cluster Anatomy: Trace a Workload….'));
      return undefined;
    }
    const { kind, name } = saved.trace.target;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const fileName = `trace-${kind.toLowerCase()}-${name}.trace.json`.replace(/[^\w.-]+/g, '_');
    const target =
      argument instanceof vscode.Uri
        ? argument
        : await vscode.window.showSaveDialog({
            ...(folder && { defaultUri: vscode.Uri.joinPath(folder, fileName) }),
            filters: { [vscode.l10n.t('Saved Trace')]: ['json'] },
          });
    if (!target) return undefined;
    try {
      await vscode.workspace.fs.writeFile(target, Buffer.from(savedTraceText(saved), 'utf8'));
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not save the trace: {0}', plainNotificationText(errorMessage(error))));
      return undefined;
    }
    void vscode.window.showInformationMessage(vscode.l10n.t('Trace saved to {0}', target.fsPath || target.toString()));
    return target;
  };
  host.register(vscode.commands.registerCommand(CommandIds.saveTrace, saveTrace));

  // Opened: checked whole before anything shown is replaced, so a file refused loses nothing.
  host.register(
    vscode.commands.registerCommand(CommandIds.openSavedTrace, async (argument?: unknown) => {
      const uri =
        argument instanceof vscode.Uri
          ? argument
          : (
              await vscode.window.showOpenDialog({
                canSelectMany: false,
                openLabel: vscode.l10n.t('Open the Trace'),
                filters: { [vscode.l10n.t('Saved Trace')]: ['json'] },
              })
            )?.[0];
      if (!uri) return undefined;
      let saved: SavedTrace;
      try {
        const { size } = await vscode.workspace.fs.stat(uri);
        if (size > MAX_SAVED_TRACE_BYTES) throw new SavedTraceError(`the file is larger than ${MAX_SAVED_TRACE_BYTES / 2 ** 20} MiB`);
        saved = parseSavedTrace(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      } catch (error) {
        void vscode.window.showErrorMessage(
          vscode.l10n.t(
            'Cannot open the saved trace {0}: {1}',
            plainNotificationText(uri.path.split('/').pop() ?? uri.toString()),
            plainNotificationText(errorMessage(error)),
          ),
        );
        return undefined;
      }
      showSaved(saved);
      return saved.trace.target;
    }),
  );
  host.register(
    vscode.commands.registerCommand(CommandIds.replayTrace, async (argument?: unknown) => {
      const current = replay;
      if (!current) return;
      let speed: ReplaySpeed | undefined = replaySpeeds.find((candidate) => candidate === argument);
      if (speed === undefined) {
        const picked = await vscode.window.showQuickPick(
          replaySpeeds.map((value) => ({
            label: value === 1 ? vscode.l10n.t('At the Recorded Pace') : vscode.l10n.t('{0}× Faster', value),
            description: value === current.speed ? vscode.l10n.t('last used') : '',
            speed: value,
          })),
          {
            title: vscode.l10n.t('Replay the Saved Trace'),
            placeHolder: vscode.l10n.t('How fast? A quiet stretch longer than 10 seconds is shortened to 10 seconds.'),
          },
        );
        speed = picked?.speed;
      }
      if (speed !== undefined && replay === current) current.play(speed);
    }),
  );
  host.register(vscode.commands.registerCommand(CommandIds.pauseTraceReplay, () => replay?.pause()));
  host.register(vscode.commands.registerCommand(CommandIds.nextTraceStep, () => replay?.next()));
  host.register(vscode.commands.registerCommand(CommandIds.previousTraceStep, () => replay?.previous()));

  return {
    snapshot: () => {
      const shown = replay ?? session;
      if (!shown || !trace) return undefined;
      const { description, message } = describe();
      const items = provider.stepElements().map((element) => {
        const item = provider.getTreeItem(element);
        const step = provider.step(element);
        return {
          id: element.id,
          label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
          description: typeof item.description === 'string' ? item.description : '',
          tooltip: tooltipText(item),
          step: step ? stepText(step, strings) : '',
        };
      });
      return { target: shown.target, state: shown.state, description, message, summary: provider.summaryText(), items };
    },
  };
}
