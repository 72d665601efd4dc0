// Test helpers, exported as @swarmgate/maps/testing for other packages' tests.
export { pngBomb } from './pngBomb.js';
