/** The Trace view and its context keys, as contributed in package.json. */
export const TRACE_VIEW_ID = 'clusterAnatomy.trace';
/** True while the view holds a trace (live or stopped): the view is shown. */
export const TRACE_SHOWN_CONTEXT_KEY = 'clusterAnatomy.trace.shown';
/** True while the trace is live: Stop is offered. */
export const TRACE_LIVE_CONTEXT_KEY = 'clusterAnatomy.trace.live';
/** True while the view shows a saved trace: its replay controls are offered. */
export const TRACE_REPLAY_CONTEXT_KEY = 'clusterAnatomy.trace.replay';
/** True while a saved trace plays: Pause is offered instead of Play. */
export const TRACE_REPLAY_PLAYING_CONTEXT_KEY = 'clusterAnatomy.trace.replayPlaying';
