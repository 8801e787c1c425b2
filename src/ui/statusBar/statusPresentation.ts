import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HealthProblem } from '../../core/health/render';
import { healthProblemLabel } from '../healthText';
import type { ContextStatus, ContextStatusState } from '../../core/workspace/contextStatus';
import type { KubeconfigProblem } from '../../core/kubeconfig/types';
import { plainLabel } from './contextQuickPick';
import { limitedText } from '../../core/anatomy/standpointText';
import { standpointStrings } from '../tree/standpointItems';
import { localErrorText } from '../apiErrorText';

const ICONS: Record<ContextStatusState, string> = {
  ready: '$(vm)',
  connecting: '$(sync~spin)',
  connected: '$(vm-active)',
  unreachable: '$(debug-disconnect)',
  unauthorized: '$(key)',
  stopped: '$(debug-disconnect)',
  forbidden: '$(lock)',
  needsTrust: '$(shield)',
  noKubeconfig: '$(circle-slash)',
  noContext: '$(vm-outline)',
  kubeconfigError: '$(error)',
};

const BACKGROUNDS: Partial<Record<ContextStatusState, string>> = {
  unreachable: 'statusBarItem.errorBackground',
  unauthorized: 'statusBarItem.errorBackground',
  kubeconfigError: 'statusBarItem.errorBackground',
  forbidden: 'statusBarItem.warningBackground',
  needsTrust: 'statusBarItem.warningBackground',
  noContext: 'statusBarItem.warningBackground',
};

export function stateLabel(state: ContextStatusState): string {
  switch (state) {
    case 'ready':
      return vscode.l10n.t('Kubeconfig loaded');
    case 'connecting':
      return vscode.l10n.t('Connecting');
    case 'connected':
      return vscode.l10n.t('Connected');
    case 'unreachable':
      return vscode.l10n.t('Unreachable');
    case 'unauthorized':
      return vscode.l10n.t('Credentials rejected');
    case 'stopped':
      return vscode.l10n.t('Disconnected');
    case 'forbidden':
      return vscode.l10n.t('Forbidden');
    case 'needsTrust':
      return vscode.l10n.t('Needs a trusted workspace');
    case 'noKubeconfig':
      return vscode.l10n.t('No kubeconfig');
    case 'noContext':
      return vscode.l10n.t('No current context');
    case 'kubeconfigError':
      return vscode.l10n.t('Kubeconfig error');
  }
}

function where(problem: KubeconfigProblem): string {
  if (problem.file === undefined) return '';
  return problem.line === undefined ? `${problem.file}: ` : `${problem.file}:${problem.line}: `;
}

/** A problem in the UI language. The names in it come from the files, and are shown as text. */
export function problemText(problem: KubeconfigProblem): string {
  const entry = problem.entry?.name ?? '';
  const subject = problem.subject ?? '';
  let sentence: string;
  switch (problem.kind) {
    case 'noKubeconfig':
      sentence = vscode.l10n.t('No kubeconfig file found ({0}).', subject);
      break;
    case 'missingFile':
      sentence = vscode.l10n.t('The kubeconfig file {0} does not exist.', subject);
      break;
    case 'missingContext':
      sentence = vscode.l10n.t('current-context "{0}" is not defined in any kubeconfig file.', subject);
      break;
    case 'missingCluster':
      sentence = vscode.l10n.t('Context "{0}" names cluster "{1}", which no kubeconfig file defines.', entry, subject);
      break;
    case 'missingUser':
      sentence = vscode.l10n.t('Context "{0}" names user "{1}", which no kubeconfig file defines.', entry, subject);
      break;
    case 'unreadableFile':
      sentence = vscode.l10n.t('Cannot read {0}.', subject);
      break;
    case 'execNotFound':
      sentence = vscode.l10n.t('User "{0}": the exec plugin "{1}" was not found.', entry, subject);
      break;
    case 'tokenExpired':
      sentence = vscode.l10n.t('User "{0}": the token has expired.', entry);
      break;
    case 'needsTrust':
      sentence = vscode.l10n.t('User "{0}" runs a credential command ("{1}"); it runs only in a trusted workspace.', entry, subject);
      break;
    default:
      // YAML errors, wrong shapes, duplicates: the core's sentence (already redacted) says it best.
      return problem.message;
  }
  return where(problem) + sentence;
}

/** What the control plane's health report says, for one line of the tooltip. */
export interface ControlPlaneSummary {
  readonly problems: readonly HealthProblem[];
}

export interface StatusPresentation {
  readonly text: string;
  readonly backgroundColor: vscode.ThemeColor | undefined;
  readonly tooltip: vscode.MarkdownString;
  /** The tooltip as plain text (for the extension API and accessibility). */
  readonly tooltipText: string;
}

/**
 * A kubeconfig file as the tooltip names it: a file the product made itself by its heading (the demo's lives
 * deep in the extension's storage), one under the home folder from `~`, any other in full.
 */
export function fileText(file: string, fileLabels: ReadonlyMap<string, string>, home = os.homedir()): string {
  const label = fileLabels.get(file);
  if (label !== undefined) return label;
  const relative = home ? path.relative(home, file) : '';
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `~${path.sep}${relative}` : file;
}

/** The status item for a status: icon and context name, colours, and a tooltip where all config text is escaped. */
export function presentStatus(
  status: ContextStatus,
  kubeconfigFiles: readonly string[],
  health?: ControlPlaneSummary,
  fileLabels: ReadonlyMap<string, string> = new Map(),
): StatusPresentation {
  const name = status.context?.name ?? status.contextName;
  // Connected, but RBAC hides part of the cluster: the item says so, and the tooltip says what and why.
  const limited = status.state === 'connected' && status.limited ? limitedText(status.limited, name ?? '', standpointStrings()) : undefined;
  const label = limited ? `${stateLabel(status.state)}, ${limited.short}` : stateLabel(status.state);
  const text = limited
    ? `$(shield) ${plainLabel(name ?? label)} — ${limited.short}`
    : `${ICONS[status.state]} ${plainLabel(name ?? label)}`;
  // A problem the control plane reports (a failing check, a lock nobody renews) warns while connected.
  const background =
    BACKGROUNDS[status.state] ??
    (status.state === 'connected' && health && health.problems.length > 0 ? 'statusBarItem.warningBackground' : undefined);

  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.isTrusted = false;
  tooltip.supportHtml = false;
  const plain: string[] = [];
  const heading = name === undefined ? label : `${name} — ${label}`;
  tooltip.appendMarkdown('**').appendText(heading).appendMarkdown('**\n\n');
  plain.push(heading);
  const row = (key: string, value: string | undefined) => {
    if (!value) return;
    tooltip.appendMarkdown(`${key}: `).appendText(value).appendMarkdown('  \n');
    plain.push(`${key}: ${value}`);
  };
  const context = status.context;
  if (context) {
    row(vscode.l10n.t('Cluster'), context.cluster);
    row(vscode.l10n.t('Server'), context.server);
    row(vscode.l10n.t('User'), context.user);
    row(vscode.l10n.t('Namespace'), context.namespace || 'default');
    row(vscode.l10n.t('Kubeconfig file'), fileText(context.file, fileLabels));
  } else {
    row(vscode.l10n.t('Kubeconfig file'), kubeconfigFiles.map((file) => fileText(file, fileLabels)).join(path.delimiter));
  }
  row(vscode.l10n.t('Connection'), status.connectionMessage && localErrorText(status.connectionMessage));
  if (health && status.state === 'connected')
    row(
      vscode.l10n.t('Control plane'),
      health.problems.length === 0
        ? vscode.l10n.t('no problem found')
        : health.problems.length === 1
          ? healthProblemLabel(health.problems[0]!)
          : vscode.l10n.t('{0} (and {1} more)', healthProblemLabel(health.problems[0]!), health.problems.length - 1),
    );
  if (limited && limited.lines.length > 0) {
    const title = standpointStrings().hiddenTitle;
    tooltip.appendMarkdown('\n**').appendText(title).appendMarkdown('**\n\n');
    plain.push(title);
    for (const line of limited.lines) {
      tooltip
        .appendMarkdown(`${'  '.repeat(line.indent)}- `)
        .appendText(line.text)
        .appendMarkdown('\n');
      plain.push(`${'  '.repeat(line.indent)}${line.text}`);
    }
  }
  if (limited) tooltip.appendMarkdown('\n');
  const problems = [...status.blocking, ...status.other];
  if (problems.length > 0) {
    tooltip.appendMarkdown('\n');
    for (const problem of problems.slice(0, 8)) {
      const line = problemText(problem);
      tooltip
        .appendMarkdown(problem.severity === 'error' ? '$(error) ' : '$(warning) ')
        .appendText(line)
        .appendMarkdown('  \n');
      plain.push(line);
    }
    if (problems.length > 8) {
      const more = vscode.l10n.t('…and {0} more problems', problems.length - 8);
      tooltip.appendText(more);
      plain.push(more);
    }
  }
  tooltip.appendMarkdown('\n\n').appendText(vscode.l10n.t('Click to switch context'));
  return { text, backgroundColor: background ? new vscode.ThemeColor(background) : undefined, tooltip, tooltipText: plain.join('\n') };
}
