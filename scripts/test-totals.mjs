#!/usr/bin/env node
// Sums the vitest JSON reports every package wrote and prints `N passed, N failed`.
// A package whose tests did not run at all (typecheck failed, crash) counts as one failure,
// so a red run can never print "0 failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let passed = 0;
let failed = 0;
for (const workspace of workspaces) {
  const report = join(root, workspace, '.vitest-report.json');
  if (!existsSync(report)) {
    console.error(`${workspace}: no test report (its tests did not run)`);
    failed += 1;
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.success || json.numFailedTests > 0 ? 0 : 1);
}
console.log(`${passed} passed, ${failed} failed`);
