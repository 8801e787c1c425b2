import * as vscode from 'vscode';
import { effectiveKubeconfigSetting, type KubeconfigSettingValue } from '../../core/kubeconfig/settingTrust';

export const SettingIds = {
  section: 'clusterAnatomy',
  kubeconfig: 'kubeconfig',
  sessionOnlyContextSwitch: 'sessionOnlyContextSwitch',
} as const;

/**
 * The kubeconfig path(s) to use. A path from workspace settings comes with the folder, so it is untrusted
 * input: in an untrusted workspace only the user's own (global) value counts.
 */
export function readKubeconfigSetting(): KubeconfigSettingValue | undefined {
  const inspected = vscode.workspace.getConfiguration(SettingIds.section).inspect<KubeconfigSettingValue>(SettingIds.kubeconfig);
  return effectiveKubeconfigSetting(inspected, vscode.workspace.isTrusted);
}

export function readSessionOnlySwitch(): boolean {
  return vscode.workspace.getConfiguration(SettingIds.section).get<boolean>(SettingIds.sessionOnlyContextSwitch, false);
}

/**
 * Stores the chosen file(s) in the user's settings (trusted, and the same in every workspace). Returns false
 * when a workspace or folder value still overrides them, so the caller can say so.
 */
export async function storeKubeconfigSetting(files: readonly string[]): Promise<boolean> {
  const value = files.length === 1 ? files[0] : [...files];
  await vscode.workspace.getConfiguration(SettingIds.section).update(SettingIds.kubeconfig, value, vscode.ConfigurationTarget.Global);
  const effective = readKubeconfigSetting();
  return JSON.stringify(effective) === JSON.stringify(value);
}
