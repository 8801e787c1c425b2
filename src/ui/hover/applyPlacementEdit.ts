/**
 * The hover's "Make this edit" link: a suggested placement change made in the manifest in the editor, as a
 * WorkspaceEdit the user sees, undoes, saves and applies as usual. Nothing is written to the cluster.
 */
import * as vscode from 'vscode';
import type { EditOperation } from '../../core/placement/suggestEdit';
import { manifestEditAt } from '../../core/yaml/manifestEdit';

export const APPLY_PLACEMENT_EDIT = 'clusterAnatomy.applyPlacementEdit';

export interface PlacementEditArguments {
  readonly uri: string;
  /** The document's version the hover was made for: a changed document is not edited blind. */
  readonly version: number;
  /** An offset inside the object's document. */
  readonly offset: number;
  readonly listItem?: number;
  readonly operations: readonly EditOperation[];
}

/** The command link for a hover's Markdown (its argument is JSON, as command links take it). */
export const applyPlacementEditLink = (args: PlacementEditArguments) =>
  `command:${APPLY_PLACEMENT_EDIT}?${encodeURIComponent(JSON.stringify([args]))}`;

/** Makes the edit in the open document; says why not when it cannot. */
export async function applyPlacementEdit(args: PlacementEditArguments): Promise<boolean> {
  const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === args.uri);
  if (!document || document.version !== args.version) {
    void vscode.window.showWarningMessage(vscode.l10n.t('The manifest changed since the hover: hover again to get the edit for it.'));
    return false;
  }
  const replacement = manifestEditAt(document.getText(), args.offset, args.operations, args.listItem);
  if (!replacement) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('The edit does not fit this manifest any more: hover again to get the edit for it.'),
    );
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    document.uri,
    new vscode.Range(document.positionAt(replacement.start), document.positionAt(replacement.end)),
    replacement.text,
  );
  return vscode.workspace.applyEdit(edit);
}

export function registerApplyPlacementEdit(): vscode.Disposable {
  return vscode.commands.registerCommand(APPLY_PLACEMENT_EDIT, applyPlacementEdit);
}
