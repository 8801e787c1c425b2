import * as assert from 'node:assert/strict';
import { healthChildren, healthHasChildren, type HealthElement } from '../../../../src/core/health/healthTree';

describe('the health section of the tree', () => {
  const checks = (failing: string[]): HealthElement => ({
    type: 'healthChecks',
    id: 'ctx:kind/health/readyz',
    checks: {
      endpoint: 'readyz',
      state: 'read',
      passed: failing.length === 0,
      checks: [
        ...failing.map((name) => ({ name, ok: false, detail: 'reason withheld' })),
        { name: 'ping', ok: true },
        { name: 'log', ok: true },
        { name: 'poststarthook/rbac/bootstrap-roles', ok: true },
      ],
    },
  });

  it('puts each failing check on a row and folds the passing ones into one', () => {
    const rows = healthChildren(checks(['etcd']));
    assert.deepEqual(
      rows.map((row) => row.type),
      ['healthCheck', 'healthPassedChecks'],
    );
    const passed = rows[1]!;
    assert.ok(healthHasChildren(passed));
    assert.deepEqual(
      healthChildren(passed).map((row) => (row.type === 'healthCheck' ? row.check.name : row.type)),
      ['ping', 'log', 'poststarthook/rbac/bootstrap-roles'],
    );
  });

  it('shows only the folded row when every check passes', () => {
    assert.deepEqual(
      healthChildren(checks([])).map((row) => row.type),
      ['healthPassedChecks'],
    );
  });
});
