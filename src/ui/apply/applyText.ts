/** What the apply says to people, in English or Japanese: the dry run's lesson, each object's outcome. */
import * as vscode from 'vscode';
import { type AppliedObject, type ApplyPlan, FIELD_MANAGER, type PlannedObject, targetName } from '../../core/apply/applyManifest';
import { type FieldChange, fieldPathText, groupByParent, valueText } from '../../core/apply/fieldDiff';
import { BEFORE_FIRST_APPLY, CLIENT_SIDE_APPLY_MANAGER, type FieldConflict, type FieldWriter } from '../../core/apply/ownership';
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
  const conflicts = object.ownership?.conflicts.length ?? 0;
  if (problem?.kind === 'conflict' && conflicts > 0)
    lines.push(
      conflicts === 1
        ? vscode.l10n.t('{0}: 1 field this manifest sets is owned by another field manager (a conflict)', name)
        : vscode.l10n.t('{0}: {1} fields this manifest sets are owned by other field managers (conflicts)', name, conflicts),
    );
  else if (problem?.kind === 'conflict') lines.push(vscode.l10n.t('{0}: conflict: {1}', name, problem.message));
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
    // A field force takes is listed with its manager under the ownership lines; not twice.
    const taken = (object.ownership?.takeovers ?? []).flatMap((takeover) => takeover.fields);
    const listedAsTaken = (change: FieldChange) =>
      taken.some(
        (field) =>
          field.field.endsWith(`.${String(change.path.at(-1))}`) &&
          JSON.stringify(field.live) === JSON.stringify(change.before) &&
          JSON.stringify(field.yours) === JSON.stringify(change.after),
      );
    for (const change of (object.liveChanges ?? []).filter((change) => !listedAsTaken(change)).slice(0, MAX_LIVE_CHANGES)) {
      const before = change.change === 'added' ? vscode.l10n.t('(none)') : valueText(change.before);
      const after = change.change === 'removed' ? vscode.l10n.t('(removed)') : valueText(change.after);
      lines.push(`  ${vscode.l10n.t('in the cluster now:')} ${formatPath(change.path)}: ${before} → ${after}`);
    }
  }
  return lines;
}

/** Fields listed per kind of outcome in the confirmation; the diff editor's heading lists all of them. */
const MAX_CONFIRMATION_FIELDS = 6;

/** A value in an ownership line; a Secret's stay hidden, as in the diff. */
function shownValue(object: PlannedObject, value: unknown): string {
  return object.target.kind === 'Secret' ? vscode.l10n.t('(hidden)') : valueText(value, 40);
}

function conflictValues(object: PlannedObject, conflict: FieldConflict): string {
  const before = 'live' in conflict ? shownValue(object, conflict.live) : vscode.l10n.t('(none)');
  return `${before} → ${'yours' in conflict ? shownValue(object, conflict.yours) : vscode.l10n.t('(none)')}`;
}

function writerText(writer: FieldWriter): string {
  switch (writer.kind) {
    case 'autoscaler':
      return writer.minReplicas !== undefined && writer.maxReplicas !== undefined
        ? vscode.l10n.t(
            'the HorizontalPodAutoscaler {0} keeps setting it, between {1} and {2} replicas',
            writer.name,
            writer.minReplicas,
            writer.maxReplicas,
          )
        : vscode.l10n.t('the HorizontalPodAutoscaler {0} keeps setting it', writer.name);
    case 'deployment-controller':
      return vscode.l10n.t("the deployment controller (kube-controller-manager) writes each rollout's revision here");
    case 'rollout-restart':
      return vscode.l10n.t('kubectl rollout restart writes it at every restart');
  }
}

/**
 * What server-side apply does with each field of one object: what the product's field manager will own and
 * share, what conflicts and what Apply with Force takes from whom, what a controller writes again, what is
 * removed. `limit`: fields listed per kind of outcome (the confirmation is short; the diff's heading is whole).
 */
export function ownershipLines(object: PlannedObject, limit = Number.POSITIVE_INFINITY): string[] {
  const ownership = object.ownership;
  if (!ownership) return [];
  const lines: string[] = [];
  const listed = <T>(items: readonly T[], line: (item: T) => string) => {
    for (const item of items.slice(0, limit)) lines.push(line(item));
    if (items.length > limit) lines.push(`    ${vscode.l10n.t('… and {0} more', items.length - limit)}`);
  };
  if (ownership.owned) {
    lines.push(
      ownership.owned.length === 1
        ? `  ${vscode.l10n.t('{0} will own 1 field.', FIELD_MANAGER)}`
        : `  ${vscode.l10n.t('{0} will own {1} fields.', FIELD_MANAGER, ownership.owned.length)}`,
    );
  }
  for (const { manager, fields } of ownership.shared)
    lines.push(`  ${vscode.l10n.t('Shared with {0}, which sets the same values: {1} field(s)', manager, fields.length)}`);
  for (const { manager, fields } of ownership.takeovers) {
    lines.push(`  ${vscode.l10n.t('Conflicts with {0}; Apply with Force takes from it:', manager)}`);
    listed(fields, (field) => `    ${field.field}: ${conflictValues(object, field)}`);
  }
  listed(
    ownership.notHolding,
    (field) =>
      `  ${vscode.l10n.t('Will not hold: {0} = {1}: {2}', field.field, shownValue(object, field.yours), writerText(field.writer))}`,
  );
  const removed = ownership.removed.filter((field) => field.keptBy.length === 0);
  const kept = ownership.removed.filter((field) => field.keptBy.length > 0);
  if (removed.length > 0)
    lines.push(`  ${vscode.l10n.t('Applied by {0} before and left out now: removed, or reset to the default:', FIELD_MANAGER)}`);
  listed(removed, (field) =>
    'resetTo' in field
      ? `    ${vscode.l10n.t('{0}: {1} → {2} (its default)', field.field, shownValue(object, field.value), shownValue(object, field.resetTo))}`
      : `    ${field.field}${'value' in field ? ` (${shownValue(object, field.value)})` : ''}`,
  );
  listed(kept, (field) => `  ${vscode.l10n.t('Stays, no longer yours: {0} ({1} also own(s) it)', field.field, field.keptBy.join(', '))}`);
  if (ownership.history === 'client-side-apply') {
    lines.push(
      `  ${vscode.l10n.t(
        'Written by client-side kubectl apply: the fields it set belong to {0}. Where your manifest sets the same value, you share them; where another, they conflict; the ones you leave out stay. The last-applied-configuration annotation stays as it is (kube-apiserver keeps it in step only for the field manager kubectl), so a later client-side kubectl apply still compares against it.',
        CLIENT_SIDE_APPLY_MANAGER,
      )}`,
    );
  } else if (ownership.history === 'no-managed-fields') {
    lines.push(
      `  ${vscode.l10n.t(
        'This object has no managedFields: at its first server-side apply kube-apiserver records all its fields under {0}, so every field your manifest sets to another value conflicts with {0}.',
        BEFORE_FIRST_APPLY,
      )}`,
    );
  }
  return lines;
}

/** The force button: it names whom it takes from; the detail above it lists each field. */
export function forceLabel(plan: ApplyPlan): string {
  const takeovers = plan.objects.flatMap((object) => object.ownership?.takeovers ?? []);
  const managers = [...new Set(takeovers.map((takeover) => takeover.manager))];
  const count = takeovers.reduce((sum, takeover) => sum + takeover.fields.length, 0);
  if (managers.length === 0) return vscode.l10n.t('Apply with Force (take the fields over)');
  return count === 1
    ? vscode.l10n.t('Apply with Force (take 1 field from {0})', plainNotificationText(managers.join(', '), 60))
    : vscode.l10n.t('Apply with Force (take {0} fields from {1})', count, plainNotificationText(managers.join(', '), 60));
}

/** The diff editor's heading for the ownership: every object's fields, in full, as YAML comments. */
export function ownershipHeading(plan: ApplyPlan): string {
  const lines = plan.objects.flatMap((object) => {
    const own = ownershipLines(object);
    return own.length === 0
      ? []
      : [
          vscode.l10n.t('{0}: what server-side apply does with its fields (field manager {1})', targetName(object.target), FIELD_MANAGER),
          ...own,
        ];
  });
  return lines.map((line) => `# ${line.replace(/[\r\n]+/g, ' ')}\n`).join('');
}

/** The confirmation's detail: the lesson, each object, what could not be checked, and where it writes. */
export function planSummary(plan: ApplyPlan, where: { readonly context: string; readonly server: string; readonly demo: boolean }): string {
  // Names and messages from the manifest and the server are made plain line by line; the line breaks are ours.
  const parts = [
    dryRunLesson(),
    // The added fields are in the diff behind the dialog, line by line: listing them here too made the dialog
    // tall enough to hide the diff it asks about. What changes in the cluster now stays.
    plan.objects
      .flatMap((object) => [
        ...objectSummary(object).filter((line) => !line.startsWith('  + ')),
        ...ownershipLines(object, MAX_CONFIRMATION_FIELDS),
      ])
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
