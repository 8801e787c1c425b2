import * as vscode from 'vscode';

export const SettingIds = {
  section: 'clusterAnatomy',
  kubeconfig: 'kubeconfig',
  sessionOnlyContextSwitch: 'sessionOnlyContextSwitch',
} as const;

export type KubeconfigSetting = string | string[] | undefined;

function isSet(value: KubeconfigSetting | null): value is string | string[] {
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.some((entry) => typeof entry === 'string' && entry.trim() !== '');
}

/**
 * The kubeconfig path(s) to use. A path from workspace settings comes with the folder, so it is untrusted
 * input: in an untrusted workspace only the user's own (global) value counts.
 */
export function readKubeconfigSetting(): KubeconfigSetting {
  const inspected = vscode.workspace
    .getConfiguration(SettingIds.section)
    .inspect<string | string[]>(SettingIds.kubeconfig);
  if (!inspected) return undefined;
  const candidates = vscode.workspace.isTrusted
    ? [inspected.workspaceFolderValue, inspected.workspaceValue, inspected.globalValue]
    : [inspected.globalValue];
  return candidates.find(isSet);
}

export function readSessionOnlySwitch(): boolean {
  return vscode.workspace.getConfiguration(SettingIds.section).get<boolean>(SettingIds.sessionOnlyContextSwitch, false);
}

/** Stores the chosen file(s) in the user's settings, where a workspace cannot override them unnoticed. */
export async function storeKubeconfigSetting(files: readonly string[]): Promise<void> {
  const value = files.length === 1 ? files[0] : [...files];
  await vscode.workspace
    .getConfiguration(SettingIds.section)
    .update(SettingIds.kubeconfig, value, vscode.ConfigurationTarget.Global);
}
