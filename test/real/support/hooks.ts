// Loaded by test/real/.mocharc.json: the real clusters live for the whole run and stop once at its end.
import { stopRealClusters } from './realClusters';

export async function mochaGlobalTeardown(): Promise<void> {
  await stopRealClusters();
}
