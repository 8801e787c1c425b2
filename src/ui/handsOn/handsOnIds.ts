/** The hands-on's view and walkthrough, as contributed in package.json. */
export const HANDS_ON_VIEW_ID = 'clusterAnatomy.handsOn';
export const WALKTHROUGH_ID = 'clusterAnatomy.handsOn';
/** The context key a step sets when it is done; the walkthrough's completion events listen for it. */
export const stepDoneContextKey = (step: string) => `clusterAnatomy.handsOn.${step}.done`;
