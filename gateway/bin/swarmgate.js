#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader so that no build step stands between
// a clean clone and a working `npx swarmgate`.
import './register-ts.js';

const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
