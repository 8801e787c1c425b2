/** The hands-on's steps, findings and experiments in words, from the catalog (src/core/handsOn/strings.ts): English for the CLI, localised by the extension. */
import type { Finding, HandsOnReport, HandsOnStepId, StepOutcome } from './checks';
import { commandLine, handsOnCommands } from './commands';
import type { ClusterAnatomy } from '../anatomy/types';
import { textLines } from '../util/visibleText';
import { format } from '../util/catalog';
import { defaultEvidenceStrings, type EvidenceStrings } from '../anatomy/strings';
import { mirrorMarkText } from './checks';
import { canIFor } from '../anatomy/standpointText';
import { needsText } from '../anatomy/standpointRender';
import type { ExperimentId, ExperimentPlan, ExperimentResult, ExperimentUnavailable } from './experiments';
import { defaultHandsOnStrings, type HandsOnStrings } from './strings';

const stepKeys: Readonly<Record<HandsOnStepId, keyof HandsOnStrings>> = {
  nodes: 'stepNodes',
  kubeSystemPods: 'stepKubeSystemPods',
  staticPods: 'stepStaticPods',
  workloads: 'stepWorkloads',
  nodeAgents: 'stepNodeAgents',
  leases: 'stepLeases',
};

export function stepTitle(id: HandsOnStepId, strings: HandsOnStrings = defaultHandsOnStrings): string {
  return strings[stepKeys[id]];
}

export const STEP_TITLES = Object.fromEntries(Object.keys(stepKeys).map((id) => [id, stepTitle(id as HandsOnStepId)])) as Record<
  HandsOnStepId,
  string
>;

/** The names a finding lists, and how many more; a missing mark of a mirror Pod in the strings' language. */
function lister(strings: HandsOnStrings, evidence: EvidenceStrings) {
  return (finding: Finding) => {
    const names = (
      finding.code === 'mirrorMarks' && finding.reason === 'marks-missing'
        ? (finding.names ?? []).map((name) => mirrorMarkText(name, evidence))
        : (finding.names ?? [])
    ).join(', ');
    return finding.more ? format(strings.listMore, names, finding.more) : names;
  };
}

/** Why a component has no Pod here, in words (the anatomy's absent reasons that are a cluster's shape). */
function shapeText(finding: Finding, s: HandsOnStrings): string {
  switch (finding.reason) {
    case 'hosted-control-plane':
      return s.shapeHosted;
    case 'embedded':
      return finding.detail ? format(s.shapeEmbeddedIn, finding.detail) : s.shapeEmbedded;
    case 'external-etcd':
      return s.shapeExternalEtcd;
    case 'replaced-by-cni':
      return format(s.shapeReplacedByCni, finding.detail ?? s.theNetworkPlugin);
    case 'disabled':
      return s.shapeDisabled;
    case 'no-static-pods':
      return s.shapeNoStaticPods;
    default:
      return '';
  }
}

/**
 * What a finding saw, as a sentence: English by default (the CLI and the JSON contract's readers), or in the
 * catalogs' language (the hands-on view). `evidence` words the marks of a mirror Pod.
 */
export function findingText(
  finding: Finding,
  s: HandsOnStrings = defaultHandsOnStrings,
  evidence: EvidenceStrings = defaultEvidenceStrings,
): string {
  const { outcome, reason } = finding;
  if (reason === 'unreadable')
    return finding.hidden ? format(s.unreadableHidden, finding.hidden.what, needsText(finding.hidden)) : s.unreadable;
  const names = lister(s, evidence)(finding);
  const subject = finding.subject ?? '';
  const count = finding.count ?? 0;
  const detail = finding.detail ?? '';
  const component = finding.subject === 'cni' ? s.networkPlugin : subject;
  switch (finding.code) {
    case 'nodesReady':
      if (outcome === 'holds') return format(s.nodesReady, count, names);
      return reason === 'missing' ? s.noNodes : format(s.nodesNotReady, count, names);
    case 'controlPlaneLabel':
      if (outcome === 'holds') return format(s.controlPlaneLabel, names);
      if (reason === 'older-label') return format(s.controlPlaneOlderLabel, names, detail);
      if (reason === 'hosted-control-plane') return s.controlPlaneHosted;
      return s.controlPlaneNoLabel;
    case 'staticPod':
      if (outcome === 'holds') return format(count > 1 ? s.staticPodsOnNodes : s.staticPodOnNode, subject, names);
      if (outcome === 'explained') return format(s.staticPodExplained, subject, shapeText(finding, s));
      if (reason === 'missing') return format(s.staticPodMissing, subject);
      if (reason === 'not-on-control-plane') return format(s.staticPodNotOnControlPlane, subject, names);
      if (reason === 'name-without-node') return format(s.staticPodNameWithoutNode, subject, names);
      return format(s.severalOnNodes, subject, names);
    case 'perNodeDaemon':
      if (outcome === 'holds') return format(s.perNodeDaemon, subject, count);
      if (outcome === 'explained') return format(s.perNodeExplained, component, shapeText(finding, s));
      if (reason === 'missing') return format(s.perNodeMissing, component);
      if (reason === 'missing-on-nodes') return format(s.perNodeMissingOnNodes, subject, names);
      return format(s.severalOnNodes, subject, names);
    case 'noAgentPods':
      return outcome === 'holds' ? format(s.noAgentPods, detail) : format(s.agentPods, names);
    case 'tierSelects':
      if (outcome === 'holds') return format(s.tierSelects, count, names);
      if (outcome === 'explained') return format(s.tierExplained, shapeText(finding, s));
      if (reason === 'labels-unknown') return s.podLabelsUnknown;
      if (reason === 'missing') return s.noStaticPods;
      if (reason === 'selects-others') return format(s.tierSelectsOthers, names);
      return format(s.tierMissesStatic, names);
    case 'mirrorMarks':
      if (outcome === 'holds') return format(s.mirrorMarks, subject, names, detail);
      if (reason === 'labels-unknown') return format(s.mirrorLabelsUnknown, subject);
      return format(s.mirrorMarksMissing, subject, names);
    case 'daemonSet':
      if (outcome === 'holds') return format(s.daemonSetReady, subject, detail);
      if (outcome === 'explained') return format(s.daemonSetExplained, component, shapeText(finding, s));
      if (reason === 'missing') return format(s.daemonSetMissing, component);
      return format(s.daemonSetNotReady, subject, detail, count);
    case 'coreDns':
      if (outcome === 'holds' && finding.names?.length) return format(s.coreDnsOn, subject, detail, names);
      if (outcome !== 'holds' && reason === 'missing') return s.coreDnsMissing;
      return format(s.coreDns, subject, detail);
    case 'dnsService':
      if (outcome === 'holds') return finding.detail ? format(s.dnsServiceAt, subject, detail) : format(s.dnsService, subject);
      return s.dnsServiceMissing;
    case 'runtimeVersion':
      if (outcome === 'holds') return format(s.runtimeVersion, detail);
      return reason === 'missing' ? s.noNodes : format(s.runtimeVersionMissing, names);
    case 'kubeletVersion':
      if (outcome === 'holds') return format(s.kubeletVersion, detail);
      return reason === 'missing' ? s.noNodes : format(s.kubeletVersionMissing, names);
    case 'leasePerNode':
      if (outcome === 'holds') return format(s.leasePerNode, count);
      return reason === 'missing' ? s.noNodes : format(s.leaseMissing, names);
    case 'renewTimeAdvances':
      if (outcome === 'holds') return format(s.renewTimeAdvances, detail);
      if (outcome === 'waiting') return format(s.renewTimeWaiting, names);
      if (reason === 'expired') return format(s.renewTimeExpired, names);
      return s.noLeases;
  }
}

const MARKS: Record<Finding['outcome'], string> = { holds: '✓', explained: '–', waiting: '…', fails: '✗', unknown: '?' };
const STEP_MARKS: Record<StepOutcome, string> = { done: '✓', fails: '✗', waiting: '…', unknown: '?' };

/** The report as the CLI prints it: each step with its kubectl commands and what was seen. */
/** The steps that could not be checked: RBAC hides what they read. */
export function stepsNotChecked(report: HandsOnReport): number {
  return report.steps.filter((step) => step.outcome === 'unknown' && step.findings.some((finding) => finding.reason === 'unreadable'))
    .length;
}

export function renderHandsOnText(
  report: HandsOnReport,
  anatomy: Pick<ClusterAnatomy, 'context' | 'nodes'>,
  strings: HandsOnStrings = defaultHandsOnStrings,
  evidence: EvidenceStrings = defaultEvidenceStrings,
): string {
  const lines = [format(strings.checksOn, report.context), ''];
  report.steps.forEach((step, index) => {
    lines.push(`${STEP_MARKS[step.outcome]} ${index + 1}. ${stepTitle(step.id, strings)}`);
    for (const args of handsOnCommands(step.id, anatomy)) lines.push(`     $ ${commandLine(args)}`);
    for (const finding of step.findings) {
      lines.push(`   ${MARKS[finding.outcome]} ${findingText(finding, strings, evidence)}`);
      for (const need of finding.hidden?.needs ?? []) lines.push(`       ${canIFor(need, report.context)}`);
    }
    lines.push('');
  });
  const done = report.steps.filter((step) => step.outcome === 'done').length;
  const notChecked = stepsNotChecked(report);
  lines.push(
    report.allDone
      ? format(strings.allStepsHold, report.steps.length)
      : notChecked > 0 && report.steps.every((step) => step.outcome === 'done' || step.outcome === 'unknown')
        ? format(strings.couldNotCheckSteps, done, report.steps.length, notChecked)
        : format(strings.someStepsHold, done, report.steps.length),
  );
  return textLines(lines);
}

const experimentKeys: Readonly<Record<ExperimentId, readonly [title: keyof HandsOnStrings, prediction: keyof HandsOnStrings]>> = {
  deleteMirrorPod: ['experimentDeleteMirrorPod', 'predictDeleteMirrorPod'],
  deleteCoreDnsPod: ['experimentDeleteCoreDnsPod', 'predictDeleteCoreDnsPod'],
  scaleCoreDns: ['experimentScaleCoreDns', 'predictScaleCoreDns'],
  stopHeartbeat: ['experimentStopHeartbeat', 'predictStopHeartbeat'],
};

export function experimentTitle(id: ExperimentId, strings: HandsOnStrings = defaultHandsOnStrings): string {
  return strings[experimentKeys[id][0]];
}

/** What will happen, said before anything is done. */
export function experimentPrediction(plan: ExperimentPlan, strings: HandsOnStrings = defaultHandsOnStrings): string {
  const template = strings[experimentKeys[plan.id][1]];
  return plan.id === 'scaleCoreDns'
    ? format(template, plan.subject, plan.replicas?.from ?? 0, plan.replicas?.to ?? 0)
    : format(template, plan.subject, plan.node ?? '');
}

const unavailableKeys: Readonly<Record<ExperimentUnavailable['unavailable'], keyof HandsOnStrings>> = {
  'no-static-pods': 'unavailableNoStaticPods',
  'no-coredns': 'unavailableNoCoreDns',
  'no-worker': 'unavailableNoWorker',
  'demo-only': 'unavailableDemoOnly',
};

export function experimentUnavailableText(
  reason: ExperimentUnavailable['unavailable'],
  strings: HandsOnStrings = defaultHandsOnStrings,
): string {
  return strings[unavailableKeys[reason]];
}

/** What was seen afterwards. */
export function experimentResultText(result: ExperimentResult, s: HandsOnStrings = defaultHandsOnStrings): string {
  const { plan, seen } = result;
  if (result.outcome === 'not-yet') return format(s.resultNotYet, experimentTitle(plan.id, s));
  const seconds = result.seconds ?? 0;
  switch (plan.id) {
    case 'deleteMirrorPod':
      return format(s.resultMirrorPod, seconds, plan.subject, seen?.uid?.before ?? '', seen?.uid?.after ?? '');
    case 'deleteCoreDnsPod':
    case 'scaleCoreDns': {
      const pods = (seen?.pods ?? []).map((pod) => format(s.resultPodOn, pod.name, pod.node)).join(', ');
      return plan.id === 'deleteCoreDnsPod'
        ? format(s.resultCoreDnsPod, seconds, pods)
        : format(s.resultScaleCoreDns, seconds, plan.replicas?.to ?? 0, pods);
    }
    case 'stopHeartbeat':
      return format(s.resultStopHeartbeat, seconds, plan.subject, seen?.ready ?? '');
  }
}
