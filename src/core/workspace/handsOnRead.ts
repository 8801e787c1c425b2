import { openAnatomySession, type SnapshotOptions } from '../anatomy/snapshot';
import type { ClusterAnatomy } from '../anatomy/types';
import type { EvidenceStrings } from '../anatomy/strings';
import { HandsOnMonitor } from './handsOnMonitor';
import type { HandsOnReport } from '../handsOn/checks';
import { commandLine, handsOnCommands } from '../handsOn/commands';
import { findingText } from '../handsOn/render';
import type { HandsOnStrings } from '../handsOn/strings';

const stillWaiting = (report: HandsOnReport | undefined) => report?.steps.some((step) => step.outcome === 'waiting') ?? false;

/**
 * The tutorial's hands-on checked once on one context. A step that waits for something to happen (each node's
 * Lease renewed) is watched for up to `waitSeconds`; `onWait` hears when that wait begins.
 */
export async function runHandsOnChecks(
  options: SnapshotOptions,
  waitSeconds: number,
  onWait?: () => void,
): Promise<{ report: HandsOnReport; anatomy: ClusterAnatomy }> {
  const { session } = await openAnatomySession(options);
  // The same live checks the Hands-on view runs, on this one session: a Lease renewal that completes a step re-checks.
  const monitor = new HandsOnMonitor(session, { throttleMs: 100 });
  try {
    monitor.setActive('cli', true);
    if (waitSeconds > 0 && stillWaiting(monitor.current)) {
      onWait?.();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, waitSeconds * 1000);
        const subscription = monitor.onDidChange((report) => {
          if (!stillWaiting(report)) finish();
        });
        function finish() {
          clearTimeout(timer);
          subscription.dispose();
          resolve();
        }
      });
    }
    return { report: monitor.check()!, anatomy: session.current! };
  } finally {
    monitor.dispose();
    session.dispose();
  }
}

/** The hands-on's JSON contract (`cluster-anatomy check --json`): each step with its commands and worded findings. */
export function handsOnJson(report: HandsOnReport, anatomy: ClusterAnatomy, strings: HandsOnStrings, evidence: EvidenceStrings): unknown {
  const steps = report.steps.map((step) => ({
    ...step,
    commands: handsOnCommands(step.id, anatomy).map(commandLine),
    findings: step.findings.map((finding) => ({ ...finding, text: findingText(finding, strings, evidence) })),
  }));
  return { ...report, steps };
}
