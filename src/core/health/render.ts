/** The health report as text (the CLI) and as a list of problems (the status bar, the exit code). */
import { daysLeft } from './certificates';
import type { ControlPlaneHealthReport, HealthPart, LeaderReport } from './report';
import { canIFor } from '../anatomy/standpointText';
import { needsText } from '../anatomy/standpointRender';
import { skewComparisonText, type SkewVerdict } from './versionSkew';
import { defaultHealthStrings, type HealthStrings } from './strings';
import { format, translateKnown } from '../util/catalog';
import { textLines } from '../util/visibleText';

/** Certificates this close to their end are worth a warning. */
export const CERTIFICATE_WARNING_DAYS = 30;

function ago(seconds: number | undefined, s: HealthStrings): string {
  if (seconds === undefined) return s.agoUnknown;
  return seconds < 120 ? format(s.agoSeconds, Math.round(seconds)) : format(s.agoMinutes, Math.round(seconds / 60));
}

function leaderLine(leader: LeaderReport, s: HealthStrings, podsHidden = false): string {
  if (!leader.lock)
    return format(s.leaderNoLock, leader.component, leader.note ? translateKnown(leader.note, defaultHealthStrings, s) : s.leaderNoneFound);
  const where = leader.leaderPod
    ? format(s.leaderOn, leader.leaderPod, leader.leaderNode ?? '')
    : leader.lock.holderHost
      ? format(podsHidden ? s.leaderHostHidden : s.leaderHost, leader.lock.holderHost)
      : leader.lock.holderIdentity;
  const freshness =
    leader.lock.state === 'expired'
      ? format(s.leaderNotRenewed, ago(leader.lock.renewedAgoSeconds, s), leader.lock.leaseDurationSeconds ?? '?')
      : format(s.leaderRenewed, ago(leader.lock.renewedAgoSeconds, s), leader.lock.leaseDurationSeconds ?? '?');
  const transitions = leader.lock.transitions !== undefined ? format(s.leaderTransitions, leader.lock.transitions) : '';
  const source =
    leader.source && leader.source !== 'leases'
      ? format(s.leaderAnnotation, leader.source === 'endpoints' ? 'Endpoints' : 'ConfigMap')
      : '';
  const standbys =
    leader.standbys.length > 0
      ? format(s.leaderStandby, leader.standbys.map((standby) => format(s.leaderOn, standby.pod, standby.node)).join(', '))
      : '';
  return format(s.leaderLine, leader.component, where, freshness, transitions, source, standbys);
}

/** One thing that needs attention, as data: each view words it in its own language. */
export type HealthProblem =
  | { readonly kind: 'checkFailed'; readonly endpoint: 'readyz' | 'livez'; readonly check: string; readonly detail?: string }
  /** The endpoint said it failed while every check it listed passed. */
  | { readonly kind: 'endpointFailed'; readonly endpoint: 'readyz' | 'livez' }
  | { readonly kind: 'leaderNotRenewed'; readonly component: string }
  | { readonly kind: 'versionSkew'; readonly verdict: SkewVerdict }
  | { readonly kind: 'certificateExpires'; readonly whose: 'apiServer' | 'client'; readonly days: number };

/** What needs attention; empty when nothing does. */
export function healthProblems(report: ControlPlaneHealthReport, now = Date.parse(report.generatedAt)): HealthProblem[] {
  const problems: HealthProblem[] = [];
  for (const checks of report.checks) {
    if (checks.state === 'read') {
      for (const check of checks.checks.filter((candidate) => !candidate.ok))
        problems.push({
          kind: 'checkFailed',
          endpoint: checks.endpoint,
          check: check.name,
          ...(check.detail ? { detail: check.detail } : {}),
        });
      if (checks.passed === false && checks.checks.every((check) => check.ok))
        problems.push({ kind: 'endpointFailed', endpoint: checks.endpoint });
    }
  }
  if ('value' in report.leaders) {
    for (const leader of report.leaders.value)
      if (leader.lock?.state === 'expired') problems.push({ kind: 'leaderNotRenewed', component: leader.component });
  }
  for (const entry of report.skew) if (entry.verdict && !entry.verdict.ok) problems.push({ kind: 'versionSkew', verdict: entry.verdict });
  if ('value' in report.certificates.serving) {
    const leaf = report.certificates.serving.value[0];
    if (leaf && daysLeft(leaf, now) < CERTIFICATE_WARNING_DAYS)
      problems.push({ kind: 'certificateExpires', whose: 'apiServer', days: daysLeft(leaf, now) });
  }
  const client = report.certificates.client;
  if ('value' in client && client.value && daysLeft(client.value, now) < CERTIFICATE_WARNING_DAYS)
    problems.push({ kind: 'certificateExpires', whose: 'client', days: daysLeft(client.value, now) });
  return problems;
}

/**
 * A problem as a sentence: English for the CLI, or in the catalog's language. `endpoint` words /readyz and /livez
 * (the CLI says `readyz`, the status bar `/readyz`).
 */
export function healthProblemText(
  problem: HealthProblem,
  strings: HealthStrings = defaultHealthStrings,
  endpoint: (name: 'readyz' | 'livez') => string = (name) => name,
): string {
  switch (problem.kind) {
    case 'checkFailed':
      // The detail is kube-apiserver's own words.
      return problem.detail
        ? format(strings.problemCheckFailedDetail, endpoint(problem.endpoint), problem.check, problem.detail)
        : format(strings.problemCheckFailed, endpoint(problem.endpoint), problem.check);
    case 'endpointFailed':
      return format(strings.problemEndpointFailed, endpoint(problem.endpoint));
    case 'leaderNotRenewed':
      return format(strings.problemLeaderNotRenewed, problem.component);
    case 'versionSkew':
      return format(strings.problemVersionSkew, skewComparisonText(problem.verdict.comparison, strings));
    case 'certificateExpires':
      return format(problem.whose === 'apiServer' ? strings.problemServingCertificate : strings.problemClientCertificate, problem.days);
  }
}

const partKeys: Readonly<Record<HealthPart, keyof HealthStrings>> = {
  checks: 'partChecks',
  leaders: 'partLeaders',
  apiServerEndpoints: 'partApiServerEndpoints',
  apiServerIdentities: 'partApiServerIdentities',
  skew: 'partSkew',
  pendingKubeletCsrs: 'partPendingKubeletCsrs',
};

export function healthPartText(part: HealthPart, s: HealthStrings = defaultHealthStrings): string {
  return s[partKeys[part]];
}

export function renderHealthText(report: ControlPlaneHealthReport, s: HealthStrings = defaultHealthStrings): string {
  const now = Date.parse(report.generatedAt);
  const lines: string[] = [];
  lines.push(format(s.reportTitle, report.context, report.server, report.serverVersion ?? s.versionUnknown, report.generatedAt));
  const problems = healthProblems(report, now);
  lines.push(problems.length === 0 ? s.noProblem : problems.length === 1 ? s.oneProblem : format(s.problems, problems.length));
  for (const problem of problems) lines.push(`  ! ${healthProblemText(problem, s)}`);
  const notChecked = report.notChecked ?? [];
  if (notChecked.length > 0) {
    lines.push(s.notCheckedSummary, '', s.sectionNotChecked);
    for (const { part, hidden } of notChecked) {
      lines.push(`  ? ${format(s.notCheckedPart, healthPartText(part, s), hidden.what, needsText(hidden))}`);
      for (const need of hidden.needs) lines.push(`      ${format(s.notCheckedCheck, canIFor(need, report.context))}`);
    }
  }

  lines.push('', s.sectionChecks);
  for (const checks of report.checks) {
    if (checks.state !== 'read') {
      lines.push(`  ${format(checks.state === 'forbidden' ? s.checksForbidden : s.checksNotRead, checks.endpoint, checks.message)}`);
      continue;
    }
    const failed = checks.checks.filter((check) => !check.ok);
    const verdict = checks.passed === false ? s.checksFailed : checks.passed ? s.checksPassed : s.checksNoVerdict;
    lines.push(`  ${format(verdict, checks.endpoint, checks.checks.length - failed.length, checks.checks.length)}`);
    for (const check of failed) lines.push(`    [-] ${check.name}${check.detail ? `: ${check.detail}` : ''}`);
  }

  lines.push('', s.sectionLeaders);
  if ('error' in report.leaders) lines.push(`  ${format(s.notKnown, translateKnown(report.leaders.error, defaultHealthStrings, s))}`);
  else {
    // Where the leader's Pod runs is hidden, not elsewhere.
    const podsHidden = notChecked.some((entry) => entry.part === 'leaders');
    for (const leader of report.leaders.value) lines.push(`  ${leaderLine(leader, s, podsHidden)}`);
  }

  lines.push('', s.sectionApiServers);
  const { addresses, identities } = report.apiServers;
  lines.push(`  ${format(s.serviceEndpoints, addresses ? (addresses.length > 0 ? addresses.join(', ') : s.none) : s.notRead)}`);
  if (identities === null) lines.push(`  ${s.identitiesNotRead}`);
  else if (identities.length === 0) lines.push(`  ${s.identitiesNone}`);
  else
    lines.push(
      `  ${format(s.identities, identities.length, identities.map((identity) => (identity.lock?.state === 'expired' ? format(s.expired, identity.host ?? identity.name) : (identity.host ?? identity.name))).join(', '))}`,
    );

  lines.push('', s.sectionSkew);
  const skewHidden = notChecked.some((entry) => entry.part === 'skew');
  if (report.skew.length === 0) lines.push(`  ${skewHidden ? `${s.sectionNotChecked}: ${healthPartText('skew', s)}` : s.skewNothing}`);
  const bad = report.skew.filter((entry) => entry.verdict && !entry.verdict.ok);
  const unknown = report.skew.filter((entry) => !entry.verdict);
  if (report.skew.length > 0) lines.push(`  ${format(s.skewWithin, report.skew.length - bad.length - unknown.length, report.skew.length)}`);
  for (const entry of bad)
    lines.push(
      `  ! ${format(s.skewOutside, entry.subject, entry.component, entry.version, skewComparisonText(entry.verdict!.comparison, s), entry.verdict!.rule)}`,
    );
  for (const entry of unknown) lines.push(`  ? ${format(s.skewUnknown, entry.subject, entry.component, entry.version)}`);

  lines.push('', s.sectionCertificates);
  const serving = report.certificates.serving;
  if ('error' in serving) lines.push(`  ${format(s.servingNotRead, serving.error)}`);
  else if (serving.value[0]) {
    const leaf = serving.value[0];
    lines.push(
      `  ${format(s.serving, leaf.subject.commonName ?? s.noCommonName, leaf.issuer.commonName ?? s.noCommonName, leaf.notAfter, daysLeft(leaf, now))}`,
    );
    lines.push(`    ${format(s.servingNames, [...leaf.subjectAltNames.dns, ...leaf.subjectAltNames.ip].join(', ') || s.none)}`);
  }
  const client = report.certificates.client;
  if ('error' in client) lines.push(`  ${format(s.clientNotRead, client.error)}`);
  else if (client.value) {
    const organizations = client.value.subject.organizations.length ? ` (${client.value.subject.organizations.join(', ')})` : '';
    lines.push(
      `  ${format(s.client, client.value.subject.commonName ?? s.noCommonName, organizations, client.value.notAfter, daysLeft(client.value, now))}`,
    );
  } else lines.push(`  ${s.clientNone}`);
  const csrs = report.certificates.pendingKubeletCsrs;
  if ('error' in csrs) lines.push(`  ${format(s.csrsNotRead, csrs.error)}`);
  else
    lines.push(
      `  ${format(s.csrs, csrs.value.length === 0 ? s.none : csrs.value.map((csr) => `${csr.name} (${csr.requestor}, ${csr.signerName})`).join(', '))}`,
    );
  for (const note of report.notVisible) lines.push(`  ${translateKnown(note, defaultHealthStrings, s)}`);
  return textLines(lines);
}
