import * as assert from 'node:assert/strict';
import { orderChecks, parseVerboseChecks } from '../../../../src/core/health/serverChecks';

// As healthz.go writes it for `GET /readyz?verbose&exclude=etcd`, and as the health-checks page shows it.
const passing = `[+]ping ok
[+]log ok
[+]etcd excluded: ok
[+]poststarthook/start-kube-apiserver-admission-initializer ok
[+]poststarthook/rbac/bootstrap-roles ok
[+]shutdown ok
readyz check passed
`;

// A failing check makes the server answer 500 through http.Error, which ends the body with a newline.
const failing = `[+]ping ok
[+]log ok
[-]etcd failed: reason withheld
[+]poststarthook/start-kube-apiserver-admission-initializer ok
[-]poststarthook/rbac/bootstrap-roles failed: reason withheld
livez check failed
`;

describe('kube-apiserver verbose health checks', () => {
  it('reads each check, names with slashes, an excluded check and the verdict', () => {
    const { checks, passed } = parseVerboseChecks(passing);
    assert.equal(passed, true);
    assert.deepEqual(checks, [
      { name: 'ping', ok: true },
      { name: 'log', ok: true },
      { name: 'etcd', ok: true, detail: 'excluded' },
      { name: 'poststarthook/start-kube-apiserver-admission-initializer', ok: true },
      { name: 'poststarthook/rbac/bootstrap-roles', ok: true },
      { name: 'shutdown', ok: true },
    ]);
  });

  it('reads failed checks with their reason, and puts them first without reordering the rest', () => {
    const { checks, passed } = parseVerboseChecks(failing.replace(/\n/g, '\r\n'));
    assert.equal(passed, false);
    assert.deepEqual(checks[2], { name: 'etcd', ok: false, detail: 'reason withheld' });
    assert.deepEqual(
      orderChecks(checks).map((check) => check.name),
      ['etcd', 'poststarthook/rbac/bootstrap-roles', 'ping', 'log', 'poststarthook/start-kube-apiserver-admission-initializer'],
    );
  });

  it('ignores the warning about exclusions that matched nothing', () => {
    const body = '[+]ping ok\nwarn: some health checks cannot be excluded: no matches for "nope"\nreadyz check passed\n';
    assert.deepEqual(parseVerboseChecks(body), { checks: [{ name: 'ping', ok: true }], passed: true });
  });

  it('keeps the checks of a cut-off body but gives no verdict', () => {
    assert.deepEqual(parseVerboseChecks('[+]ping ok\n[+]lo'), { checks: [{ name: 'ping', ok: true }], passed: undefined });
  });

  it('reads a bare "ok" (verbose ignored) as passed', () => {
    assert.deepEqual(parseVerboseChecks('ok'), { checks: [], passed: true });
  });

  it('says nothing about a proxy page, an empty body or a value that is not text', () => {
    const html = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body>[+] ok</body></html>\n';
    for (const body of [html, '', 'Unauthorized', '{"kind":"Status","status":"Failure"}', undefined as unknown as string]) {
      assert.deepEqual(parseVerboseChecks(body), { checks: [], passed: undefined });
    }
  });
});
