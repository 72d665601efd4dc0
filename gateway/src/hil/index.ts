/**
 * Hardware in the loop: the gateway's transports for physical robots (fleet file, embedded
 * broker, robot registry, MQTT and serial bridges, command safety).
 */
export * from './EmbeddedBroker.js';
export * from './FleetFile.js';
export * from './NetworkAccess.js';
export * from './Logger.js';
export * from './RateLimitedLogger.js';
export * from './MosquittoConfig.js';
export * from './NatsConfig.js';
export * from './PasswordHash.js';
export * from './RobotRegistry.js';
export * from './TopicAcl.js';
export * from './CommandSafety.js';
export * from './HilGateway.js';
export * from './linkKinds.js';
export * from './MqttBridge.js';
export * from './RobotLink.js';
export * from './SerialBridge.js';
