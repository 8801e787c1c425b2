/** The live trace in the user's language: the core's sentences through vscode.l10n.t, and the view's own words. */
import * as vscode from 'vscode';
import { defaultTraceStrings, type TraceStrings } from '../../core/trace/render';
import type { TraceStep } from '../../core/trace/timeline';
import type { TraceState } from '../../core/trace/traceSession';
import type { TraceReplay } from '../../core/trace/replay';

/** The English template is the key in l10n/bundle.l10n.*.json; vscode.l10n.t without arguments keeps the {0}s. */
export function localizedTraceStrings(): TraceStrings {
  const strings: Record<string, string> = {};
  for (const [key, english] of Object.entries(defaultTraceStrings)) strings[key] = vscode.l10n.t(english);
  return strings as TraceStrings;
}

export function traceStateText(state: TraceState): string {
  switch (state) {
    case 'connecting':
      return vscode.l10n.t('connecting…');
    case 'live':
      return vscode.l10n.t('live');
    case 'error':
      return vscode.l10n.t('cannot read the cluster');
    case 'stopped':
      return vscode.l10n.t('stopped');
  }
}

/** "saved trace · step 4 of 21 · playing 4×". */
export function replayStateText(replay: Pick<TraceReplay, 'state' | 'position' | 'length' | 'speed'>): string {
  const where = vscode.l10n.t('saved trace · step {0} of {1}', replay.position, replay.length);
  return replay.state === 'playing' ? `${where} · ${vscode.l10n.t('playing {0}×', replay.speed)}` : where;
}

/**
 * The time the cluster recorded, as a time of day in this machine's time zone (the exports keep the recorded
 * RFC 3339 text); milliseconds only where the cluster recorded them.
 */
export function localTimeText(step: TraceStep): string {
  return new Intl.DateTimeFormat(vscode.env.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    ...(step.precise && { fractionalSecondDigits: 3 as const }),
  }).format(new Date(step.at));
}
