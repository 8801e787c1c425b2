/**
 * The message of anything thrown, for a person: an Error's plain words where it has them (a KubeApiError that
 * says which kind the cluster does not serve, or which permission is missing), else its message; anything
 * else as text.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const plain = (error as { plainText?: unknown }).plainText;
  return typeof plain === 'string' && plain !== '' ? plain : error.message;
}
