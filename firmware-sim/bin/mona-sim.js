#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader: no build step after a clean clone.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
