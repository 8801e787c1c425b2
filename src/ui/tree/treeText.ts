import * as vscode from 'vscode';
import { formatDuration } from '../../core/anatomy/health';
import { evidenceSentence } from '../../core/anatomy/render';
import { escapeMarkdown } from '../../core/util/markdown';
import { defaultDiagramStrings, roleStringKeys } from '../../core/diagram/strings';
import type { ComponentId, ComponentPod, Evidence, NodeAnatomy, PodSource } from '../../core/anatomy/types';

/** Localised words and tooltips of the tree. Cluster data enters Markdown only escaped, through Tooltip. */

export function sourceLabel(source: PodSource): string {
  switch (source) {
    case 'static':
      return vscode.l10n.t('static Pod');
    // The owner's kind says it is a Pod of that kind: short for the default sidebar width.
    case 'daemonset':
      return 'DaemonSet';
    case 'deployment':
      return 'Deployment';
    case 'statefulset':
      return 'StatefulSet';
    case 'job':
      return 'Job';
    case 'replicaset':
      return 'ReplicaSet';
    case 'bare':
      return vscode.l10n.t('bare Pod');
  }
}

/** The component's role, shared with the diagram's cards. */
export function roleText(component: ComponentId | 'kubelet' | 'container-runtime', cniName?: string): string {
  return vscode.l10n.t(defaultDiagramStrings[roleStringKeys[component]], cniName ?? '');
}

export function componentLabel(pod: ComponentPod): string {
  if (pod.component === 'cni') return pod.cniName ? `${pod.cniName}` : vscode.l10n.t('network plugin');
  if (pod.component === 'other') return pod.pod;
  return pod.component;
}

export function readyLabel(state: NodeAnatomy['ready']): string {
  return state === 'True' ? vscode.l10n.t('Ready') : state === 'False' ? vscode.l10n.t('NotReady') : vscode.l10n.t('Unknown');
}

/** How long, in the format every view uses, with localised units. */
export function ageText(seconds: number): string {
  return formatDuration(seconds, { seconds: vscode.l10n.t('{0}s'), minutes: vscode.l10n.t('{0}m'), hours: vscode.l10n.t('{0}h'), days: vscode.l10n.t('{0}d') });
}

/** A time of day in the display language, to the second ("23:41:07"); the ISO text if it does not parse. */
export function clockTime(iso: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Date(time).toLocaleTimeString(vscode.env.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}

export function secondsSince(iso: string | null | undefined, now = Date.now()): number | undefined {
  if (!iso) return undefined;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? Math.max(0, Math.round((now - time) / 1000)) : undefined;
}

/**
 * A Markdown tooltip whose every piece of cluster data is escaped text: Markdown and HTML characters are
 * backslash-escaped (appendText would also turn every space into &nbsp;), links and icons stay inert.
 */
export class Tooltip {
  readonly markdown = new vscode.MarkdownString();

  constructor() {
    this.markdown.isTrusted = false;
    this.markdown.supportHtml = false;
    this.markdown.supportThemeIcons = false;
  }

  private text(value: string): void {
    this.markdown.appendMarkdown(escapeMarkdown(value, { autolinks: false }));
  }

  heading(text: string): this {
    this.markdown.appendMarkdown('**');
    this.text(text);
    this.markdown.appendMarkdown('**\n\n');
    return this;
  }

  line(label: string, value: string): this {
    this.markdown.appendMarkdown('*');
    this.text(label);
    this.markdown.appendMarkdown('*: ');
    this.text(value);
    this.markdown.appendMarkdown('  \n');
    return this;
  }

  paragraph(text: string): this {
    this.text(text);
    this.markdown.appendMarkdown('\n\n');
    return this;
  }

  evidence(evidence: readonly Evidence[]): this {
    if (evidence.length === 0) return this;
    this.markdown.appendMarkdown('\n');
    this.text(vscode.l10n.t('Evidence'));
    this.markdown.appendMarkdown(':\n');
    for (const item of evidence) {
      this.markdown.appendMarkdown('- ');
      this.text(evidenceSentence(item));
      this.markdown.appendMarkdown('\n');
    }
    return this;
  }
}
