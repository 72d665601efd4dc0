// A vitest reporter that writes the run's unhandled errors (a rejection no test awaited, an
// error thrown from a timer after its test ended) to .vitest-unhandled.json in the package's
// root, beside the JSON report. Vitest fails the run on them but its JSON report counts only
// failed tests, so without this file scripts/test-totals.mjs would print "0 failed" for a red run.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const UNHANDLED_FILE = '.vitest-unhandled.json';

export default class UnhandledErrorsReporter {
  file = UNHANDLED_FILE;

  onInit(vitest) {
    this.file = join(vitest.config.root, UNHANDLED_FILE);
    rmSync(this.file, { force: true });
  }

  onTestRunEnd(_testModules, unhandledErrors) {
    if (unhandledErrors.length === 0) return;
    const errors = unhandledErrors.map((error) => ({
      name: String(error.name ?? 'Error'),
      message: String(error.message ?? error),
      // The first frame: where it was thrown.
      at:
        String(error.stack ?? '')
          .split('\n')
          .find((line) => line.trim().startsWith('at ')) ?? '',
    }));
    writeFileSync(this.file, JSON.stringify(errors, null, 2));
  }
}
