/**
 * A read the user may not do, as every view states it: what it would show, the permissions it needs with the
 * server's verdict, and the `kubectl auth can-i` lines that check them. Plain data and text: the diagram's
 * webview draws with it too, so nothing here reaches the Kubernetes client (access.ts asks the server).
 */
import { shellWord } from '../util/shell';

/** One permission a hidden read needs, as the server answered it, with the kubectl line that checks it. */
export interface NeededPermission {
  /** "list nodes (cluster-wide)", "watch pods in kube-system", "get /readyz". */
  readonly text: string;
  readonly verb: string;
  /** The RBAC resource with its group ("leases.coordination.k8s.io"), or the path of a non-resource URL. */
  readonly resource: string;
  /** Undefined: cluster-wide. */
  readonly namespace?: string;
  /** `kubectl auth can-i list nodes`; the views add `--context`. */
  readonly canI: string;
  /** 'denied' when the server said no; 'unknown' when it could not say (or has not answered yet). */
  readonly verdict: 'denied' | 'unknown';
}

/** A read the user may not do: never shown as empty, absent or hosted, always with what would show it. */
export interface HiddenRead {
  /** The read's id: 'nodes', 'pods', 'daemonSets', … (`anatomyReads` in core/kube/access.ts). */
  readonly id: string;
  /** What it would show: "Nodes", "Pods in kube-system". */
  readonly what: string;
  /** The RBAC resource of the collection ('nodes', 'pods', …), as `unreadable` names it. */
  readonly resource: string;
  readonly needs: readonly NeededPermission[];
  /** The server's refusal, as it said it (cluster text). */
  readonly reason: string;
}

/** The `kubectl auth can-i` line of a needed permission, for the context it is about. */
export function canIFor(need: NeededPermission, context: string): string {
  return `${need.canI} --context ${shellWord(context)}`;
}

/** "list nodes (cluster-wide), watch nodes (cluster-wide)". */
export function needsText(hidden: HiddenRead): string {
  return hidden.needs.map((need) => need.text).join(', ');
}
