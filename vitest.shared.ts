import { defineConfig } from 'vitest/config';

// Shared by every package's vitest.config.ts. DEBUG turns on the engine's debug checks.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts'],
    env: { SWARMGATE_DEBUG: '1' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
