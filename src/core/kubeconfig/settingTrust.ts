/** The layers of the `clusterAnatomy.kubeconfig` setting, as `WorkspaceConfiguration.inspect()` returns them. */
export interface KubeconfigSettingLayers<T> {
  readonly globalValue?: T;
  readonly workspaceValue?: T;
  readonly workspaceFolderValue?: T;
}

export type KubeconfigSettingValue = string | readonly string[];

function isSet(value: unknown): value is KubeconfigSettingValue {
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.some((entry) => typeof entry === 'string' && entry.trim() !== '');
}

/**
 * The kubeconfig path(s) to use. A value from workspace or folder settings arrives with the folder, so it is
 * untrusted input: in an untrusted workspace only the user's own (global) value counts. Empty values fall
 * through to the next layer, and finally to KUBECONFIG.
 */
export function effectiveKubeconfigSetting(
  layers: KubeconfigSettingLayers<unknown> | undefined,
  trusted: boolean,
): KubeconfigSettingValue | undefined {
  if (!layers) return undefined;
  const candidates = trusted ? [layers.workspaceFolderValue, layers.workspaceValue, layers.globalValue] : [layers.globalValue];
  return candidates.find(isSet);
}
