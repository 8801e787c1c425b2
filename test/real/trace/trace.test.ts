// The live trace against the real control plane: a Deployment applied, scaled, rolled out and a Pod deleted
// with real kubectl; the trace's components and order must be what the real controllers and scheduler
// recorded (their Events and managedFields, read back with kubectl). kubelet here is the test's node agent, a
// stand-in that writes Pod status as kubelet would but records no Events: its steps are checked as such.
import { renderTraceText } from '../../../src/core/trace/render';
import { realCluster } from '../support/realClusters';
import { runTraceScenario, type ScenarioResult, scenarioChecks } from '../../support/traceScenario';

describe('the live trace on the real control plane', function () {
  this.timeout(400_000);
  let result: ScenarioResult;

  before(async () => {
    const cluster = await realCluster('kind');
    result = await runTraceScenario(cluster, { image: 'registry.k8s.io/pause:3.10.1', timeoutMs: 150_000 });
    if (process.env.TRACE_PRINT) process.stdout.write(renderTraceText(result.trace, { evidence: process.env.TRACE_PRINT === 'evidence' }));
  });

  for (const { name, check } of scenarioChecks({ kubeletEvents: false })) it(name, () => check(result));
});
