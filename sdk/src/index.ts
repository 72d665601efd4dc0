export * from './Robot.js';
export * from './SlamMapView.js';
