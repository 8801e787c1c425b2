import * as vscode from 'vscode';
import { daysLeft } from '../../core/health/certificates';
import type { HealthElement } from '../../core/health/healthTree';
import { healthHasChildren } from '../../core/health/healthTree';
import { CERTIFICATE_WARNING_DAYS } from '../../core/health/render';
import { healthColor, Tooltip, ageText, renewedText } from './treeText';
import { healthNoteLabel, skewComparisonLabel } from '../healthText';
import { markHidden } from './standpointItems';
import { localErrorText } from '../apiErrorText';

const endpointLabel = { readyz: '/readyz', livez: '/livez' } as const;

/** The tree item of a row of the "Control plane health" section. */
export function renderHealthItem(element: HealthElement): vscode.TreeItem {
  switch (element.type) {
    case 'health': {
      const item = new vscode.TreeItem(vscode.l10n.t('Control plane health'));
      // Nothing wrong, but RBAC hid some parts: "ok" would claim what was not checked.
      const notChecked = new Set((element.report.notChecked ?? []).map((entry) => entry.part)).size;
      item.description =
        element.problems > 0
          ? vscode.l10n.t('{0} problems', element.problems)
          : notChecked > 0
            ? vscode.l10n.t('{0} not checked', notChecked)
            : vscode.l10n.t('ok');
      item.iconPath = new vscode.ThemeIcon('pulse', healthColor(element.problems > 0 ? 'warn' : notChecked > 0 ? 'unknown' : 'ok'));
      item.tooltip = new Tooltip()
        .heading(vscode.l10n.t('Control plane health'))
        .paragraph(
          vscode.l10n.t(
            "kube-apiserver's own checks, who leads the controller manager and the scheduler, the version skew and the certificates, as of {0}.",
            new Date(element.report.generatedAt).toLocaleTimeString(vscode.env.language),
          ),
        ).markdown;
      item.contextValue = 'clusterAnatomy:health';
      return item;
    }
    case 'healthChecks': {
      const { checks } = element;
      const item = new vscode.TreeItem(endpointLabel[checks.endpoint]);
      if (checks.state !== 'read') {
        item.description = checks.state === 'forbidden' ? vscode.l10n.t('forbidden') : vscode.l10n.t('not read');
        item.iconPath = new vscode.ThemeIcon('circle-slash', healthColor('unknown'));
        item.tooltip = new Tooltip()
          .heading(`${endpointLabel[checks.endpoint]}?verbose`)
          .paragraph(localErrorText(checks.message)).markdown;
        return item;
      }
      const failed = checks.checks.filter((check) => !check.ok);
      item.description =
        failed.length > 0
          ? vscode.l10n.t('{0} failing: {1}', failed.length, failed.map((check) => check.name).join(', '))
          : vscode.l10n.t('{0} of {1} ok', checks.checks.length, checks.checks.length);
      item.iconPath = new vscode.ThemeIcon(
        failed.length > 0 || checks.passed === false ? 'error' : 'pass',
        healthColor(failed.length > 0 || checks.passed === false ? 'error' : 'ok'),
      );
      item.tooltip = new Tooltip()
        .heading(`${endpointLabel[checks.endpoint]}?verbose`)
        .paragraph(
          checks.endpoint === 'readyz'
            ? vscode.l10n.t('Whether kube-apiserver is ready to serve requests.')
            : vscode.l10n.t('Whether kube-apiserver is alive (a failing check here gets it restarted).'),
        ).markdown;
      return item;
    }
    case 'healthPassedChecks': {
      const item = new vscode.TreeItem(vscode.l10n.t('{0} checks pass', element.checks.length));
      item.iconPath = new vscode.ThemeIcon('pass', healthColor('ok'));
      item.tooltip = new Tooltip()
        .heading(`${endpointLabel[element.endpoint]}?verbose`)
        .paragraph(element.checks.map((check) => check.name).join(', ')).markdown;
      return item;
    }
    case 'healthCheck': {
      // Most are post-start hooks: the prefix would push the hook's own name out of a 300 px sidebar.
      const hook = element.check.name.startsWith('poststarthook/');
      const item = new vscode.TreeItem(hook ? element.check.name.slice('poststarthook/'.length) : element.check.name);
      item.description = element.check.ok
        ? element.check.detail === 'excluded'
          ? vscode.l10n.t('excluded')
          : 'ok'
        : vscode.l10n.t('failed: {0}', element.check.detail ?? '');
      item.iconPath = new vscode.ThemeIcon(element.check.ok ? 'check' : 'error', healthColor(element.check.ok ? 'ok' : 'error'));
      item.tooltip = new Tooltip()
        .heading(element.check.name)
        .paragraph(
          hook
            ? vscode.l10n.t('A post-start hook: work kube-apiserver runs once it serves, such as starting its informers and controllers.')
            : vscode.l10n.t('A check kube-apiserver runs on itself.'),
        ).markdown;
      return item;
    }
    case 'healthLeader': {
      const { leader } = element;
      const item = new vscode.TreeItem(leader.component);
      const lock = leader.lock;
      if (!lock) {
        item.description = vscode.l10n.t('no lock');
        item.iconPath = new vscode.ThemeIcon('question', healthColor('unknown'));
        item.tooltip = new Tooltip().heading(leader.component).paragraph(healthNoteLabel(leader.note ?? '')).markdown;
        return item;
      }
      // Where the leader runs is on its Pod's row (leader / standby) and in the tooltip; the row says how fresh the
      // lock is, in a few columns: the longest component name leaves little of a 300 px sidebar.
      const age = lock.renewedAgoSeconds === undefined ? '?' : ageText(lock.renewedAgoSeconds);
      item.description =
        lock.state === 'expired'
          ? vscode.l10n.t('NOT RENEWED for {0}', age)
          : lock.renewedAgoSeconds === undefined
            ? vscode.l10n.t('{0} ago', age)
            : renewedText(lock.renewedAgoSeconds);
      item.iconPath = new vscode.ThemeIcon(
        'star-full',
        healthColor(lock.state === 'expired' ? 'error' : lock.state === 'held' ? 'ok' : 'unknown'),
      );
      const tooltip = new Tooltip()
        .heading(vscode.l10n.t('{0}: who leads', leader.component))
        .paragraph(
          vscode.l10n.t(
            'Every replica runs; only the holder of this lock acts. The others wait as standbys and take over once it has not been renewed for its lease duration.',
          ),
        )
        .line(vscode.l10n.t('Holder'), lock.holderIdentity)
        .line(
          vscode.l10n.t('Leader'),
          leader.leaderPod
            ? `${leader.leaderPod} (${leader.leaderNode})`
            : vscode.l10n.t('not a node of this cluster ({0})', lock.holderHost ?? lock.holderIdentity),
        );
      if (lock.renewedAt) tooltip.line(vscode.l10n.t('Renewed'), lock.renewedAt);
      if (lock.leaseDurationSeconds !== undefined) tooltip.line(vscode.l10n.t('Lease duration'), `${lock.leaseDurationSeconds} s`);
      if (lock.transitions !== undefined) tooltip.line(vscode.l10n.t('Transitions'), String(lock.transitions));
      if (leader.standbys.length > 0)
        tooltip.line(vscode.l10n.t('Standbys'), leader.standbys.map((standby) => `${standby.pod} (${standby.node})`).join(', '));
      tooltip.line(
        vscode.l10n.t('Lock'),
        leader.source === 'leases'
          ? `Lease kube-system/${leader.component}`
          : vscode.l10n.t(
              'annotation on the {0} kube-system/{1}',
              leader.source === 'endpoints' ? 'Endpoints' : 'ConfigMap',
              leader.component,
            ),
      );
      item.tooltip = tooltip.markdown;
      return item;
    }
    case 'healthSkew': {
      const item = new vscode.TreeItem(vscode.l10n.t('Version skew'));
      const bad = element.entries.filter((entry) => entry.verdict && !entry.verdict.ok).length;
      const unknown = element.entries.filter((entry) => !entry.verdict).length;
      item.description =
        element.entries.length === 0
          ? vscode.l10n.t('nothing to compare')
          : bad > 0
            ? vscode.l10n.t('{0} outside the policy', bad)
            : vscode.l10n.t('{0} of {1} ok', element.entries.length - unknown, element.entries.length);
      item.iconPath = new vscode.ThemeIcon('versions', healthColor(bad > 0 ? 'warn' : 'ok'));
      if (element.entries.length === 0 && element.hidden?.length) {
        // Nothing compared because RBAC hides the versions: hidden, never "nothing to compare".
        markHidden(item, element.hidden, element.context ?? '', 0);
        item.iconPath = new vscode.ThemeIcon('versions', healthColor('unknown'));
        return item;
      }
      item.tooltip = new Tooltip()
        .heading(vscode.l10n.t('Version skew'))
        .paragraph(
          vscode.l10n.t(
            'kubelet, kube-proxy and the control-plane components against kube-apiserver, by the official Version Skew Policy (kubernetes.io/releases/version-skew-policy).',
          ),
        ).markdown;
      return item;
    }
    case 'healthSkewEntry': {
      const { entry } = element;
      const item = new vscode.TreeItem(entry.subject);
      item.description = `${entry.component} ${entry.version}`;
      item.iconPath = new vscode.ThemeIcon(entry.verdict ? 'warning' : 'question', healthColor(entry.verdict ? 'warn' : 'unknown'));
      item.tooltip = new Tooltip()
        .heading(entry.subject)
        .paragraph(
          entry.verdict
            ? `${skewComparisonLabel(entry.verdict.comparison)}. ${entry.verdict.rule}`
            : vscode.l10n.t('Not a version the policy can judge.'),
        ).markdown;
      return item;
    }
    case 'healthCertificates': {
      const { report } = element;
      const now = Date.parse(report.generatedAt);
      const item = new vscode.TreeItem(vscode.l10n.t('Certificates'));
      const serving = report.certificates.serving;
      const leaf = 'value' in serving ? serving.value[0] : undefined;
      const left = leaf ? daysLeft(leaf, now) : undefined;
      item.description = left === undefined ? vscode.l10n.t('not read') : vscode.l10n.t('{0} days left', left);
      item.iconPath = new vscode.ThemeIcon(
        'shield',
        healthColor(left === undefined ? 'unknown' : left < CERTIFICATE_WARNING_DAYS ? 'warn' : 'ok'),
      );
      const tooltip = new Tooltip().heading(vscode.l10n.t('Certificates'));
      if (leaf)
        tooltip.line(
          vscode.l10n.t("The API server's"),
          `${leaf.subject.commonName ?? ''} · ${vscode.l10n.t('until {0}', leaf.notAfter)} · ${[...leaf.subjectAltNames.dns, ...leaf.subjectAltNames.ip].join(', ')}`,
        );
      else if ('error' in serving) tooltip.line(vscode.l10n.t("The API server's"), serving.error);
      const client = report.certificates.client;
      if ('value' in client && client.value)
        tooltip.line(
          vscode.l10n.t('Yours'),
          `${client.value.subject.commonName ?? ''} · ${vscode.l10n.t('until {0}', client.value.notAfter)}`,
        );
      const csrs = report.certificates.pendingKubeletCsrs;
      tooltip.line(vscode.l10n.t('Kubelet requests waiting'), 'value' in csrs ? String(csrs.value.length) : localErrorText(csrs.error));
      tooltip.paragraph(report.notVisible.map(healthNoteLabel).join(' '));
      item.tooltip = tooltip.markdown;
      return item;
    }
  }
}

export function healthCollapsibleState(element: HealthElement): vscode.TreeItemCollapsibleState {
  if (element.type === 'health') return vscode.TreeItemCollapsibleState.Expanded;
  return healthHasChildren(element) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
}
