import { allHidden, hiddenOf } from './standpointText';
import type {
  AbsentComponent,
  AddonAnatomy,
  ClusterAnatomy,
  ComponentPod,
  HiddenRead,
  InferredNode,
  NodeAnatomy,
  NodeRole,
  ServedGroup,
  Standpoint,
  StandpointActor,
  StandpointNamespace,
  StandpointPod,
  UnscheduledPod,
} from './types';

/**
 * The tree's elements as data: sections, nodes, Pods, node agents, heartbeats, addons and absent components.
 * No sentences here (the adapter localises); ids are stable across updates so VS Code keeps expansion state.
 * No element has more than MAX_CHILDREN children: long node lists are paged into groups.
 */

export const MAX_CHILDREN = 200;

export type SectionId = 'standpoint' | 'hidden' | 'controlPlane' | 'nodes' | 'unscheduled' | 'addons' | 'absent' | 'unreadable';

/** Where a page of the user's Pods comes from: a namespace's Pods, or those on an inferred node. */
export type UserPodSource = { readonly namespace: string } | { readonly node: string };

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
  | { readonly type: 'embedded'; readonly id: string; readonly node: NodeAnatomy; readonly absent: AbsentComponent }
  /** A read RBAC hides from the user, with the permissions that would show it (never shown as empty or absent). */
  | { readonly type: 'hiddenRead'; readonly id: string; readonly hidden: HiddenRead }
  // From where a limited user stands (anatomy.standpoint):
  /** kube-apiserver as every user sees it: its address, version, cluster-info and discovery's groups. */
  | { readonly type: 'standpointApiServer'; readonly id: string; readonly standpoint: Standpoint }
  | { readonly type: 'clusterInfo'; readonly id: string; readonly server: string | null }
  | { readonly type: 'servedGroups'; readonly id: string; readonly groups: readonly ServedGroup[] | null }
  | { readonly type: 'servedGroup'; readonly id: string; readonly group: ServedGroup }
  | { readonly type: 'inferredNodes'; readonly id: string; readonly nodes: readonly InferredNode[] }
  /** A node known only because the user's Pods run on it. */
  | { readonly type: 'inferredNode'; readonly id: string; readonly node: InferredNode }
  | { readonly type: 'userNamespace'; readonly id: string; readonly namespace: StandpointNamespace }
  | { readonly type: 'userPod'; readonly id: string; readonly pod: StandpointPod }
  /** The user's Pods past the first page of a namespace or a node: `from` to `to` of its list, or pages of them. */
  | {
      readonly type: 'userPodPage';
      readonly id: string;
      readonly source: UserPodSource;
      readonly key: string;
      readonly from: number;
      readonly to: number;
    }
  /** A component that acted on one of the user's Pods (a field manager, or an Event's source). */
  | { readonly type: 'actor'; readonly id: string; readonly actor: StandpointActor };

function prefix(anatomy: ClusterAnatomy): string {
  return `ctx:${anatomy.context}`;
}

function nodesOfRole(anatomy: ClusterAnatomy, role: NodeRole): readonly NodeAnatomy[] {
  return anatomy.nodes.filter((node) => node.role === role);
}

/**
 * The roots: the sections of the anatomy. A limited user's tree begins with what they can see from where they
 * stand and what is hidden from them; a section whose reads are hidden says so (its children name the reads).
 */
export function rootElements(anatomy: ClusterAnatomy): TreeElement[] {
  const p = prefix(anatomy);
  if (anatomy.nothingRead) return [{ type: 'nothingRead', id: `${p}/nothingRead`, reason: anatomy.nothingRead.reason }];
  const hidden = allHidden(anatomy);
  const hiddenSection: TreeElement = { type: 'section', id: `${p}/hidden`, section: 'hidden', count: hidden.length };
  const roots: TreeElement[] = [];
  if (anatomy.standpoint) {
    roots.push({ type: 'section', id: `${p}/standpoint`, section: 'standpoint', count: anatomy.standpoint.namespaces.length });
    if (hidden.length > 0) roots.push(hiddenSection);
  }
  const section = (id: Exclude<SectionId, 'standpoint' | 'hidden' | 'unreadable'>, count: number): TreeElement => ({
    type: 'section',
    id: `${p}/${id}`,
    section: id,
    count,
  });
  // A first paint: the control plane, and the nodes still being listed; nothing is judged missing yet.
  if (anatomy.loading)
    return [section('controlPlane', nodesOfRole(anatomy, 'control-plane').length), section('nodes', nodesOfRole(anatomy, 'worker').length)];
  roots.push(
    section('controlPlane', nodesOfRole(anatomy, 'control-plane').length + hiddenOf(anatomy, 'controlPlane').length),
    section('nodes', nodesOfRole(anatomy, 'worker').length + hiddenOf(anatomy, 'nodes').length),
    ...(anatomy.unscheduled?.length ? [section('unscheduled', anatomy.unscheduled.length)] : []),
    section('addons', anatomy.addons.length + hiddenOf(anatomy, 'addons').length),
    section('absent', anatomy.absent.length + hiddenOf(anatomy, 'absent').length),
  );
  if (!anatomy.standpoint && hidden.length > 0) roots.push(hiddenSection);
  const unreadable = failedReads(anatomy);
  if (unreadable.length > 0) roots.push({ type: 'section', id: `${p}/unreadable`, section: 'unreadable', count: unreadable.length });
  return roots;
}

/** The reads that failed for a reason other than RBAC (those are hidden, and listed as such). */
export function failedReads(anatomy: ClusterAnatomy): ClusterAnatomy['unreadable'] {
  const hidden = anatomy.hidden ?? [];
  return anatomy.unreadable.filter((entry) => entry.kind !== 'forbidden' || !hidden.some((read) => read.resource === entry.resource));
}

/** Rows for hidden reads under `parent` (an element's id): one per read, named by the read's id. */
function hiddenElements(parent: string, reads: readonly HiddenRead[]): TreeElement[] {
  return reads.map((hidden) => ({ type: 'hiddenRead', id: `${parent}/hidden/${hidden.id}`, hidden }));
}

// ---- from where a limited user stands ----

function standpointChildren(anatomy: ClusterAnatomy, standpoint: Standpoint): TreeElement[] {
  const base = `${prefix(anatomy)}/standpoint`;
  return [
    { type: 'standpointApiServer', id: `${base}/apiServer`, standpoint },
    { type: 'inferredNodes', id: `${base}/nodes`, nodes: standpoint.nodes },
    ...standpoint.namespaces
      .slice(0, MAX_CHILDREN - 2)
      .map((namespace): TreeElement => ({ type: 'userNamespace', id: `${base}/namespace/${namespace.name}`, namespace })),
  ];
}

function apiServerChildren(anatomy: ClusterAnatomy, standpoint: Standpoint): TreeElement[] {
  const base = `${prefix(anatomy)}/standpoint/apiServer`;
  const { clusterInfo, groups } = standpoint.apiServer;
  return [
    ...(clusterInfo ? [{ type: 'clusterInfo', id: `${base}/clusterInfo`, server: clusterInfo.server } as const] : []),
    { type: 'servedGroups', id: `${base}/groups`, groups },
  ];
}

/** The user's Pods of a namespace or on an inferred node, in the standpoint's order (by name). */
function userPodsOf(standpoint: Standpoint | undefined, source: UserPodSource): readonly StandpointPod[] {
  if (!standpoint) return [];
  if ('namespace' in source) return standpoint.namespaces.find((namespace) => namespace.name === source.namespace)?.pods ?? [];
  return standpoint.namespaces.flatMap((namespace) => (namespace.pods ?? []).filter((pod) => pod.nodeName === source.node));
}

function userPodElement(parent: string, pod: StandpointPod): TreeElement {
  return { type: 'userPod', id: `${parent}/pod/${pod.namespace}/${pod.name}`, pod };
}

/**
 * Pods as children: all of them up to MAX_CHILDREN, else the first page and the rest as a group (a namespace can
 * hold thousands). Pages are named by their place, so a Pod coming or going keeps an open page open.
 */
function pagedUserPods(parent: string, source: UserPodSource, pods: readonly StandpointPod[], room = MAX_CHILDREN): TreeElement[] {
  if (pods.length <= room) return pods.map((pod) => userPodElement(parent, pod));
  const shown = room - 1;
  return [
    ...pods.slice(0, shown).map((pod) => userPodElement(parent, pod)),
    { type: 'userPodPage', id: `${parent}/pods/rest`, source, key: 'rest', from: shown, to: pods.length },
  ];
}

function userPodPageChildren(anatomy: ClusterAnatomy, element: Extract<TreeElement, { type: 'userPodPage' }>): TreeElement[] {
  const pods = userPodsOf(anatomy.standpoint, element.source);
  const parent = element.id.slice(0, -`/pods/${element.key}`.length);
  const to = Math.min(element.to, pods.length);
  const count = to - element.from;
  if (count <= MAX_CHILDREN) return pods.slice(element.from, to).map((pod) => userPodElement(parent, pod));
  const pageSize = Math.max(MAX_CHILDREN, Math.ceil(count / MAX_CHILDREN));
  const pages: TreeElement[] = [];
  for (let from = element.from, page = 1; from < to; from += pageSize, page++) {
    const key = `${element.key}/page${page}`;
    pages.push({ type: 'userPodPage', id: `${parent}/pods/${key}`, source: element.source, key, from, to: Math.min(to, from + pageSize) });
  }
  return pages;
}

function standpointElementChildren(anatomy: ClusterAnatomy, element: TreeElement): TreeElement[] {
  switch (element.type) {
    case 'standpointApiServer':
      return apiServerChildren(anatomy, element.standpoint);
    case 'servedGroups':
      return (element.groups ?? [])
        .slice(0, MAX_CHILDREN)
        .map((group) => ({ type: 'servedGroup', id: `${element.id}/${group.name || 'core'}`, group }));
    case 'inferredNodes':
      return element.nodes.slice(0, MAX_CHILDREN).map((node) => ({ type: 'inferredNode', id: `${element.id}/${node.name}`, node }));
    case 'inferredNode': {
      // kube-system's Pods on it (when they may be read), then the user's.
      const components = (element.node.components ?? []).slice(0, MAX_CHILDREN / 2).map((pod): TreeElement => ({
        type: 'pod',
        id: `${element.id}/pod/${pod.namespace}/${pod.pod}`,
        nodeName: element.node.name,
        pod,
      }));
      const pods = userPodsOf(anatomy.standpoint, { node: element.node.name });
      return [...components, ...pagedUserPods(element.id, { node: element.node.name }, pods, MAX_CHILDREN - components.length)];
    }
    case 'userNamespace':
      if (!element.namespace.pods) return element.namespace.hidden ? hiddenElements(element.id, [element.namespace.hidden]) : [];
      return pagedUserPods(element.id, { namespace: element.namespace.name }, element.namespace.pods);
    case 'userPodPage':
      return userPodPageChildren(anatomy, element);
    case 'userPod':
      return element.pod.actors.map((actor, index) => ({ type: 'actor', id: `${element.id}/actor/${index}`, actor }));
    default:
      return [];
  }
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

function addonChildren(anatomy: ClusterAnatomy, element: Extract<TreeElement, { type: 'addon' }>): TreeElement[] {
  const { addon } = element;
  if (addon.kind !== 'Deployment' && addon.kind !== 'StatefulSet') return [];
  // Its Pods are kube-system's Pods on the nodes: hidden, the row says so instead of showing none.
  const podsHidden = (anatomy.hidden ?? []).filter((read) => read.id === 'pods' || read.id === 'nodes');
  if (podsHidden.length > 0) return hiddenElements(element.id, podsHidden);
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
    case 'section': {
      const hidden = (part: Parameters<typeof hiddenOf>[1]) => hiddenElements(element.id, hiddenOf(anatomy, part));
      switch (element.section) {
        case 'standpoint':
          return anatomy.standpoint ? standpointChildren(anatomy, anatomy.standpoint) : [];
        case 'hidden':
          return hiddenElements(`${p}`, allHidden(anatomy)).slice(0, MAX_CHILDREN);
        case 'controlPlane': {
          const nodes = nodesOfRole(anatomy, 'control-plane');
          const hiddenRows = hidden('controlPlane');
          if (hiddenRows.length > 0) return [...hiddenRows, ...pagedNodes(anatomy, 'control-plane', nodes)];
          if (nodes.length === 0 && (anatomy.controlPlane.mode === 'hosted' || anatomy.controlPlane.mode === 'embedded')) {
            return [{ type: 'hostedControlPlane', id: `${p}/hosted`, anatomy }];
          }
          return pagedNodes(anatomy, 'control-plane', nodes);
        }
        case 'nodes':
          return [...hidden('nodes'), ...pagedNodes(anatomy, 'worker', nodesOfRole(anatomy, 'worker'))];
        case 'unscheduled':
          return (anatomy.unscheduled ?? [])
            .slice(0, MAX_CHILDREN)
            .map((pod) => ({ type: 'unscheduledPod', id: `${p}/unscheduled/${pod.pod}`, pod }));
        case 'addons': {
          const hiddenRows = hidden('addons');
          return [
            ...hiddenRows,
            ...anatomy.addons
              .slice(0, MAX_CHILDREN - hiddenRows.length)
              .map((addon): TreeElement => ({ type: 'addon', id: `${p}/addon/${addon.kind}/${addon.namespace}/${addon.name}`, addon })),
          ];
        }
        case 'absent':
          return [
            ...hidden('absent'),
            ...anatomy.absent.map((absent): TreeElement => ({ type: 'absent', id: `${p}/absent/${absent.component}`, absent })),
          ];
        case 'unreadable':
          return failedReads(anatomy).map((entry) => ({
            type: 'unreadable',
            id: `${p}/unreadable/${entry.resource}`,
            resource: entry.resource,
            reason: entry.reason,
          }));
      }
      return [];
    }
    case 'nodeGroup':
      return groupChildren(anatomy, element);
    case 'node':
      return nodeChildren(anatomy, element.node);
    case 'addon':
      return addonChildren(anatomy, element);
    default:
      return standpointElementChildren(anatomy, element);
  }
}

export function hasChildren(element: TreeElement): boolean {
  switch (element.type) {
    case 'section':
      return element.count > 0 || element.section === 'controlPlane' || element.section === 'standpoint';
    case 'standpointApiServer':
      return true;
    case 'servedGroups':
      return (element.groups?.length ?? 0) > 0;
    case 'inferredNodes':
      return element.nodes.length > 0;
    case 'inferredNode':
      return element.node.pods.length > 0;
    case 'userNamespace':
      return element.namespace.pods ? element.namespace.pods.length > 0 : !!element.namespace.hidden;
    case 'userPodPage':
      return true;
    case 'userPod':
      return element.pod.actors.length > 0;
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
