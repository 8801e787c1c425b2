import * as vscode from 'vscode';
import { type DiagramStrings, defaultDiagramStrings } from '../../core/diagram/strings';
import { type DiagramControlStrings, defaultDiagramControlStrings } from '../../protocol/diagramControlStrings';

/** The diagram's strings in the display language: the English text is the key in l10n/bundle.l10n.*.json. */
export function localizedDiagramStrings(): DiagramStrings {
  const strings: Record<string, string> = {};
  for (const [key, english] of Object.entries(defaultDiagramStrings)) {
    // No arguments: vscode.l10n.t returns the template with its {0} placeholders for the webview to fill.
    strings[key] = vscode.l10n.t(english);
  }
  return strings as DiagramStrings;
}

/** The webview's controls (caption bar, menu) in the display language, the same way. */
export function localizedDiagramControlStrings(): DiagramControlStrings {
  const strings: Record<string, string> = {};
  for (const [key, english] of Object.entries(defaultDiagramControlStrings)) strings[key] = vscode.l10n.t(english);
  return strings as DiagramControlStrings;
}
