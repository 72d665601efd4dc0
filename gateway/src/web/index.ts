/** The gateway's web UI plugin (live map, fleet table, emergency stop) and the shapes it streams. */
export { webUi, type WebUiOptions } from './webUi.js';
export type { FleetRow, FrameRobot, LiveFrame, MapMeta } from './LiveFeed.js';
export { applyExploredFrame, type ExploredFrame } from './exploredFrame.js';
export type { LiveView, LiveViewRobot, LiveViewStatus } from './LiveView.js';
export { LiveSocket, MAX_SOCKET_FRAME_HZ, type LiveSocketClient } from './LiveSocket.js';
export { LiveFeed } from './LiveFeed.js';
