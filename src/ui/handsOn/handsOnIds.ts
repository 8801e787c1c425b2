/** The hands-on's view and walkthrough, as contributed in package.json. */
export const HANDS_ON_VIEW_ID = 'clusterAnatomy.handsOn';
export const WALKTHROUGH_ID = 'clusterAnatomy.handsOn';
/** The context key a step sets once the learner has run it and it holds; the walkthrough's completion events listen for it. */
export const stepDoneContextKey = (step: string) => `clusterAnatomy.handsOn.${step}.done`;
/** True while an experiment's change can be undone (the undo commands' enablement and palette entry). */
export const undoContextKey = (undo: 'resumeHeartbeat' | 'scaleCoreDnsBack') => `clusterAnatomy.handsOn.can.${undo}`;
