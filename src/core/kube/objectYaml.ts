import { stringify } from 'yaml';

/** An object as `kubectl get -o yaml` shows it: managedFields hidden, as kubectl hides them by default. */
export function objectToYaml(object: unknown): string {
  if (object && typeof object === 'object' && !Array.isArray(object)) {
    const copy = { ...(object as Record<string, unknown>) };
    const metadata = copy.metadata;
    if (metadata && typeof metadata === 'object') {
      const { managedFields: _managedFields, ...rest } = metadata as Record<string, unknown>;
      copy.metadata = rest;
    }
    return stringify(copy, { lineWidth: 0, aliasDuplicateObjects: false });
  }
  return stringify(object);
}
