const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever they appear in a kubeconfig (and in YAML snippets of one). */
const SECRET_KEYS = [
  'token',
  'id-token',
  'refresh-token',
  'access-token',
  'client-secret',
  'password',
  'client-key-data',
  'client-certificate-data',
  'certificate-authority-data',
];

// The value after a secret key, with what YAML puts before it: tags, anchors and aliases (`&x`, `*x`, which
// an unquoted password can turn into), and block scalars (`|`, `>` and the indented lines under them).
const secretKeyValue = new RegExp(
  `(["']?(?:${SECRET_KEYS.map((key) => key.replace(/-/g, '[-_]?')).join('|')})["']?\\s*[:=]\\s*)` +
    `((?:[!&*][^\\s,}\\]]*[ \\t]*)*(?:[|>][^\\n]*(?:\\n[ \\t]+[^\\n]*)*|"[^"]*"?|'[^']*'?|[^\\s,}\\]]+)?)`,
  'gi',
);
const bearer = /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi;
// Three base64url parts: the shape of a JWT (service-account and OIDC tokens).
const jwt = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const pemBlock = /-----BEGIN [A-Z ]+-----[\s\S]*?(?:-----END [A-Z ]+-----|$)/g;

/**
 * Removes tokens, passwords and key material from text built from a kubeconfig (error messages, YAML
 * excerpts), so it can reach a log, a tooltip or a terminal. `known` adds exact secret values to hide.
 */
export function redactSecrets(text: string, known: Iterable<string> = []): string {
  let result = text;
  for (const secret of known) {
    // Short values would redact ordinary words; real tokens and keys are long.
    if (secret.length >= 6) result = result.split(secret).join(REDACTED);
  }
  return result
    .replace(pemBlock, REDACTED)
    .replace(jwt, REDACTED)
    .replace(bearer, `$1${REDACTED}`)
    .replace(secretKeyValue, `$1${REDACTED}`);
}

/** Every secret value in a parsed kubeconfig user, for `redactSecrets(text, known)`. */
export function secretsOfUser(user: Record<string, unknown> | undefined): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key: string | undefined): void => {
    if (typeof value === 'string') {
      if (key !== undefined && SECRET_KEYS.includes(key.toLowerCase())) found.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) visit(child, childKey);
    }
  };
  visit(user, undefined);
  return found;
}

/** `https://user:secret@host` → `https://user:xxxxx@host`, as kubectl shows it (Go's url.Redacted). */
export function maskUrlPassword(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*):[^\s/?#@]*@/gi, '$1:xxxxx@');
}
