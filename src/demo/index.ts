/**
 * The demo cluster's one public entry. Product code (src/ui, src/cli, src/extension.ts) reaches the demo only
 * here, and only when the user opens it: `require('…/demo')` at that moment, which the bundles map to
 * dist/demo.js (esbuild.mjs), and `import type` anywhere else. src/core never imports the demo; the demo
 * imports the core (util, placement, health). eslint.config.mjs and test/unit/demoBoundary.test.ts hold the
 * line. See README.md beside this file for what the demo emulates and how its fidelity is checked.
 */
export { demoKubeconfig, restrictedDemoContext, restrictedDemoUser, startDemoCluster } from './demoCluster';
export type { DemoCluster, DemoClusterOptions, DemoControl, LeaderComponent } from './demoCluster';
export { demoWorkerData, serveDemoInWorker, startDemoClusterInWorker } from './demoWorker';
export type { DemoWorkerScript, WorkerDemoCluster } from './demoWorker';
export { kubernetesVersion } from './fixture';
