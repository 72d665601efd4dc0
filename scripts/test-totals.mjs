#!/usr/bin/env node
// Sums the vitest JSON reports every package wrote and prints `N passed, N failed`.
// A package whose tests did not run at all (typecheck failed, crash) counts as one failure,
// so a red run can never print "0 failed". Each failed test is named above the totals, with
// the start of its error, so the tail of a CI log says what failed. An unhandled error (which
// vitest fails the run on, but its JSON report does not count) counts as a failure each, from
// the file scripts/vitest-unhandled-reporter.mjs writes.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UNHANDLED_FILE } from './vitest-unhandled-reporter.mjs';

// The repository's root; another one as the first argument (the script's own test).
const root = process.argv[2] ?? join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// The start of an error, on one line: a timeout's first line alone says only STACK_TRACE_ERROR.
const gist = (message) =>
  String(message ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, 400);
const where = (file) => relative(root, file.name);
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
  for (const file of json.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      console.error(`FAILED ${where(file)} > ${test.fullName}: ${gist(test.failureMessages?.[0])}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      console.error(`FAILED ${where(file)}: ${gist(file.message)}`);
    }
  }
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.success || json.numFailedTests > 0 ? 0 : 1);
  const unhandled = join(root, workspace, UNHANDLED_FILE);
  if (existsSync(unhandled)) {
    const errors = JSON.parse(readFileSync(unhandled, 'utf8'));
    for (const error of errors) console.error(`FAILED ${workspace}: unhandled ${error.name}: ${gist(error.message)} (${error.at.trim()})`);
    failed += errors.length;
  }
}
console.log(`${passed} passed, ${failed} failed`);
