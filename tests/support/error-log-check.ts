import { afterAll, afterEach, expect } from 'vitest';
import { forgetErrorLogWatches, setTestProbe, unexpectedErrorLogs } from './error-logs.js';

/**
 * Setup file of every project: a server error log nobody allowed fails the test it was written in
 * (or, written after the last test of a file, e.g. while an app shuts down, the file). Registered
 * before the file's own hooks, these run after them: an app closed in afterEach/afterAll is checked.
 */

setTestProbe(() => expect.getState().currentTestName !== undefined);

function fail(logs: string[], when: string): never {
  throw new Error(
    `${logs.length} unexpected server error log(s) ${when}; allow expected ones with allowErrorLogs(/pattern/):\n${logs.join('\n')}`,
  );
}

afterEach(() => {
  const logs = unexpectedErrorLogs(true);
  if (logs.length) fail(logs, 'during this test');
});

afterAll(() => {
  const logs = unexpectedErrorLogs(true);
  forgetErrorLogWatches();
  if (logs.length) fail(logs, 'after the last test of this file');
});
