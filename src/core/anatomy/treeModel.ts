import type { AbsentComponent, AddonAnatomy, ClusterAnatomy, ComponentPod, NodeAnatomy, NodeRole, UnscheduledPod } from './types';

/**
 * The tree's elements as data: sections, nodes, Pods, node agents, heartbeats, addons and absent components.
 * No sentences here (the adapter localises); ids are stable across updates so VS Code keeps expansion state.
 * No element has more than MAX_CHILDREN children: long node lists are paged into groups.
 */

export const MAX_CHILDREN = 200;

export type SectionId = 'controlPlane' | 'nodes' | 'unscheduled' | 'addons' | 'absent' | 'unreadable';

export type TreeElement =
  | { readonly type: 'section'; readonly id: string; readonly section: SectionId; readonly count: number }
  | { readonly type: 'node'; readonly id: string; readonly node: NodeAnatomy }
  | {
      readonly type: 'nodeGroup';
      readonly id: string;
      readonly role: NodeRole;
      /** The group's place: 'rest' (after the nodes shown directly), then 'rest/page2' … inside it. */
      readonly key: string;
      /** Index of the first and one past the last node of the page, in the role's sorted list. */
      readonly from: number;
      readonly to: number;
      readonly ready: number;
      readonly notReady: number;
      readonly unknown: number;
    }
  | { readonly type: 'pod'; readonly id: string; readonly nodeName: string | null; readonly pod: ComponentPod }
  | { readonly type: 'agent'; readonly id: string; readonly agent: 'kubelet' | 'container-runtime'; readonly node: NodeAnatomy }
  | { readonly type: 'heartbeat'; readonly id: string; readonly node: NodeAnatomy }
  | { readonly type: 'addon'; readonly id: string; readonly addon: AddonAnatomy }
  | { readonly type: 'addonPod'; readonly id: string; readonly pod: ComponentPod; readonly nodeName: string }
  /** A kube-system Pod no node runs yet; its children (where it fits and why not) come from the placement model. */
  | { readonly type: 'unscheduledPod'; readonly id: string; readonly pod: UnscheduledPod }
  | { readonly type: 'absent'; readonly id: string; readonly absent: AbsentComponent }
  | { readonly type: 'hostedControlPlane'; readonly id: string; readonly anatomy: ClusterAnatomy }
  | { readonly type: 'unreadable'; readonly id: string; readonly resource: string; readonly reason: string }
  /** The only element when nothing could be read: no sections, since nothing was classified. */
  | { readonly type: 'nothingRead'; readonly id: string; readonly reason: string }
  /** kube-proxy or the network plugin running inside the node's k3s process: no Pod, yet it runs there. */
  | { readonly type: 'embedded'; readonly id: string; readonly node: NodeAnatomy; readonly absent: AbsentComponent };

function prefix(anatomy: ClusterAnatomy): string {
  return `ctx:${anatomy.context}`;
}

function nodesOfRole(anatomy: ClusterAnatomy, role: NodeRole): readonly NodeAnatomy[] {
  return anatomy.nodes.filter((node) => node.role === role);
}

export function rootElements(anatomy: ClusterAnatomy): TreeElement[] {
  const p = prefix(anatomy);
  if (anatomy.nothingRead) return [{ type: 'nothingRead', id: `${p}/nothingRead`, reason: anatomy.nothingRead.reason }];
  const roots: TreeElement[] = [
    { type: 'section', id: `${p}/controlPlane`, section: 'controlPlane', count: nodesOfRole(anatomy, 'control-plane').length },
    { type: 'section', id: `${p}/nodes`, section: 'nodes', count: nodesOfRole(anatomy, 'worker').length },
    ...(anatomy.unscheduled?.length
      ? [{ type: 'section', id: `${p}/unscheduled`, section: 'unscheduled', count: anatomy.unscheduled.length } as const]
      : []),
    { type: 'section', id: `${p}/addons`, section: 'addons', count: anatomy.addons.length },
    { type: 'section', id: `${p}/absent`, section: 'absent', count: anatomy.absent.length },
  ];
  if (anatomy.unreadable.length > 0)
    roots.push({ type: 'section', id: `${p}/unreadable`, section: 'unreadable', count: anatomy.unreadable.length });
  return roots;
}

function nodeElement(anatomy: ClusterAnatomy, node: NodeAnatomy): TreeElement {
  return { type: 'node', id: `${prefix(anatomy)}/node/${node.name}`, node };
}

/** Nodes of a role as children: all of them up to MAX_CHILDREN, else pages of MAX_CHILDREN as groups. */
function pagedNodes(anatomy: ClusterAnatomy, role: NodeRole, nodes: readonly NodeAnatomy[]): TreeElement[] {
  if (nodes.length <= MAX_CHILDREN) return nodes.map((node) => nodeElement(anatomy, node));
  // Show the first page directly, so the common case needs no extra click, then group the rest.
  const shown = MAX_CHILDREN - 1;
  const children: TreeElement[] = nodes.slice(0, shown).map((node) => nodeElement(anatomy, node));
  children.push(groupElement(anatomy, role, nodes, shown, nodes.length, 'rest'));
  return children;
}

/** `key` names the group by its place (the rest, page 3), not its bounds, so a node joining keeps it open. */
function groupElement(
  anatomy: ClusterAnatomy,
  role: NodeRole,
  nodes: readonly NodeAnatomy[],
  from: number,
  to: number,
  key: string,
): TreeElement {
  let ready = 0;
  let notReady = 0;
  let unknown = 0;
  for (let i = from; i < to; i++) {
    const state = nodes[i].ready;
    if (state === 'True') ready++;
    else if (state === 'False') notReady++;
    else unknown++;
  }
  return { type: 'nodeGroup', id: `${prefix(anatomy)}/group/${role}/${key}`, role, key, from, to, ready, notReady, unknown };
}

/** A group's children: its nodes when they fit, else sub-groups of at most MAX_CHILDREN nodes each. */
function groupChildren(anatomy: ClusterAnatomy, element: Extract<TreeElement, { type: 'nodeGroup' }>): TreeElement[] {
  const nodes = nodesOfRole(anatomy, element.role);
  const to = Math.min(element.to, nodes.length);
  const count = to - element.from;
  if (count <= MAX_CHILDREN) return nodes.slice(element.from, to).map((node) => nodeElement(anatomy, node));
  const pageSize = Math.max(MAX_CHILDREN, Math.ceil(count / MAX_CHILDREN));
  const pages: TreeElement[] = [];
  for (let from = element.from, page = 1; from < to; from += pageSize, page++) {
    pages.push(groupElement(anatomy, element.role, nodes, from, Math.min(to, from + pageSize), `${element.key}/page${page}`));
  }
  return pages;
}

function nodeChildren(anatomy: ClusterAnatomy, node: NodeAnatomy): TreeElement[] {
  const base = `${prefix(anatomy)}/node/${node.name}`;
  const pod = (p: ComponentPod): TreeElement => ({ type: 'pod', id: `${base}/pod/${p.namespace}/${p.pod}`, nodeName: node.name, pod: p });
  const staticPods = node.components.filter((p) => p.source === 'static');
  const others = node.components.filter((p) => p.source !== 'static');
  const embedded: TreeElement[] = anatomy.absent
    .filter((absent) => absent.reasonCode === 'embedded' && (absent.component === 'kube-proxy' || absent.component === 'cni'))
    .map((absent) => ({ type: 'embedded', id: `${base}/embedded/${absent.component}`, node, absent }));
  const children: TreeElement[] = [
    ...staticPods.map(pod),
    { type: 'agent', id: `${base}/agent/kubelet`, agent: 'kubelet', node },
    { type: 'agent', id: `${base}/agent/container-runtime`, agent: 'container-runtime', node },
    ...embedded,
    ...others.slice(0, MAX_CHILDREN - staticPods.length - 3 - embedded.length).map(pod),
    { type: 'heartbeat', id: `${base}/heartbeat`, node },
  ];
  return children;
}

function addonChildren(anatomy: ClusterAnatomy, addon: AddonAnatomy): TreeElement[] {
  if (addon.kind !== 'Deployment' && addon.kind !== 'StatefulSet') return [];
  const owner = `${addon.kind}/${addon.name}`;
  const result: TreeElement[] = [];
  for (const node of anatomy.nodes) {
    for (const pod of node.components) {
      if (pod.owner !== owner) continue;
      result.push({
        type: 'addonPod',
        id: `${prefix(anatomy)}/addon/${addon.kind}/${addon.name}/pod/${pod.pod}`,
        pod,
        nodeName: node.name,
      });
      if (result.length >= MAX_CHILDREN) return result;
    }
  }
  return result;
}

export function childElements(anatomy: ClusterAnatomy, element: TreeElement | undefined): TreeElement[] {
  if (!element) return rootElements(anatomy);
  const p = prefix(anatomy);
  switch (element.type) {
    case 'section':
      switch (element.section) {
        case 'controlPlane': {
          const nodes = nodesOfRole(anatomy, 'control-plane');
          if (nodes.length === 0 && (anatomy.controlPlane.mode === 'hosted' || anatomy.controlPlane.mode === 'embedded')) {
            return [{ type: 'hostedControlPlane', id: `${p}/hosted`, anatomy }];
          }
          return pagedNodes(anatomy, 'control-plane', nodes);
        }
        case 'nodes':
          return pagedNodes(anatomy, 'worker', nodesOfRole(anatomy, 'worker'));
        case 'unscheduled':
          return (anatomy.unscheduled ?? [])
            .slice(0, MAX_CHILDREN)
            .map((pod) => ({ type: 'unscheduledPod', id: `${p}/unscheduled/${pod.pod}`, pod }));
        case 'addons':
          return anatomy.addons
            .slice(0, MAX_CHILDREN)
            .map((addon) => ({ type: 'addon', id: `${p}/addon/${addon.kind}/${addon.namespace}/${addon.name}`, addon }));
        case 'absent':
          return anatomy.absent.map((absent) => ({ type: 'absent', id: `${p}/absent/${absent.component}`, absent }));
        case 'unreadable':
          return anatomy.unreadable.map((entry) => ({
            type: 'unreadable',
            id: `${p}/unreadable/${entry.resource}`,
            resource: entry.resource,
            reason: entry.reason,
          }));
      }
      return [];
    case 'nodeGroup':
      return groupChildren(anatomy, element);
    case 'node':
      return nodeChildren(anatomy, element.node);
    case 'addon':
      return addonChildren(anatomy, element.addon);
    default:
      return [];
  }
}

export function hasChildren(element: TreeElement): boolean {
  switch (element.type) {
    case 'section':
      return element.count > 0 || element.section === 'controlPlane';
    case 'nodeGroup':
    case 'node':
      return true;
    case 'addon':
      return element.addon.kind === 'Deployment' || element.addon.kind === 'StatefulSet';
    case 'unscheduledPod':
      return true;
    default:
      return false;
  }
}
