/** The web UI's live stream codec (browser-safe: the gateway bundles this entry for the page). */
export * from './liveWire.js';
export * from './liveState.js';
