import * as assert from 'node:assert/strict';
import { redactSecrets, secretsOfUser } from '../../../../src/core/kubeconfig/redact';
import { jwt } from './kubeconfigFixtures';

describe('redacting secrets from kubeconfig text', () => {
  const token = jwt({ sub: 'system:serviceaccount:kube-system:admin', exp: 2000000000 });

  it('hides JWTs, bearer tokens and token/password values, keeping the rest readable', () => {
    const text = [
      `users: [{name: admin, user: {token: ${token}}}]`,
      'Authorization: Bearer sha256~opaqueValue123',
      'password: "hunter2-but-longer"',
      "client-key-data: 'LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQ=='",
      'refresh_token=abcdef123456',
      'server: https://10.0.0.1:6443',
    ].join('\n');
    const redacted = redactSecrets(text);
    for (const secret of [
      token,
      'sha256~opaqueValue123',
      'hunter2-but-longer',
      'LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQ==',
      'abcdef123456',
    ]) {
      assert.ok(!redacted.includes(secret), `${secret} leaked: ${redacted}`);
    }
    assert.match(redacted, /name: admin/);
    assert.match(redacted, /server: https:\/\/10\.0\.0\.1:6443/);
    assert.match(redacted, /Bearer \[redacted\]/);
  });

  it('hides PEM blocks, even cut off', () => {
    const redacted = redactSecrets('key:\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\nafter');
    assert.equal(redacted, 'key:\n[redacted]\nafter');
    assert.equal(redactSecrets('-----BEGIN RSA PRIVATE KEY-----\nMIIEvQIBADANBgkqhki'), '[redacted]');
  });

  it('hides known secret values wherever they appear, e.g. inside an error message', () => {
    const user = { token: 'opaque-token-0123', 'auth-provider': { config: { 'client-secret': 'shh-its-a-secret' } }, username: 'alice' };
    const known = secretsOfUser(user);
    assert.deepEqual(known.sort(), ['opaque-token-0123', 'shh-its-a-secret']);
    assert.equal(
      redactSecrets('request failed for opaque-token-0123 with shh-its-a-secret (alice)', known),
      'request failed for [redacted] with [redacted] (alice)',
    );
  });
});
