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
  /** A hidden read's `kubectl auth can-i` lines, for its context: copied, or typed into a terminal (they only ask). */
  copyCanI: 'clusterAnatomy.copyCanI',
  runCanI: 'clusterAnatomy.runCanIInTerminal',
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
  /** Undoes "Stop a node's heartbeat" (the demo's kubelet renews its Lease again); palette only while one is stopped. */
  resumeHeartbeat: 'clusterAnatomy.handsOn.resumeHeartbeat',
  /** Undoes "Scale CoreDNS up by one"; palette only while CoreDNS is not back at its replicas. */
  scaleCoreDnsBack: 'clusterAnatomy.handsOn.scaleCoreDnsBack',
  // The live trace
  /** Traces a workload given as `{ kind, namespace, name, since? }` or a tree row; without one, asks which. */
  startTrace: 'clusterAnatomy.trace.start',
  /** The same, as a tree row's context menu says it ("Trace"). */
  traceItem: 'clusterAnatomy.trace.item',
  traceNextChange: 'clusterAnatomy.trace.nextChange',
  stopTrace: 'clusterAnatomy.trace.stop',
  /** Both exports take a target Uri instead of asking with a save dialog (the tests do). */
  exportTraceMarkdown: 'clusterAnatomy.trace.exportMarkdown',
  exportTraceJson: 'clusterAnatomy.trace.exportJson',
  openTraceTimeline: 'clusterAnatomy.trace.openTimeline',
  showTraceInDiagram: 'clusterAnatomy.trace.showInDiagram',
  /** Not in the palette: a step's row was clicked. */
  revealTraceStep: 'clusterAnatomy.trace.revealStep',
  /** Saves the trace shown (to a Uri given, or one the save dialog asks for). */
  saveTrace: 'clusterAnatomy.trace.save',
  /** Opens a saved trace (a Uri given, or one the open dialog asks for) and shows it to replay. */
  openSavedTrace: 'clusterAnatomy.trace.open',
  /** Replays the saved trace shown, at a speed given (1, 4, 16) or picked. */
  replayTrace: 'clusterAnatomy.trace.replay',
  pauseTraceReplay: 'clusterAnatomy.trace.pauseReplay',
  nextTraceStep: 'clusterAnatomy.trace.nextStep',
  previousTraceStep: 'clusterAnatomy.trace.previousStep',
  /** Not in the palette: the last render report, for the integration tests. */
  diagramRenderReport: 'clusterAnatomy.diagramRenderReport',
  // Applying a manifest
  /** The active YAML editor's objects, by server-side apply after a dry run and its diff. */
  applyManifest: 'clusterAnatomy.applyManifest',
} as const;
