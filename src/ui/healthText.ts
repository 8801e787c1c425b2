/** The health report's problems and version comparisons in the user's language. */
import * as vscode from 'vscode';
import type { HealthProblem } from '../core/health/render';
import type { SkewComparison } from '../core/health/versionSkew';

const minorsLabel = (count: number) => (count === 1 ? vscode.l10n.t('1 minor version') : vscode.l10n.t('{0} minor versions', count));

export function skewComparisonLabel(comparison: SkewComparison): string {
  switch (comparison.kind) {
    case 'apiServer':
      if (comparison.relation === 'matches') return vscode.l10n.t('{0} {1} matches kube-apiserver {2}', comparison.component, comparison.own, comparison.apiServer);
      return comparison.relation === 'newer'
        ? vscode.l10n.t('{0} {1} is {2} newer than kube-apiserver {3}', comparison.component, comparison.own, minorsLabel(comparison.minors), comparison.apiServer)
        : vscode.l10n.t('{0} {1} is {2} older than kube-apiserver {3}', comparison.component, comparison.own, minorsLabel(comparison.minors), comparison.apiServer);
    case 'kubelet':
      if (comparison.relation === 'matches') return vscode.l10n.t("kube-proxy {0} matches its node's kubelet {1}", comparison.own, comparison.kubelet);
      return comparison.relation === 'newer'
        ? vscode.l10n.t("kube-proxy {0} is {1} newer than its node's kubelet {2}", comparison.own, minorsLabel(comparison.minors), comparison.kubelet)
        : vscode.l10n.t("kube-proxy {0} is {1} older than its node's kubelet {2}", comparison.own, minorsLabel(comparison.minors), comparison.kubelet);
    case 'apiServers':
      return comparison.minors === 0
        ? vscode.l10n.t('every kube-apiserver instance is at {0}', comparison.newest)
        : vscode.l10n.t('the newest kube-apiserver, {0}, is {1} newer than the oldest, {2}', comparison.newest, minorsLabel(comparison.minors), comparison.oldest);
  }
}

const endpointLabel = { readyz: '/readyz', livez: '/livez' } as const;

export function healthProblemLabel(problem: HealthProblem): string {
  switch (problem.kind) {
    case 'checkFailed':
      // The detail is kube-apiserver's own words.
      return problem.detail
        ? vscode.l10n.t('{0}: {1} failed ({2})', endpointLabel[problem.endpoint], problem.check, problem.detail)
        : vscode.l10n.t('{0}: {1} failed', endpointLabel[problem.endpoint], problem.check);
    case 'endpointFailed':
      return vscode.l10n.t('{0} failed', endpointLabel[problem.endpoint]);
    case 'leaderNotRenewed':
      return vscode.l10n.t('{0}: its leader lock is not being renewed', problem.component);
    case 'versionSkew':
      return vscode.l10n.t('version skew: {0}', skewComparisonLabel(problem.verdict.comparison));
    case 'certificateExpires':
      return problem.whose === 'apiServer'
        ? vscode.l10n.t("the API server's certificate expires in {0} days", problem.days)
        : vscode.l10n.t('your client certificate expires in {0} days', problem.days);
  }
}
