/** What the apply says to people, in English or Japanese: the dry run's lesson, each object's outcome. */
import * as vscode from 'vscode';
import { type AppliedObject, type ApplyPlan, type PlannedObject, targetName } from '../../core/apply/applyManifest';
import { fieldPathText, groupByParent, valueText } from '../../core/apply/fieldDiff';
import { plainNotificationText } from '../../core/util/notificationText';
import { formatPath } from '../../core/yaml/yamlPath';

/** Places listed per object in the summary; the diff editor shows all of them. */
const MAX_GROUPS = 6;
const MAX_LIVE_CHANGES = 5;

export function addedFieldsHeadline(count: number): string {
  return count === 1
    ? vscode.l10n.t('kube-apiserver would add 1 field (defaults and admission)')
    : vscode.l10n.t('kube-apiserver would add {0} fields (defaults and admission)', count);
}

export function dryRunLesson(): string {
  return vscode.l10n.t(
    "These fields were filled in by kube-apiserver's defaulting and admission before anything is stored. The diff editor shows each one in place (a dry run: nothing was stored).",
  );
}

/** One object's lines of the summary: new or existing, what the server fills in, what would change. */
export function objectSummary(object: PlannedObject): string[] {
  const name = targetName(object.target);
  const lines: string[] = [];
  const problem = object.problem;
  if (problem?.kind === 'namespace-pending') {
    lines.push(
      vscode.l10n.t(
        '{0}: not checked by kube-apiserver: its namespace {1} is created by this manifest, and a dry run creates nothing',
        name,
        object.target.namespace ?? '',
      ),
    );
    return lines;
  }
  if (problem?.kind === 'conflict') lines.push(vscode.l10n.t('{0}: conflict: {1}', name, problem.message));
  else if (problem) lines.push(vscode.l10n.t('{0}: refused by kube-apiserver: {1}', name, problem.message));
  else if (!object.live) lines.push(vscode.l10n.t('{0}: new', name));
  else if (object.liveChanges?.length === 0) lines.push(vscode.l10n.t('{0}: exists; the apply would change nothing', name));
  else lines.push(vscode.l10n.t('{0}: exists; {1} field(s) would change', name, object.liveChanges?.length ?? 0));
  const added = object.serverFilled.filter((change) => change.change === 'added');
  const groups = groupByParent(added);
  for (const group of groups.slice(0, MAX_GROUPS)) {
    const fields = group.changes.map((change) => String(change.path.at(-1))).join(', ');
    lines.push(`  + ${group.parent || '.'}: ${fields}`);
  }
  if (groups.length > MAX_GROUPS) lines.push(`  + ${vscode.l10n.t('… and {0} more places', groups.length - MAX_GROUPS)}`);
  const changed = object.serverFilled.filter((change) => change.change !== 'added');
  for (const change of changed.slice(0, MAX_LIVE_CHANGES)) {
    lines.push(
      `  ~ ${fieldPathText(change)}: ${change.change === 'removed' ? vscode.l10n.t('(removed)') : `${valueText(change.before)} → ${valueText(change.after)}`}`,
    );
  }
  if (object.live) {
    for (const change of (object.liveChanges ?? []).slice(0, MAX_LIVE_CHANGES)) {
      const before = change.change === 'added' ? vscode.l10n.t('(none)') : valueText(change.before);
      const after = change.change === 'removed' ? vscode.l10n.t('(removed)') : valueText(change.after);
      lines.push(`  ${vscode.l10n.t('in the cluster now:')} ${formatPath(change.path)}: ${before} → ${after}`);
    }
  }
  return lines;
}

/** The confirmation's detail: the lesson, each object, what could not be checked, and where it writes. */
export function planSummary(plan: ApplyPlan, where: { readonly context: string; readonly server: string; readonly demo: boolean }): string {
  // Names and messages from the manifest and the server are made plain line by line; the line breaks are ours.
  const parts = [
    dryRunLesson(),
    // The added fields are in the diff behind the dialog, line by line: listing them here too made the dialog
    // tall enough to hide the diff it asks about. What changes in the cluster now stays.
    plan.objects
      .flatMap(objectSummary)
      .filter((line) => !line.startsWith('  + '))
      .map((line) => plainNotificationText(line))
      .join('\n'),
  ];
  if (plan.unchecked.length > 0) {
    parts.push(
      vscode.l10n.t(
        'kube-apiserver could not check {0} of these objects before this confirmation: their namespace does not exist yet. Each is dry-run as soon as its namespace is created, before anything else is written; if kube-apiserver refuses one, the apply stops there and the namespace stays.',
        plan.unchecked.length,
      ),
    );
  }
  if (!where.demo)
    parts.push(
      vscode.l10n.t(
        'This writes to the cluster of the context "{0}" ({1}).',
        plainNotificationText(where.context),
        plainNotificationText(where.server),
      ),
    );
  return parts.join('\n\n');
}

export function appliedText(applied: AppliedObject): string {
  const name = targetName(applied.target);
  switch (applied.outcome) {
    case 'created':
      return vscode.l10n.t('{0} created', name);
    case 'configured':
      return vscode.l10n.t('{0} configured', name);
    case 'unchanged':
      return vscode.l10n.t('{0} unchanged', name);
  }
}
