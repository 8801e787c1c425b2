/** The health report as text (the CLI) and as a list of problems (the status bar, the exit code). */
import { daysLeft } from './certificates';
import type { ControlPlaneHealthReport, LeaderReport } from './report';
import { skewComparisonText, type SkewVerdict } from './versionSkew';
import { defaultHealthStrings, type HealthStrings } from './strings';
import { format } from '../util/catalog';
import { textLines } from '../util/visibleText';

/** Certificates this close to their end are worth a warning. */
export const CERTIFICATE_WARNING_DAYS = 30;

function ago(seconds: number | undefined): string {
  if (seconds === undefined) return 'at an unknown time';
  return seconds < 120 ? `${Math.round(seconds)} s ago` : `${Math.round(seconds / 60)} min ago`;
}

function leaderLine(leader: LeaderReport): string {
  if (!leader.lock) return `${leader.component}: no lock (${leader.note ?? 'none found'})`;
  const where = leader.leaderPod ? `${leader.leaderPod} on ${leader.leaderNode}` : leader.lock.holderHost ? `host ${leader.lock.holderHost} (not a node here)` : leader.lock.holderIdentity;
  const freshness = leader.lock.state === 'expired'
    ? `NOT RENEWED: last renewed ${ago(leader.lock.renewedAgoSeconds)}, past its ${leader.lock.leaseDurationSeconds} s`
    : `renewed ${ago(leader.lock.renewedAgoSeconds)} (lease ${leader.lock.leaseDurationSeconds ?? '?'} s)`;
  const transitions = leader.lock.transitions !== undefined ? `, ${leader.lock.transitions} transitions` : '';
  const source = leader.source && leader.source !== 'leases' ? ` [annotation on the ${leader.source === 'endpoints' ? 'Endpoints' : 'ConfigMap'}]` : '';
  const standbys = leader.standbys.length > 0 ? `; standby: ${leader.standbys.map((standby) => `${standby.pod} on ${standby.node}`).join(', ')}` : '';
  return `${leader.component}: leader ${where}, ${freshness}${transitions}${source}${standbys}`;
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
      for (const check of checks.checks.filter((candidate) => !candidate.ok)) problems.push({ kind: 'checkFailed', endpoint: checks.endpoint, check: check.name, ...(check.detail ? { detail: check.detail } : {}) });
      if (checks.passed === false && checks.checks.every((check) => check.ok)) problems.push({ kind: 'endpointFailed', endpoint: checks.endpoint });
    }
  }
  if ('value' in report.leaders) {
    for (const leader of report.leaders.value) if (leader.lock?.state === 'expired') problems.push({ kind: 'leaderNotRenewed', component: leader.component });
  }
  for (const entry of report.skew) if (entry.verdict && !entry.verdict.ok) problems.push({ kind: 'versionSkew', verdict: entry.verdict });
  if ('value' in report.certificates.serving) {
    const leaf = report.certificates.serving.value[0];
    if (leaf && daysLeft(leaf, now) < CERTIFICATE_WARNING_DAYS) problems.push({ kind: 'certificateExpires', whose: 'apiServer', days: daysLeft(leaf, now) });
  }
  const client = report.certificates.client;
  if ('value' in client && client.value && daysLeft(client.value, now) < CERTIFICATE_WARNING_DAYS) problems.push({ kind: 'certificateExpires', whose: 'client', days: daysLeft(client.value, now) });
  return problems;
}

/**
 * A problem as a sentence: English for the CLI, or in the catalog's language. `endpoint` words /readyz and /livez
 * (the CLI says `readyz`, the status bar `/readyz`).
 */
export function healthProblemText(problem: HealthProblem, strings: HealthStrings = defaultHealthStrings, endpoint: (name: 'readyz' | 'livez') => string = (name) => name): string {
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

export function renderHealthText(report: ControlPlaneHealthReport): string {
  const now = Date.parse(report.generatedAt);
  const lines: string[] = [];
  lines.push(`Control plane of ${report.context} (${report.server}, ${report.serverVersion ?? 'version unknown'}), ${report.generatedAt}`);
  const problems = healthProblems(report, now);
  lines.push(problems.length === 0 ? 'No problem found.' : `${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
  for (const problem of problems) lines.push(`  ! ${healthProblemText(problem)}`);

  lines.push('', 'kube-apiserver checks');
  for (const checks of report.checks) {
    if (checks.state !== 'read') {
      lines.push(`  /${checks.endpoint}?verbose: ${checks.state === 'forbidden' ? 'forbidden: ' : 'not read: '}${checks.message}`);
      continue;
    }
    const failed = checks.checks.filter((check) => !check.ok);
    lines.push(`  /${checks.endpoint}: ${checks.passed === false ? 'FAILED' : checks.passed ? 'passed' : 'no verdict'} (${checks.checks.length - failed.length} of ${checks.checks.length} checks ok)`);
    for (const check of failed) lines.push(`    [-] ${check.name}${check.detail ? `: ${check.detail}` : ''}`);
  }

  lines.push('', 'Leaders');
  if ('error' in report.leaders) lines.push(`  not known: ${report.leaders.error}`);
  else for (const leader of report.leaders.value) lines.push(`  ${leaderLine(leader)}`);

  lines.push('', 'API servers');
  const { addresses, identities } = report.apiServers;
  lines.push(`  the kubernetes Service's endpoints: ${addresses ? (addresses.length > 0 ? addresses.join(', ') : 'none') : 'not read'}`);
  if (identities === null) lines.push('  identity Leases: not read');
  else if (identities.length === 0) lines.push('  identity Leases: none (served from Kubernetes 1.26)');
  else lines.push(`  identity Leases: ${identities.length} running (${identities.map((identity) => `${identity.host ?? identity.name}${identity.lock?.state === 'expired' ? ' (expired)' : ''}`).join(', ')})`);

  lines.push('', 'Version skew (https://kubernetes.io/releases/version-skew-policy/)');
  if (report.skew.length === 0) lines.push('  nothing to compare (no server version or no component versions)');
  const bad = report.skew.filter((entry) => entry.verdict && !entry.verdict.ok);
  const unknown = report.skew.filter((entry) => !entry.verdict);
  if (report.skew.length > 0) lines.push(`  ${report.skew.length - bad.length - unknown.length} of ${report.skew.length} within the policy`);
  for (const entry of bad) lines.push(`  ! ${entry.subject} (${entry.component} ${entry.version}): ${entry.verdict!.detail}. Rule: ${entry.verdict!.rule}`);
  for (const entry of unknown) lines.push(`  ? ${entry.subject} (${entry.component} ${entry.version}): not a version the policy can judge`);

  lines.push('', 'Certificates');
  const serving = report.certificates.serving;
  if ('error' in serving) lines.push(`  the API server's: not read: ${serving.error}`);
  else if (serving.value[0]) {
    const leaf = serving.value[0];
    lines.push(`  the API server's: ${leaf.subject.commonName ?? '(no CN)'}, issued by ${leaf.issuer.commonName ?? '(no CN)'}, valid until ${leaf.notAfter} (${daysLeft(leaf, now)} days)`);
    lines.push(`    names: ${[...leaf.subjectAltNames.dns, ...leaf.subjectAltNames.ip].join(', ') || 'none'}`);
  }
  const client = report.certificates.client;
  if ('error' in client) lines.push(`  your client certificate: not read: ${client.error}`);
  else if (client.value) lines.push(`  your client certificate: ${client.value.subject.commonName ?? '(no CN)'}${client.value.subject.organizations.length ? ` (${client.value.subject.organizations.join(', ')})` : ''}, valid until ${client.value.notAfter} (${daysLeft(client.value, now)} days)`);
  else lines.push('  your client certificate: none (this user authenticates with a token or a plugin)');
  const csrs = report.certificates.pendingKubeletCsrs;
  if ('error' in csrs) lines.push(`  kubelet certificate requests: not read: ${csrs.error}`);
  else lines.push(`  kubelet certificate requests waiting for approval: ${csrs.value.length === 0 ? 'none' : csrs.value.map((csr) => `${csr.name} (${csr.requestor}, ${csr.signerName})`).join(', ')}`);
  for (const note of report.notVisible) lines.push(`  ${note}`);
  return textLines(lines);
}
