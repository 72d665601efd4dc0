/** Live trials: the simulator joined to physical robots and remote controllers (`swarmgate serve`). */
export * from './ArenaTransform.js';
export * from './LiveTrial.js';
export * from './MqttControllerPort.js';
export * from './PhysicalTwins.js';
export * from './TickPacer.js';
export * from './LiveService.js';
export * from './trialHttpApi.js';
export * from './TrialSlot.js';
