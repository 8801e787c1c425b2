import * as vscode from 'vscode';
import { formatDuration, type Health } from '../../core/anatomy/healthPolicy';
import {
  controlPlaneModeText,
  defaultControlPlaneModeStrings,
  defaultEvidenceStrings,
  evidenceSentence,
  shortControlPlaneModeText,
} from '../../core/anatomy/strings';
import { localizeCatalog } from '../../core/util/catalog';
import { escapeMarkdown } from '../../core/util/markdown';
import { defaultDiagramStrings, roleStringKeys } from '../../core/diagram/strings';
import type { RuntimeInterface } from '../../core/anatomy/runtime';
import type {
  AbsentComponent,
  ApiServerEndpoints,
  ClusterAnatomy,
  ComponentId,
  ComponentPod,
  Evidence,
  NodeAnatomy,
  PodSource,
} from '../../core/anatomy/types';

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
  return formatDuration(seconds, {
    seconds: vscode.l10n.t('{0}s'),
    minutes: vscode.l10n.t('{0}m'),
    hours: vscode.l10n.t('{0}h'),
    days: vscode.l10n.t('{0}d'),
  });
}

/**
 * How fresh a renewal is, in words a learner can read: "renewed just now" for the first seconds (a Lease renewed
 * every few seconds is always that young when its row is drawn), then "renewed 2m ago".
 */
export function renewedText(seconds: number): string {
  return seconds < 5 ? vscode.l10n.t('renewed just now') : vscode.l10n.t('renewed {0} ago', ageText(seconds));
}

/** A time of day in the display language, to the second ("23:41:07"); the ISO text if it does not parse. */
export function clockTime(iso: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Date(time).toLocaleTimeString(vscode.env.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
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

  /** A list item, nested `depth` levels (each its own block: the text is escaped, never markup). */
  bullet(text: string, depth = 0): this {
    this.markdown.appendMarkdown(`${'  '.repeat(depth)}- `);
    this.text(text);
    this.markdown.appendMarkdown('\n');
    return this;
  }

  /** Ends a list, so what follows is a paragraph of its own. */
  endList(): this {
    this.markdown.appendMarkdown('\n');
    return this;
  }

  evidence(evidence: readonly Evidence[]): this {
    if (evidence.length === 0) return this;
    this.markdown.appendMarkdown('\n');
    this.text(vscode.l10n.t('Evidence'));
    this.markdown.appendMarkdown(':\n');
    const strings = evidenceStrings();
    for (const item of evidence) {
      this.markdown.appendMarkdown('- ');
      this.text(evidenceSentence(item, strings));
      this.markdown.appendMarkdown('\n');
    }
    return this;
  }
}

/** The anatomy's catalogs (src/core/anatomy/strings.ts) in the display language: the English text is the bundle's key. */
const modeStrings = () => localizeCatalog(defaultControlPlaneModeStrings, (english) => vscode.l10n.t(english));
const evidenceStrings = () => localizeCatalog(defaultEvidenceStrings, (english) => vscode.l10n.t(english));

export function modeLabel(mode: ClusterAnatomy['controlPlane']['mode']): string {
  return controlPlaneModeText(mode, modeStrings());
}

/** The control plane's mode in a word or two, for the description; modeLabel says it whole. */
export function shortModeLabel(mode: ClusterAnatomy['controlPlane']['mode']): string {
  return shortControlPlaneModeText(mode, modeStrings());
}

/** `containerd://2.1.4` as `containerd`: the version is in the tooltip. */
export function runtimeName(containerRuntime: string | null | undefined): string {
  return containerRuntime?.split('://')[0] || '?';
}

export function howItRuns(pod: { source: string; pod: string; owner: string | null }, nodeName: string | null): string {
  const where = nodeName ?? '?';
  switch (pod.source) {
    case 'static':
      return vscode.l10n.t('static Pod on {0}: kubelet starts it from a manifest file; this is its mirror Pod', where);
    case 'daemonset':
      return vscode.l10n.t('one Pod per node, from {0}', pod.owner ?? 'DaemonSet');
    case 'deployment':
      return vscode.l10n.t('{0} → ReplicaSet → Pod, placed on {1} by kube-scheduler', pod.owner ?? 'Deployment', where);
    default:
      return `${pod.source}${pod.owner ? ` (${pod.owner})` : ''} on ${where}`;
  }
}

export function absentDescription(absent: AbsentComponent): string {
  switch (absent.reasonCode) {
    case 'embedded':
      return vscode.l10n.t('embedded, not a Pod');
    case 'replaced-by-cni':
      return absent.implementation === 'cilium' ? vscode.l10n.t('replaced by Cilium') : vscode.l10n.t('replaced by the network plugin');
    case 'disabled':
      return vscode.l10n.t('turned off');
    default:
      return vscode.l10n.t('not in this cluster');
  }
}

/** What the API shows of how many API servers there are, as a tooltip sentence. */
export function apiServersSentence(apiServers: ApiServerEndpoints): string {
  const addresses = apiServers.addresses ?? [];
  switch (apiServers.availability) {
    case 'highly-available':
      return addresses.length > 1
        ? vscode.l10n.t('Highly available: the default/kubernetes Endpoints list {0} API server addresses.', addresses.length)
        : vscode.l10n.t('Highly available: several kube-apiserver Pods or control-plane nodes.');
    case 'single-endpoint':
      return addresses.length === 1
        ? vscode.l10n.t(
            'The default/kubernetes Endpoints list one address ({0}). It may be a load balancer in front of several API servers: the API does not say.',
            addresses[0],
          )
        : vscode.l10n.t('One kube-apiserver Pod.');
    case 'unknown':
      return vscode.l10n.t(
        'Whether the API server is highly available is not known: the default/kubernetes Endpoints list no address or were not read.',
      );
  }
}

export function runtimeParagraph(via: RuntimeInterface): string {
  switch (via) {
    case 'dockershim':
      return vscode.l10n.t(
        "Docker Engine, a system daemon on the node. Up to Kubernetes 1.23 kubelet drives it through its built-in dockershim, over Docker's own API, not over CRI. It is not a Pod; its version is in the Node object.",
      );
    case 'cri-dockerd':
      return vscode.l10n.t(
        'Docker Engine, a system daemon on the node, behind the cri-dockerd adapter, which kubelet drives over CRI (gRPC): dockershim was removed in Kubernetes 1.24. It is not a Pod; its version is in the Node object.',
      );
    default:
      return vscode.l10n.t(
        'The container runtime is a system daemon on the node, driven by kubelet over CRI (gRPC). It is not a Pod; its version is in the Node object.',
      );
  }
}

/** The theme colour of each verdict of the health policy. */
const healthColors: Readonly<Record<Health, string>> = {
  ok: 'testing.iconPassed',
  warn: 'list.warningForeground',
  error: 'list.errorForeground',
  stale: 'disabledForeground',
  unknown: 'disabledForeground',
  absent: 'disabledForeground',
  neutral: 'descriptionForeground',
};

export function healthColor(health: Health): vscode.ThemeColor {
  return new vscode.ThemeColor(healthColors[health]);
}
