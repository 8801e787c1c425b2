/**
 * The tree's "Control plane health" section as data: kube-apiserver's checks (failing first), who leads each
 * leader-elected component, the version skew, and the certificates a client sees. The adapter localises.
 */
import type { ChecksReport, ControlPlaneHealthReport, LeaderReport, SkewReport } from './report';
import type { ServerCheck } from './serverChecks';
import type { HiddenRead } from '../anatomy/types';

export type HealthElement =
  | { readonly type: 'health'; readonly id: string; readonly report: ControlPlaneHealthReport; readonly problems: number }
  | { readonly type: 'healthChecks'; readonly id: string; readonly checks: ChecksReport }
  | { readonly type: 'healthCheck'; readonly id: string; readonly endpoint: 'readyz' | 'livez'; readonly check: ServerCheck }
  /** The checks that pass, in one folded row: a healthy server's 35 would bury the section. */
  | {
      readonly type: 'healthPassedChecks';
      readonly id: string;
      readonly endpoint: 'readyz' | 'livez';
      readonly checks: readonly ServerCheck[];
    }
  | { readonly type: 'healthLeader'; readonly id: string; readonly leader: LeaderReport; readonly now: number }
  | {
      readonly type: 'healthSkew';
      readonly id: string;
      readonly entries: readonly SkewReport[];
      /** The reads RBAC hides that the skew check needs (the Nodes, kube-system's Pods), and whose they are. */
      readonly hidden?: readonly HiddenRead[];
      readonly context?: string;
    }
  | { readonly type: 'healthSkewEntry'; readonly id: string; readonly entry: SkewReport }
  | { readonly type: 'healthCertificates'; readonly id: string; readonly report: ControlPlaneHealthReport };

const isHealthType: ReadonlySet<string> = new Set([
  'health',
  'healthChecks',
  'healthCheck',
  'healthPassedChecks',
  'healthLeader',
  'healthSkew',
  'healthSkewEntry',
  'healthCertificates',
]);

export function isHealthElement(element: { readonly type: string }): element is HealthElement {
  return isHealthType.has(element.type);
}

export function healthRoot(report: ControlPlaneHealthReport, problems: number): HealthElement {
  return { type: 'health', id: `ctx:${report.context}/health`, report, problems };
}

export function healthChildren(element: HealthElement): HealthElement[] {
  switch (element.type) {
    case 'health': {
      const { report } = element;
      const p = element.id;
      const now = Date.parse(report.generatedAt);
      return [
        ...report.checks.map((checks): HealthElement => ({ type: 'healthChecks', id: `${p}/${checks.endpoint}`, checks })),
        ...('value' in report.leaders
          ? report.leaders.value.map((leader): HealthElement => ({
              type: 'healthLeader',
              id: `${p}/leader/${leader.component}`,
              leader,
              now,
            }))
          : []),
        {
          type: 'healthSkew',
          id: `${p}/skew`,
          entries: report.skew,
          hidden: (report.notChecked ?? []).filter((entry) => entry.part === 'skew').map((entry) => entry.hidden),
          context: report.context,
        },
        { type: 'healthCertificates', id: `${p}/certificates`, report },
      ];
    }
    case 'healthChecks': {
      // Failing checks each on a row; the passing ones under one folded row, so one can still see what is checked.
      if (element.checks.state !== 'read') return [];
      const { endpoint } = element.checks;
      const check = (check: ServerCheck): HealthElement => ({ type: 'healthCheck', id: `${element.id}/${check.name}`, endpoint, check });
      const passed = element.checks.checks.filter((entry) => entry.ok);
      return [
        ...element.checks.checks.filter((entry) => !entry.ok).map(check),
        ...(passed.length > 0 ? [{ type: 'healthPassedChecks' as const, id: `${element.id}/passed`, endpoint, checks: passed }] : []),
      ];
    }
    case 'healthPassedChecks':
      return element.checks.map((check) => ({ type: 'healthCheck', id: `${element.id}/${check.name}`, endpoint: element.endpoint, check }));
    case 'healthSkew':
      return element.entries
        .filter((entry) => !entry.verdict?.ok)
        .map((entry) => ({ type: 'healthSkewEntry', id: `${element.id}/${entry.component}/${entry.subject}`, entry }));
    default:
      return [];
  }
}

export function healthHasChildren(element: HealthElement): boolean {
  switch (element.type) {
    case 'health':
      return true;
    case 'healthChecks':
      return element.checks.state === 'read' && element.checks.checks.length > 0;
    case 'healthPassedChecks':
      return element.checks.length > 0;
    case 'healthSkew':
      return element.entries.some((entry) => !entry.verdict?.ok);
    default:
      return false;
  }
}
