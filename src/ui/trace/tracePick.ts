/**
 * Which workload to trace, when the command is given none: a namespace first (the context's own on top), then
 * its Deployments, DaemonSets, StatefulSets, Jobs, Pods and Services (a Service is traced through its
 * EndpointSlices). At either step KIND/NAME can be typed instead.
 */
import * as vscode from 'vscode';
import type { KubeApi } from '../../core/kube/kubeApi';
import { collectionPath, parseTraceTarget, type TraceKind, type TraceTarget } from '../../core/trace/objects';
import { KubeApiError } from '../../core/kube/kubeApi';
import { localErrorMessage } from '../apiErrorText';

const PICKED_KINDS: readonly TraceKind[] = ['Deployment', 'DaemonSet', 'StatefulSet', 'Job', 'Pod', 'Service'];

/** Names only: a namespace of thousands of Pods is read once, and nothing else of them is kept. */
const nameOf = (item: unknown) => {
  const name = (item as { metadata?: { name?: unknown } } | null)?.metadata?.name;
  return typeof name === 'string' ? name.slice(0, 253) : '';
};

type PickItem = vscode.QuickPickItem & { readonly target?: TraceTarget; readonly namespace?: string };

function typedTarget(value: string, namespace: string): PickItem | undefined {
  if (!value.includes('/')) return undefined;
  try {
    const target = parseTraceTarget(value, namespace);
    return { label: vscode.l10n.t('Trace {0} {1}/{2}', target.kind, target.namespace, target.name), alwaysShow: true, target };
  } catch {
    return undefined;
  }
}

/** One quick pick step: resolves to the accepted item, or undefined when dismissed. */
function pickOne(options: {
  title: string;
  placeholder: string;
  items: Promise<PickItem[]>;
  typed: (value: string) => PickItem | undefined;
}): Promise<PickItem | undefined> {
  const pick = vscode.window.createQuickPick<PickItem>();
  pick.title = options.title;
  pick.placeholder = options.placeholder;
  pick.matchOnDescription = true;
  pick.busy = true;
  let listed: PickItem[] = [];
  const show = () => {
    const typed = options.typed(pick.value);
    pick.items = typed ? [typed, ...listed] : listed;
  };
  void options.items.then((items) => {
    listed = items;
    pick.busy = false;
    show();
  });
  return new Promise((resolve) => {
    pick.onDidChangeValue(show);
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      if (!chosen || chosen.kind === vscode.QuickPickItemKind.Separator) return;
      resolve(chosen);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

async function namespaces(api: KubeApi, preferred: string): Promise<PickItem[]> {
  let names: string[] = [];
  try {
    names = (await api.list('/api/v1/namespaces', 'Namespaces', { map: nameOf })).items as string[];
  } catch {
    // Listing namespaces may be forbidden: the context's own and kube-system can still be traced, or one typed.
  }
  const first = [...new Set([preferred, 'kube-system'])];
  return [...first, ...names.filter((name) => name && !first.includes(name)).sort()].map((name) => ({
    label: name,
    namespace: name,
    ...(name === preferred && { description: vscode.l10n.t("the context's namespace") }),
  }));
}

async function workloads(api: KubeApi, namespace: string): Promise<PickItem[]> {
  const lists = await Promise.allSettled(
    PICKED_KINDS.map((kind) => api.list(collectionPath(kind, namespace), `${kind}s in ${namespace}`, { map: nameOf })),
  );
  const items: PickItem[] = [];
  lists.forEach((result, index) => {
    const kind = PICKED_KINDS[index]!;
    if (result.status === 'rejected') {
      // Why, in plain words on the line below: the kind is not served here, or which permission is missing.
      const notServed = result.reason instanceof KubeApiError && result.reason.kindNotServed;
      items.push(
        { label: kind, kind: vscode.QuickPickItemKind.Separator },
        {
          label: notServed ? vscode.l10n.t('Not served by this cluster') : vscode.l10n.t('Cannot list them'),
          detail: localErrorMessage(result.reason),
        },
      );
      return;
    }
    const names = (result.value.items as string[]).filter(Boolean).sort();
    if (names.length === 0) return;
    items.push({ label: kind, kind: vscode.QuickPickItemKind.Separator });
    for (const name of names) items.push({ label: name, description: kind, target: { kind, namespace, name } });
  });
  if (items.length === 0) items.push({ label: vscode.l10n.t('Nothing to trace in {0}', namespace) });
  return items;
}

const isNamespaceName = (value: string) => /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(value) && value.length <= 63;

/** The namespace whose next change to trace: the context's own and kube-system first, or one typed. */
export async function pickNextChangeNamespace(api: KubeApi, contextNamespace: string): Promise<string | undefined> {
  const chosen = await pickOne({
    title: vscode.l10n.t('Trace the Next Change'),
    placeholder: vscode.l10n.t('Choose the namespace to watch for a change to a Deployment or DaemonSet'),
    items: namespaces(api, contextNamespace),
    typed: (value) =>
      isNamespaceName(value) ? { label: value, description: vscode.l10n.t('namespace'), namespace: value, alwaysShow: true } : undefined,
  });
  return chosen?.namespace;
}

export async function pickTraceTarget(api: KubeApi, contextNamespace: string): Promise<TraceTarget | undefined> {
  const title = vscode.l10n.t('Trace a Workload');
  const first = await pickOne({
    title,
    placeholder: vscode.l10n.t('Choose a namespace, or type KIND/NAME (deploy/web) to trace in {0}', contextNamespace),
    items: namespaces(api, contextNamespace),
    typed: (value) =>
      typedTarget(value, contextNamespace) ??
      (isNamespaceName(value) ? { label: value, description: vscode.l10n.t('namespace'), namespace: value, alwaysShow: true } : undefined),
  });
  if (!first || first.target) return first?.target;
  const namespace = first.namespace;
  if (!namespace) return undefined;
  const second = await pickOne({
    title: `${title}: ${namespace}`,
    placeholder: vscode.l10n.t('Choose what to trace, or type KIND/NAME'),
    items: workloads(api, namespace),
    typed: (value) => typedTarget(value, namespace),
  });
  return second?.target;
}
