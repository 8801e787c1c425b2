/**
 * The assistants' tools (src/core/assist/tools.ts) as VS Code language-model tools: the same answers the CLI's
 * --json and `cluster-anatomy mcp` give, read from the editor's current context (the one the status bar shows)
 * under the workspace's trust, with manifests read as the editor holds them (unsaved edits count). Read-only.
 * package.json's `languageModelTools` declares each tool with the core's name, description and input schema.
 */
import { isAbsolute, resolve } from 'node:path';
import * as vscode from 'vscode';
import type { ClusterClient } from '../../core/anatomy/snapshot';
import {
  type AssistantEnvironment,
  type AssistantTool,
  assistantTools,
  DEFAULT_MAX_ANSWER_CHARS,
  runAssistantTool,
  toolResultText,
} from '../../core/assist/tools';
import { checkToolInput } from '../../core/assist/toolInput';
import { isKubeconfigProblem } from '../../core/kubeconfig/clientConfig';
import type { KubeconfigService } from '../../core/kubeconfig/kubeconfigService';
import { redactSecrets } from '../../core/kubeconfig/redact';
import { localizeCatalog } from '../../core/util/catalog';
import { errorMessage } from '../../core/util/errors';
import { escapeMarkdown } from '../../core/util/markdown';
import { readManifestFile } from '../../core/yaml/manifestFile';
import { MAX_MANIFEST_CHARS } from '../../core/yaml/yamlPath';

interface Host {
  register<T extends vscode.Disposable>(disposable: T): T;
  readonly log: vscode.LogOutputChannel;
  readonly context: vscode.ExtensionContext;
}

/** What the extension gave VS Code to show for one call, as plain values (for the integration tests). */
interface PreparedRecord {
  readonly tool: string;
  readonly invocationMessage: string;
  readonly confirmation?: { readonly title: string; readonly message: string };
}

/** A model's token budget in characters of JSON (about three a token), kept between these. */
const MIN_ANSWER_CHARS = 2_000;
const MAX_ANSWER_CHARS = 200_000;
const CHARS_PER_TOKEN = 3;

/** Registers every core tool; each call reads the current context and files anew. */
export function registerLanguageModelTools(host: Host, kubeconfig: KubeconfigService): void {
  const language = vscode.env.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
  const environment: AssistantEnvironment = {
    client: () => currentClient(kubeconfig),
    readManifest,
    language,
    localize: (catalog) => localizeCatalog(catalog, (english) => vscode.l10n.t(english)),
  };
  const record = CLUSTER_ANATOMY_TEST_HOOKS ? preparedForTests(host) : undefined;
  for (const tool of assistantTools) {
    host.register(
      vscode.lm.registerTool<Record<string, unknown>>(tool.name, {
        prepareInvocation: ({ input }) => {
          const prepared = prepare(tool, input, kubeconfig);
          record?.(tool.name, prepared);
          return prepared;
        },
        invoke: async (options, token) => {
          try {
            const result = await untilCancelled(runAssistantTool(tool, options.input, environment, answerLimit(options)), token);
            return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(toolResultText(result))]);
          } catch (error) {
            if (error instanceof vscode.CancellationError) throw error;
            // A kubeconfig's exec plugin may print a token into its error: never passed on.
            const message = redactSecrets(errorMessage(error));
            host.log.warn(`${tool.name}: ${message}`);
            throw new Error(message);
          }
        },
      }),
    );
  }
}

/**
 * Outside a chat VS Code asks a tool's confirmation in a modal dialog, which it never shows while tests drive it
 * (it takes the answer as yes). The integration tests read what the extension gave it to show instead, through a
 * command that exists only in the builds made for them (CLUSTER_ANATOMY_TEST_HOOKS) and only in a test run.
 */
function preparedForTests(host: Host): ((tool: string, prepared: vscode.PreparedToolInvocation) => void) | undefined {
  if (host.context.extensionMode !== vscode.ExtensionMode.Test && process.env.CLUSTER_ANATOMY_TEST_SOURCE === undefined) return undefined;
  const records: PreparedRecord[] = [];
  host.register(vscode.commands.registerCommand('clusterAnatomy.languageModelTools.preparedForTests', () => records.splice(0)));
  const text = (value: string | vscode.MarkdownString | undefined) => (typeof value === 'string' ? value : (value?.value ?? ''));
  return (tool, prepared) => {
    const confirmation = prepared.confirmationMessages;
    records.push({
      tool,
      invocationMessage: text(prepared.invocationMessage),
      ...(confirmation && { confirmation: { title: confirmation.title, message: text(confirmation.message) } }),
    });
  };
}

/** The current context's client, under Workspace Trust: in an untrusted workspace no exec plugin runs. */
async function currentClient(kubeconfig: KubeconfigService): Promise<ClusterClient> {
  const context = kubeconfig.state.current;
  if (context === undefined)
    throw new Error(vscode.l10n.t('No Kubernetes context is selected: choose one in the status bar, or open the demo cluster.'));
  const config = await kubeconfig.clientConfigFor(context, { trusted: vscode.workspace.isTrusted });
  if (isKubeconfigProblem(config)) throw new Error(vscode.l10n.t('Cannot use context "{0}": {1}', context, config.message));
  return { context, config };
}

/** A manifest as the editor holds it when it is open (unsaved edits count), else as the file is on disk. */
async function readManifest(path: string): Promise<{ text: string; source: string }> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!isAbsolute(path) && folder?.scheme !== 'file')
    throw new Error(vscode.l10n.t('{0}: a relative path needs a workspace folder on this machine', path));
  const file = isAbsolute(path) ? path : resolve(folder!.fsPath, path);
  const uri = vscode.Uri.file(file).toString();
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri);
  if (!open) return { text: await readManifestFile(file), source: path };
  const text = open.getText();
  if (text.length > MAX_MANIFEST_CHARS) throw new Error(`${file}: too large (limit ${MAX_MANIFEST_CHARS} characters)`);
  return { text, source: path };
}

/** The model's token budget as characters of the answer, when the caller gives one. */
function answerLimit(options: vscode.LanguageModelToolInvocationOptions<unknown>): number {
  const budget = options.tokenizationOptions?.tokenBudget;
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0) return DEFAULT_MAX_ANSWER_CHARS;
  return Math.min(MAX_ANSWER_CHARS, Math.max(MIN_ANSWER_CHARS, Math.floor(budget * CHARS_PER_TOKEN)));
}

/** The work's result, or a CancellationError as soon as the token is cancelled (the read's result is then dropped). */
function untilCancelled<T>(work: Promise<T>, token: vscode.CancellationToken): Promise<T> {
  if (token.isCancellationRequested) return Promise.reject(new vscode.CancellationError());
  let listener: vscode.Disposable | undefined;
  const cancelled = new Promise<never>((_resolve, reject) => {
    listener = token.onCancellationRequested(() => reject(new vscode.CancellationError()));
  });
  return Promise.race([work, cancelled]).finally(() => listener?.dispose());
}

/** Kubeconfig, cluster and model text as Markdown that renders literally. */
const literal = (text: string) => escapeMarkdown(text, { autolinks: false });

function markdown(text: string): vscode.MarkdownString {
  const result = new vscode.MarkdownString(text);
  result.isTrusted = false;
  result.supportHtml = false;
  result.supportThemeIcons = false;
  return result;
}

/** What the chat shows while the tool runs, and, for a tool that reads a cluster, what it asks before. */
function prepare(tool: AssistantTool, input: Record<string, unknown>, kubeconfig: KubeconfigService): vscode.PreparedToolInvocation {
  if (!tool.readsCluster || !withinSchema(tool, input)) return { invocationMessage: markdown(invocationText(tool.name, '')) };
  const context = kubeconfig.state.current;
  if (context === undefined) return { invocationMessage: vscode.l10n.t('No Kubernetes context is selected') };
  const server = kubeconfig.state.contexts.find((entry) => entry.name === context)?.server || vscode.l10n.t('(no server)');
  const target = typeof input?.target === 'string' ? input.target : '';
  const lines = [
    vscode.l10n.t(
      'Reads the cluster of context {0} at {1}, read-only: nothing is written to the cluster or to a kubeconfig.',
      `**${literal(context)}**`,
      literal(server),
    ),
  ];
  if (!vscode.workspace.isTrusted) lines.push(vscode.l10n.t('This workspace is not trusted: no exec credential plugin runs.'));
  return {
    invocationMessage: markdown(invocationText(tool.name, literal(context), literal(target))),
    confirmationMessages: { title: confirmationTitle(tool.name, context), message: markdown(lines.join('\n\n')) },
  };
}

/** An input the tool will refuse reads nothing: there is nothing to ask about. */
function withinSchema(tool: AssistantTool, input: unknown): boolean {
  try {
    checkToolInput(tool.inputSchema, input);
    return true;
  } catch {
    return false;
  }
}

/** The progress line of each tool; the context (and a trace's target) are given escaped. */
function invocationText(name: string, context: string, target = ''): string {
  switch (name) {
    case 'cluster_anatomy_tree':
      return vscode.l10n.t('Reading the anatomy of context {0}', context);
    case 'cluster_anatomy_explain_field':
      return vscode.l10n.t('Looking up which component acts on the field');
    case 'cluster_anatomy_placement':
      return vscode.l10n.t("Re-running the scheduler's filters on context {0}", context);
    case 'cluster_anatomy_waiting_pods':
      return vscode.l10n.t('Reading the Pods waiting for a node on context {0}', context);
    case 'cluster_anatomy_trace':
      return vscode.l10n.t('Tracing {0} on context {1}', target, context);
    case 'cluster_anatomy_health':
      return vscode.l10n.t("Reading the control plane's health on context {0}", context);
    default:
      return vscode.l10n.t('Running the hands-on checks on context {0}', context);
  }
}

/** The question asked before a tool reads a cluster: plain text, as VS Code shows a title. */
function confirmationTitle(name: string, context: string): string {
  switch (name) {
    case 'cluster_anatomy_tree':
      return vscode.l10n.t('Read the anatomy of context "{0}"?', context);
    case 'cluster_anatomy_placement':
      return vscode.l10n.t('Work out where the Pod fits on context "{0}"?', context);
    case 'cluster_anatomy_waiting_pods':
      return vscode.l10n.t('Read the Pods waiting for a node on context "{0}"?', context);
    case 'cluster_anatomy_trace':
      return vscode.l10n.t('Trace a workload on context "{0}"?', context);
    case 'cluster_anatomy_health':
      return vscode.l10n.t('Read the control plane\'s health on context "{0}"?', context);
    default:
      return vscode.l10n.t('Run the hands-on checks on context "{0}"?', context);
  }
}
