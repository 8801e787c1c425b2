/**
 * What a node's box says about it, as of `now`: written once for the layout and for the webview, which
 * keeps the times and the screen-reader label current between layouts.
 */
import { formatDuration, heartbeatStopped, leaseAgeSeconds } from '../anatomy/healthPolicy';
import type { NodeAnatomy } from '../anatomy/types';
import { type DiagramStrings, durationUnits, format } from './strings';

/** "worker · Ready", or "worker · heartbeat stopped 3m ago". */
export function nodeDetailText(node: NodeAnatomy, strings: DiagramStrings, now: number): string {
  const role = node.role === 'control-plane' ? strings.controlPlaneNode : strings.workerNode;
  const age = leaseAgeSeconds(node.lease, now);
  if (heartbeatStopped(node.lease, now) && age !== null)
    return `${role} · ${format(strings.heartbeatStopped, formatDuration(age, durationUnits(strings)))}`;
  const ready = node.ready === 'True' ? strings.ready : node.ready === 'False' ? strings.notReady : strings.readyUnknown;
  return `${role} · ${ready}`;
}

/** "heartbeat 12s ago", or that no Lease was seen. */
export function nodeHeartbeatText(node: NodeAnatomy, strings: DiagramStrings, now: number): string {
  const age = leaseAgeSeconds(node.lease, now);
  return age === null ? strings.noLease : format(strings.heartbeatAgo, formatDuration(age, durationUnits(strings)));
}

/** The box's accessible name: name, detail and heartbeat. */
export function nodeAriaLabel(node: NodeAnatomy, strings: DiagramStrings, now: number): string {
  return `${node.name}, ${nodeDetailText(node, strings, now)}, ${nodeHeartbeatText(node, strings, now)}`;
}
