/**
 * "Apply to Cluster…": the active YAML editor's objects go to the current context by server-side apply, after a
 * dry run whose answer opens in a diff editor (your manifest against what kube-apiserver would store) and a
 * confirmation that says what the server filled in and, off the demo cluster, names the context and its server.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import {
  type AppliedObject,
  applyPlan,
  type ApplyPlan,
  type ApplyReport,
  planApply,
  planDocuments,
  resolveTargets,
  targetName,
  traceableObject,
} from '../../core/apply/applyManifest';
import { ManifestError, parseManifestObjects } from '../../core/apply/manifestObjects';
import type { DemoCluster } from '../../demo';
import { errorMessage } from '../../core/util/errors';
import { plainNotificationText } from '../../core/util/notificationText';
import { isDemoTarget, realClusterWriteRefusal } from '../clusterWrites';
import { CommandIds } from '../commandIds';
import { connectedSession } from '../connectedSession';
import { addedFieldsHeadline, appliedText, forceLabel, objectSummary, ownershipHeading, planSummary } from './applyText';

interface Host {
  register<T extends vscode.Disposable>(disposable: T): T;
  readonly log: vscode.LogOutputChannel;
  readonly context: vscode.ExtensionContext;
}

export interface ApplyOptions {
  readonly live: LiveAnatomy;
  ensureLive(): Promise<void>;
  /** The demo cluster, when this window serves one. */
  demo(): DemoCluster | undefined;
}

/** The read-only documents the diff editor compares. */
export const APPLY_PREVIEW_SCHEME = 'cluster-anatomy-apply';

/** Follows an applied workload to its running containers; registered by the trace feature when present. */
const TRACE_START_COMMAND = 'clusterAnatomy.trace.start';

export type ConfirmationChoice = 'apply' | 'force';

export interface ConfirmationRequest {
  readonly message: string;
  readonly detail: string;
  readonly choices: readonly { readonly id: ConfirmationChoice; readonly label: string }[];
}

/** What the command did, for the integration tests and for other extensions that run it. */
export interface ApplyCommandResult {
  readonly outcome: 'applied' | 'cancelled' | 'refused' | 'failed';
  readonly context?: string;
  /** Fields kube-apiserver would add (defaults and admission), from the dry run. */
  readonly addedCount?: number;
  /** The two documents of the diff editor. */
  readonly preview?: { readonly manifest: string; readonly stored: string };
  readonly applied?: readonly {
    readonly kind: string;
    readonly namespace?: string;
    readonly name: string;
    readonly outcome: AppliedObject['outcome'];
  }[];
  readonly message?: string;
}

/** Keeps the texts of the last previews for the diff editor; each preview has its own URIs. */
class ApplyPreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private count = 0;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(APPLY_PREVIEW_SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  add(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: APPLY_PREVIEW_SCHEME, path: `/${++this.count}/${name}` });
    this.texts.set(uri.toString(), text);
    // The last few previews stay readable (a diff editor reopened from history); older ones are dropped.
    while (this.texts.size > 8) this.texts.delete(this.texts.keys().next().value!);
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}

async function modalConfirmation(request: ConfirmationRequest, warning: boolean): Promise<ConfirmationChoice | undefined> {
  const show = warning ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const picked = await show(request.message, { modal: true, detail: request.detail }, ...request.choices.map((choice) => choice.label));
  return request.choices.find((choice) => choice.label === picked)?.id;
}

/**
 * The integration tests answer the confirmations instead of a person. This exists only in the builds made for
 * them (CLUSTER_ANATOMY_TEST_HOOKS, set by esbuild.mjs --test-hooks): the packaged extension has no command that
 * answers a confirmation. Even there it needs a test run (the runners install the test package beside a test
 * harness, so it is not in Test mode itself, and say so in the extension host's environment), and every check
 * before the confirmation still applies.
 */
function testConfirmationAnswers(
  host: Host,
): ((request: ConfirmationRequest) => { readonly answer: ConfirmationChoice | undefined } | undefined) | undefined {
  if (host.context.extensionMode !== vscode.ExtensionMode.Test && process.env.CLUSTER_ANATOMY_TEST_SOURCE === undefined) return undefined;
  const answers: (ConfirmationChoice | 'cancel')[] = [];
  const prompts: ConfirmationRequest[] = [];
  host.register(
    vscode.commands.registerCommand('clusterAnatomy.apply.answerConfirmationsForTests', (given?: unknown) => {
      if (Array.isArray(given))
        answers.push(
          ...given.filter((answer): answer is ConfirmationChoice | 'cancel' => ['apply', 'force', 'cancel'].includes(answer as string)),
        );
      return prompts.splice(0);
    }),
  );
  return (request) => {
    if (answers.length === 0) return undefined;
    prompts.push(request);
    const answer = answers.shift();
    return { answer: answer === 'cancel' ? undefined : answer };
  };
}

/** A name from the kubeconfig or the cluster on a button: plain, and short enough to stay one. */
function buttonName(name: string): string {
  return plainNotificationText(name, 60);
}

export function registerApply(host: Host, options: ApplyOptions): void {
  const { live } = options;
  const previews = host.register(new ApplyPreviewDocuments());

  const testAnswer = CLUSTER_ANATOMY_TEST_HOOKS ? testConfirmationAnswers(host) : undefined;
  const confirm = async (request: ConfirmationRequest, warning: boolean): Promise<ConfirmationChoice | undefined> => {
    const answered = testAnswer?.(request);
    return answered ? answered.answer : modalConfirmation(request, warning);
  };

  host.register(
    vscode.commands.registerCommand(CommandIds.applyManifest, async (resource?: unknown): Promise<ApplyCommandResult> => {
      const document = await manifestDocument(resource);
      if (!document) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Open a YAML manifest in the editor first.'));
        return { outcome: 'refused' };
      }
      const session = await connectedSession(live, options.ensureLive);
      if (!session) return { outcome: 'refused' };
      const where = {
        context: session.context,
        server: session.server,
        demo: isDemoTarget({ context: session.context, server: session.server }, options.demo()),
      };
      if (!where.demo) {
        const refusal = realClusterWriteRefusal();
        if (refusal) {
          void vscode.window.showWarningMessage(refusal);
          return { outcome: 'refused', context: where.context, message: refusal };
        }
      }

      let plan: ApplyPlan;
      try {
        const objects = parseManifestObjects(document.getText());
        plan = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Asking kube-apiserver for a dry run…') },
          async () =>
            planApply(session.reader.api, await resolveTargets(session.reader.api, objects, { defaultNamespace: live.namespace })),
        );
      } catch (error) {
        if (error instanceof ManifestError && error.line !== undefined) revealLine(document, error.line);
        const message = errorMessage(error);
        void vscode.window.showErrorMessage(vscode.l10n.t('The manifest cannot be applied: {0}', plainNotificationText(message)));
        return { outcome: 'failed', context: where.context, message };
      }

      const preview = await showPreview(document, plan);
      if (!plan.canApply) {
        const refused = plan.objects.filter(
          (object) => object.problem && object.problem.kind !== 'conflict' && object.problem.kind !== 'namespace-pending',
        );
        const message = refused.flatMap(objectSummary).join('\n');
        const shown = refused.map((object) => objectSummary(object)[0]).join(' ');
        void vscode.window.showErrorMessage(
          vscode.l10n.t('kube-apiserver refused the dry run, so nothing was applied: {0}', plainNotificationText(shown)),
        );
        return { outcome: 'failed', context: where.context, addedCount: plan.addedCount, preview, message };
      }

      const applyLabel = where.demo ? vscode.l10n.t('Apply') : vscode.l10n.t('Apply to {0}', buttonName(where.context));
      const choice = await confirm(
        {
          message: addedFieldsHeadline(plan.addedCount),
          detail: planSummary(plan, where),
          choices: [
            // The detail above has listed each field force takes, and from whom.
            plan.needsForce ? { id: 'force', label: forceLabel(plan) } : { id: 'apply', label: applyLabel },
          ],
        },
        // A warning too when some objects could not be checked: the apply may stop after creating their namespace.
        !where.demo || plan.needsForce || plan.unchecked.length > 0,
      );
      if (!choice) return { outcome: 'cancelled', context: where.context, addedCount: plan.addedCount, preview };

      const since = Date.now();
      let report: ApplyReport;
      const applied: AppliedObject[] = [];
      try {
        const run = (force: boolean, from: number) =>
          vscode.window.withProgress(
            {
              location: vscode.ProgressLocation.Notification,
              title: vscode.l10n.t('Applying to {0}…', plainNotificationText(where.context)),
            },
            () => applyPlan(session.reader.api, plan, { force, from }),
          );
        report = await run(choice === 'force', 0);
        applied.push(...report.applied);
        if (report.failure?.conflict) {
          // Someone took fields over between the dry run and the apply: the same choice, with the server's words.
          const again = await confirm(
            {
              message: plainNotificationText(
                vscode.l10n.t('{0}: another field manager owns fields this manifest sets', targetName(report.failure.target)),
              ),
              detail: `${plainNotificationText(report.failure.message)}\n\n${vscode.l10n.t('Force takes these fields over for cluster-anatomy; Cancel leaves the rest of the manifest unapplied.')}`,
              choices: [{ id: 'force', label: vscode.l10n.t('Apply with Force (take the fields over)') }],
            },
            true,
          );
          if (again === 'force') {
            report = await run(true, report.next);
            applied.push(...report.applied);
          }
        }
      } catch (error) {
        const message = errorMessage(error);
        void vscode.window.showErrorMessage(vscode.l10n.t('The manifest could not be applied: {0}', plainNotificationText(message)));
        return {
          outcome: 'failed',
          context: where.context,
          addedCount: plan.addedCount,
          preview,
          applied: appliedSummary(applied),
          message,
        };
      }

      host.log.info(
        `Applied ${applied.length} of ${plan.objects.length} object(s) to ${where.context}${report.failure ? `; stopped at ${targetName(report.failure.target)} (${report.failure.statusCode ?? 'error'})` : ''}`,
      );
      const done = applied.map(appliedText).join(', ');
      if (report.failure) {
        const failed = report.failure;
        const text = failed.checkedAfterNamespace
          ? vscode.l10n.t(
              'Applied to {0}: {1}. Then kube-apiserver refused the dry run of {2}, which it could check only once its namespace existed, so nothing after the namespace was written: {3}',
              where.context,
              done,
              targetName(failed.target),
              failed.message,
            )
          : applied.length > 0
            ? vscode.l10n.t('Applied to {0}: {1}. Stopped at {2}: {3}', where.context, done, targetName(failed.target), failed.message)
            : vscode.l10n.t('Nothing was applied to {0}. {1}: {2}', where.context, targetName(failed.target), failed.message);
        void vscode.window.showErrorMessage(plainNotificationText(text));
      } else {
        void vscode.window.showInformationMessage(plainNotificationText(vscode.l10n.t('Applied to {0}: {1}.', where.context, done)));
      }
      await startTrace(host, applied, since);
      return {
        outcome: report.failure ? 'failed' : 'applied',
        context: where.context,
        addedCount: plan.addedCount,
        preview,
        applied: appliedSummary(applied),
        ...(report.failure && { message: report.failure.message }),
      };
    }),
  );

  /** Opens the diff editor: the manifest as it is sent, against what kube-apiserver would store. */
  async function showPreview(document: vscode.TextDocument, plan: ApplyPlan): Promise<{ manifest: string; stored: string }> {
    const { manifest, stored } = planDocuments(plan, (object) => `# ${objectSummary(object)[0] ?? targetName(object.target)}`);
    const base = path.basename(document.uri.path).replace(/\.ya?ml$/i, '') || 'manifest';
    // One heading for both sides, so the diff shows only what kube-apiserver changed, not two different comments.
    const heading = `# ${vscode.l10n.t('Left: your manifest as it is sent (with the namespace it lands in). Right: what kube-apiserver would store; added lines were filled in by its defaulting and admission (dry run; nothing was stored).')}\n${ownershipHeading(plan)}`;
    const left = previews.add(`${base}.yaml`, `${heading}${manifest}`);
    const right = previews.add(`${base}.dry-run.yaml`, `${heading}${stored}`);
    const title = vscode.l10n.t('{0}: your manifest ↔ what kube-apiserver would store', path.basename(document.uri.path));
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true, preserveFocus: false });
    return { manifest: left.toString(), stored: right.toString() };
  }
}

/** The document the command is for: the one a menu passed, else the active editor's; only YAML. */
async function manifestDocument(resource: unknown): Promise<vscode.TextDocument | undefined> {
  let document: vscode.TextDocument | undefined;
  if (resource instanceof vscode.Uri) {
    document =
      vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === resource.toString()) ??
      (await vscode.workspace.openTextDocument(resource).then(undefined, () => undefined));
  } else {
    document = vscode.window.activeTextEditor?.document;
  }
  if (!document) return undefined;
  return document.languageId === 'yaml' || /\.ya?ml$/i.test(document.uri.path) ? document : undefined;
}

function revealLine(document: vscode.TextDocument, line: number): void {
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document === document);
  if (!editor || line < 1 || line > document.lineCount) return;
  const range = document.lineAt(line - 1).range;
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

function appliedSummary(applied: readonly AppliedObject[]): ApplyCommandResult['applied'] {
  return applied.map(({ target, outcome }) => ({
    kind: target.kind,
    ...(target.namespace !== undefined && { namespace: target.namespace }),
    name: target.name,
    outcome,
  }));
}

/** Follows the first applied workload to its Pods, when the trace feature is there to do it. */
async function startTrace(host: Host, applied: readonly AppliedObject[], since: number): Promise<void> {
  const subject = traceableObject(applied);
  if (!subject) return;
  try {
    if (!(await vscode.commands.getCommands(true)).includes(TRACE_START_COMMAND)) return;
    await vscode.commands.executeCommand(TRACE_START_COMMAND, { ...subject, since });
  } catch (error) {
    host.log.info(`The trace of ${subject.kind} ${subject.namespace}/${subject.name} did not start: ${errorMessage(error)}`);
  }
}
