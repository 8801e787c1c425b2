/** Every command the extension registers, as contributed in package.json: the one place their ids are written. */
export const CommandIds = {
  showLog: 'clusterAnatomy.showLog',
  // The status-bar context switcher
  switchContext: 'clusterAnatomy.switchContext',
  chooseKubeconfig: 'clusterAnatomy.chooseKubeconfig',
  // The demo cluster
  openDemoCluster: 'clusterAnatomy.openDemoCluster',
  stopDemoCluster: 'clusterAnatomy.stopDemoCluster',
  // The tree
  refresh: 'clusterAnatomy.refresh',
  retry: 'clusterAnatomy.retry',
  showYaml: 'clusterAnatomy.showYaml',
  showEvents: 'clusterAnatomy.showEvents',
  copyName: 'clusterAnatomy.copyName',
  copyAsMarkdown: 'clusterAnatomy.copyAsMarkdown',
  refreshHealth: 'clusterAnatomy.refreshHealth',
  // The diagram
  showDiagram: 'clusterAnatomy.showDiagram',
  revealInDiagram: 'clusterAnatomy.revealInDiagram',
  playWalkthrough: 'clusterAnatomy.playWalkthrough',
  /** Not in the palette: marks a hands-on step's objects in the diagram. */
  highlightInDiagram: 'clusterAnatomy.highlightInDiagram',
  /** Where a Pod (or a workload's Pods) can run, node by node, in the diagram's placement view. */
  explainPlacement: 'clusterAnatomy.explainPlacement',
  /** The same question for a waiting Pod or a workload's Pods ("Where Can It Run?"). */
  whereCanItRun: 'clusterAnatomy.whereCanItRun',
  // The hands-on
  /** Opens the tutorial's hands-on walkthrough in VS Code's Welcome page. */
  openHandsOn: 'clusterAnatomy.openHandsOn',
  /** Checks a step now (the walkthrough's button) and shows what was seen. */
  checkHandsOnStep: 'clusterAnatomy.handsOn.check',
  /** Types a step's kubectl commands (or one line of them) into a terminal. */
  runHandsOnCommands: 'clusterAnatomy.handsOn.runInTerminal',
  /** Marks what a step's commands show in the tree and the diagram. */
  showHandsOnStep: 'clusterAnatomy.handsOn.show',
  runExperiment: 'clusterAnatomy.handsOn.runExperiment',
  /** Not in the palette: the last render report, for the integration tests. */
  diagramRenderReport: 'clusterAnatomy.diagramRenderReport',
} as const;
