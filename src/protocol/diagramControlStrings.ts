/**
 * The diagram webview's own controls, in English: the caption bar that says what lights the drawing and the
 * toolbar's menu. The host passes each through vscode.l10n.t (the English text is the key of
 * l10n/bundle.l10n.*.json); the drawing's own sentences are the core's (src/core/diagram/strings.ts).
 */
export const defaultDiagramControlStrings = {
  /** {0}: what is traced ("Deployment kube-system/coredns"), {1} the step's number, {2} the steps so far. */
  traceOfStep: 'Trace of {0}: step {1} of {2}',
  traceOf: 'Trace of {0}',
  stopLighting: 'Stop lighting',
  stopLightingHint: 'Return the diagram to the plain architecture (Escape)',
  stopTrace: 'Stop the Trace',
  moreActions: 'More actions',
  /** Shown while part of the drawing is out of sight: it opens readable, not whole, when the panel is small. */
  showWhole: 'Show All',
  showWholeHint: 'Part of the drawing is out of sight: zoom out until all of it fits the panel',
} as const;

export type DiagramControlStrings = { readonly [K in keyof typeof defaultDiagramControlStrings]: string };

/** Takes the strings of a message key by key, keeping the English for anything missing or not text. */
export function mergeDiagramControlStrings(partial: Partial<Record<string, unknown>> | undefined): DiagramControlStrings {
  const merged: Record<string, string> = { ...defaultDiagramControlStrings };
  for (const key of Object.keys(defaultDiagramControlStrings)) {
    const value = partial?.[key];
    if (typeof value === 'string') merged[key] = value;
  }
  return merged as DiagramControlStrings;
}
