/** The placement report as text, for the terminal. */
import type { FilterEvidence } from './filters';
import { filterEvidenceText } from './strings';
import type { PlacementReport } from './place';
import type { SchedulerSaid } from './clusterRead';
import { inlineText, textLines } from '../util/visibleText';

const stateText: Record<PlacementReport['state'], string> = {
  bound: 'bound',
  pending: 'Pending: the scheduler has not placed it',
  gated: 'Pending: held by scheduling gates, the scheduler does not consider it yet',
  nodeName: 'its manifest names a node: no scheduler runs, that node\'s kubelet admits or rejects it',
  static: 'a static Pod: kubelet runs it from its node\'s manifest folder; no scheduler placed it',
  otherScheduler: 'placed by another scheduler; these are the default scheduler\'s filters',
  notCreated: 'not in the cluster: where it could go now',
};

export interface PlacementTextOptions {
  /** Nodes listed per group before "… and N more"; all with Infinity. */
  readonly limit?: number;
  readonly said?: SchedulerSaid;
  readonly from?: string;
  readonly boundError?: string;
}

export function renderPlacementText(report: PlacementReport, options: PlacementTextOptions = {}): string {
  const limit = options.limit ?? 20;
  const lines: string[] = [];
  const { pod } = report;
  // Values from the cluster and the manifest are cut when long; textLines keeps every line one line.
  const evidence = (items: readonly FilterEvidence[]) => items.map((item) => inlineText(filterEvidenceText(item))).join('; ');
  const where = report.state === 'bound' ? `on ${inlineText(report.boundNode ?? '')}` : stateText[report.state];
  lines.push(`Pod ${inlineText(pod.namespace)}/${inlineText(pod.name)}${options.from ? ` (of ${inlineText(options.from)})` : ''}: ${where}`);
  const said = options.said?.events[0];
  if (said) lines.push(`The scheduler said (FailedScheduling${said.count > 1 ? `, ${said.count} times` : ''}${said.lastSeen ? `, last at ${inlineText(said.lastSeen)}` : ''}):`, `  ${inlineText(said.message)}`);
  const total = report.nodes.length;
  lines.push('', `The filters now: fits ${report.feasible.length} of ${total} node${total === 1 ? '' : 's'}${report.feasible.length > 0 ? `: ${report.feasible.slice(0, limit).join(', ')}${report.feasible.length > limit ? `, … and ${report.feasible.length - limit} more` : ''}` : ''}`);
  const rejected = report.nodes.filter((node) => node.feasible === false);
  for (const node of rejected.slice(0, limit)) {
    const [first, ...rest] = node.failures;
    lines.push(`  ✗ ${inlineText(node.node)}: ${first!.filter}: ${evidence(first!.evidence)}`);
    for (const more of rest) lines.push(`      also ${more.filter}: ${evidence(more.evidence)}`);
    if (node.conditionNotes.length > 0) lines.push(`      node: ${node.conditionNotes.join(', ')}`);
  }
  if (rejected.length > limit) lines.push(`  … and ${rejected.length - limit} more nodes that do not fit (--all lists them)`);
  const unknown = report.nodes.filter((node) => node.feasible === 'unknown');
  for (const node of unknown.slice(0, limit)) lines.push(`  ? ${node.node}: not known: ${node.unknown.join(', ')}`);
  if (unknown.length > limit) lines.push(`  … and ${unknown.length - limit} more nodes not known`);
  if (unknown.length > 0 && options.boundError) lines.push(`  (the Pods bound to nodes could not be read: ${inlineText(options.boundError)})`);
  if (report.message) lines.push('', 'As the scheduler would say it now:', `  ${inlineText(report.message, 2_000)}`);
  lines.push('', 'Not judged:');
  for (const note of report.notJudged) lines.push(`  - ${note}`);
  return textLines(lines);
}
