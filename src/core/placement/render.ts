/** The placement report as text, for the terminal. */
import type { FilterEvidence } from './filters';
import { conditionNotesText, defaultPlacementStrings, filterEvidenceText, notJudgedText, type PlacementStrings } from './strings';
import { format } from '../util/catalog';
import type { PlacementReport } from './place';
import type { SchedulerSaid } from './clusterRead';
import { inlineText, textLines } from '../util/visibleText';
import type { HiddenRead } from '../anatomy/types';
import { canIFor } from '../anatomy/standpointText';
import { needsText } from '../anatomy/standpointRender';
import { whyNodeParts } from './whyNodeText';
import type { PlacementSuggestions } from './suggest';
import { type EditOperation, jsonPatchText } from './suggestEdit';
import { cannotSuggestText, suggestionText } from './suggestText';

const stateKeys: Record<Exclude<PlacementReport['state'], 'bound'>, keyof PlacementStrings> = {
  pending: 'statePending',
  gated: 'stateGated',
  nodeName: 'stateNodeName',
  static: 'stateStatic',
  otherScheduler: 'stateOtherScheduler',
  notCreated: 'stateNotCreated',
};

export interface PlacementTextOptions {
  /** Nodes listed per group before "… and N more"; all with Infinity. */
  readonly limit?: number;
  readonly said?: SchedulerSaid;
  readonly from?: string;
  readonly boundError?: string;
  /** The context, for the `kubectl auth can-i` lines of what is hidden. */
  readonly context?: string;
  /** The Nodes, when RBAC hides them: no node is judged. */
  readonly nodesHidden?: HiddenRead;
  /** All namespaces' Pods, when RBAC hides them: the filters that count bound Pods are not judged. */
  readonly boundHidden?: HiddenRead;
  /** What would make a Pod that fits no node fit, each with its edit of `editOf` (undefined: not an edit of it). */
  readonly suggestions?: SuggestionsText;
}

export interface SuggestionsText {
  readonly result: PlacementSuggestions;
  readonly edits: readonly (readonly EditOperation[] | undefined)[];
  /** The object edited, e.g. "Deployment web". */
  readonly editOf: string;
}

/** The suggestions' lines, indented for the report. */
function suggestionLines({ result, edits, editOf }: SuggestionsText, s: PlacementStrings): string[] {
  const lines = [s.suggestHeading];
  if (result.suggestions.length === 0) lines.push(`  ${s.suggestNone}`);
  result.suggestions.forEach((suggestion, index) => {
    lines.push(`  - ${suggestionText(suggestion, s, cliText)}`);
    const edit = edits[index];
    const other = suggestion.changes.some((change) => change.kind === 'freeHostPort');
    lines.push(
      `      ${edit ? format(s.suggestEdit, inlineText(editOf), jsonPatchText(edit)) : other ? s.suggestEditOther : s.suggestEditNone}`,
    );
  });
  for (const note of result.cannot) lines.push(`  ${cannotSuggestText(note, s, cliText)}`);
  return lines;
}

/** Cluster text on one terminal line. */
const cliText = (value: string | number) => inlineText(String(value));

export function renderPlacementText(
  report: PlacementReport,
  options: PlacementTextOptions = {},
  s: PlacementStrings = defaultPlacementStrings,
): string {
  const limit = options.limit ?? 20;
  const lines: string[] = [];
  const { pod } = report;
  // Values from the cluster and the manifest are cut when long; textLines keeps every line one line.
  const evidence = (items: readonly FilterEvidence[]) => items.map((item) => inlineText(filterEvidenceText(item, s))).join('; ');
  const where = report.state === 'bound' ? format(s.stateBound, inlineText(report.boundNode ?? '')) : s[stateKeys[report.state]];
  lines.push(
    options.from
      ? format(s.reportPodOf, inlineText(pod.namespace), inlineText(pod.name), inlineText(options.from), where)
      : format(s.reportPod, inlineText(pod.namespace), inlineText(pod.name), where),
  );
  const said = options.said?.events[0];
  if (said) {
    const when = `${said.count > 1 ? format(s.reportSaidTimes, said.count) : ''}${said.lastSeen ? format(s.reportSaidLast, inlineText(said.lastSeen)) : ''}`;
    lines.push(format(s.reportSaid, when), `  ${inlineText(said.message)}`);
  }
  const canI = (hidden: HiddenRead) =>
    hidden.needs.map((need) => `      ${inlineText(options.context ? canIFor(need, options.context) : need.canI)}`);
  if (options.nodesHidden) {
    // No node was read: "fits 0 of 0 nodes" would be invented. Say what is hidden and what would show it.
    lines.push('', format(s.reportNodesHidden, needsText(options.nodesHidden)), ...canI(options.nodesHidden));
    // With the Nodes allowed, the filters that count bound Pods would still need these.
    if (options.boundHidden) lines.push(`  ${format(s.reportBoundHidden, needsText(options.boundHidden))}`, ...canI(options.boundHidden));
    lines.push('', s.reportNotJudged);
    for (const note of report.notJudged) lines.push(`  - ${notJudgedText(note, s, cliText)}`);
    return textLines(lines);
  }
  const total = report.nodes.length;
  const fits = total === 1 ? format(s.reportFitsOne, report.feasible.length) : format(s.reportFits, report.feasible.length, total);
  const fitting =
    report.feasible.length > limit
      ? format(s.hoverListMore, report.feasible.slice(0, limit).join(', '), report.feasible.length - limit)
      : report.feasible.join(', ');
  lines.push('', `${fits}${report.feasible.length > 0 ? `: ${fitting}` : ''}`);
  const rejected = report.nodes.filter((node) => node.feasible === false);
  for (const node of rejected.slice(0, limit)) {
    const [first, ...rest] = node.failures;
    lines.push(`  ✗ ${inlineText(node.node)}: ${first!.filter}: ${evidence(first!.evidence)}`);
    for (const more of rest) lines.push(`      ${format(s.reportAlso, more.filter, evidence(more.evidence))}`);
    if (node.conditionNotes.length > 0) lines.push(`      ${format(s.reportNode, conditionNotesText(node.conditionNotes, s, cliText))}`);
  }
  if (rejected.length > limit) lines.push(`  ${format(s.reportMoreRejected, rejected.length - limit)}`);
  const unknown = report.nodes.filter((node) => node.feasible === 'unknown');
  for (const node of unknown.slice(0, limit)) lines.push(`  ? ${format(s.reportNotKnown, node.node, node.unknown.join(', '))}`);
  if (unknown.length > limit) lines.push(`  ${format(s.reportMoreUnknown, unknown.length - limit)}`);
  if (unknown.length > 0 && options.boundError) lines.push(`  ${format(s.reportBoundError, inlineText(options.boundError))}`);
  if (unknown.length > 0 && options.boundHidden)
    lines.push(`  ${format(s.reportBoundHidden, needsText(options.boundHidden))}`, ...canI(options.boundHidden));
  if (report.message) lines.push('', s.reportWouldSay, `  ${inlineText(report.message, 2_000)}`);
  if (options.suggestions) lines.push('', ...suggestionLines(options.suggestions, s));
  if (report.whyThisNode) {
    const why = whyNodeParts(report.whyThisNode, s, cliText);
    lines.push('', why.heading, `  ${why.notReadable}`);
    for (const section of why.sections) lines.push(`  ${section.title}`, ...section.rows.map((row) => `    ${row}`));
  }
  // With "why on this node" shown, the sentence about scores is said there, once.
  const notJudged = report.whyThisNode ? report.notJudged.filter((note) => note.kind !== 'scores') : report.notJudged;
  if (notJudged.length > 0) lines.push('', s.reportNotJudged);
  for (const note of notJudged) lines.push(`  - ${notJudgedText(note, s, cliText)}`);
  return textLines(lines);
}
