/**
 * kube-apiserver's `/readyz?verbose` and `/livez?verbose`, check by check. The lines are the ones
 * k8s.io/apiserver/pkg/server/healthz/healthz.go (`handleRootHealth`) writes: `[+]<name> ok`,
 * `[+]<name> excluded: ok`, `[-]<name> failed: reason withheld`, then `<endpoint> check passed|failed`.
 * The docs call this output "not intended to be consumed by a machine" and tell machines to rely on the status
 * code (https://kubernetes.io/docs/reference/using-api/health-checks/): so it only explains a status the
 * caller already has, and anything else (a proxy's HTML, a cut-off body) reads as "nothing to say".
 */

export interface ServerCheck {
  /** The check's name, which may contain `/` (`poststarthook/rbac/bootstrap-roles`); also its path under `/readyz/`. */
  readonly name: string;
  readonly ok: boolean;
  /** `excluded` for a check left out with `?exclude=`; for a failing one, what follows `failed:` (`reason withheld`). */
  readonly detail?: string;
}

export interface VerboseChecks {
  readonly checks: readonly ServerCheck[];
  /** The verdict of the last line; undefined when the body has none. */
  readonly passed: boolean | undefined;
}

// Check names never contain spaces: the name is everything up to the first one.
const checkLine = /^\[([+-])\](\S+) (.*)$/;
const verdictLine = /^[a-z]+ check (passed|failed)$/;

function checkOf(sign: string, name: string, text: string): ServerCheck {
  if (sign === '+') {
    if (text === 'ok') return { name, ok: true };
    return { name, ok: true, detail: text === 'excluded: ok' ? 'excluded' : text };
  }
  const reason = text.replace(/^failed:\s*/, '');
  return reason ? { name, ok: false, detail: reason } : { name, ok: false };
}

/** Never throws: a body in another shape gives no checks and `passed: undefined`. */
export function parseVerboseChecks(body: string): VerboseChecks {
  const checks: ServerCheck[] = [];
  let passed: boolean | undefined;
  if (typeof body !== 'string') return { checks, passed };
  // A server that ignored `verbose` answers a passing check with a bare `ok` (a failing one is always verbose).
  if (body.trim() === 'ok') return { checks, passed: true };
  for (const raw of body.split('\n')) {
    const line = raw.trimEnd();
    const check = checkLine.exec(line);
    if (check) {
      checks.push(checkOf(check[1]!, check[2]!, check[3]!));
      continue;
    }
    const verdict = verdictLine.exec(line);
    if (verdict) passed = verdict[1] === 'passed';
  }
  return { checks, passed };
}

/** Failing checks first, each group in the server's own order (which is the order the checks run in). */
export function orderChecks(checks: readonly ServerCheck[]): ServerCheck[] {
  return [...checks.filter((check) => !check.ok), ...checks.filter((check) => check.ok)];
}
