/**
 * True only in the builds made for the integration tests (`node esbuild.mjs --test-hooks`), false in the
 * package: what lets a test stand in for a person is compiled out of the extension people install.
 */
declare const CLUSTER_ANATOMY_TEST_HOOKS: boolean;
