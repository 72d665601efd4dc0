export * from './errors.js';
export * from './hil/index.js';
export * from './trial/index.js';
export * from './web/index.js';
