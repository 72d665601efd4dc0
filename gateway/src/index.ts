export * from './errors.js';
export * from './hil/index.js';
