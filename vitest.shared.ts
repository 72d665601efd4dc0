import { defineConfig } from 'vitest/config';

// Shared by every package's vitest.config.ts. DEBUG turns on the engine's debug checks.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts'],
    env: { SWARMGATE_DEBUG: '1' },
    testTimeout: 20_000,
    // A package's test files share one worker's modules instead of each importing the packages
    // anew: the imports were 93 s of the gateway's suite and 96 s of the test package's in CI
    // (8-10 s shared). No test mocks a module; each sets up and tears down what it starts.
    isolate: false,
    hookTimeout: 30_000,
  },
});
