export * from './Grid.js';
