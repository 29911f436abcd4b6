/**
 * Server logs at error level (pino level ≥ 50) fail the test they happen in, unless the test says
 * it expects them. Every test app and server process a test starts keeps a watch here;
 * `tests/support/error-log-check.ts` (a setup file of every project) reads the watches after each
 * test and after each file. This module stays light: unit-test files load it too.
 */

export interface ErrorLog {
  level: number;
  msg: string;
  /** The whole JSON line as pino wrote it, what allowances are matched against. */
  line: string;
}

interface Allowance {
  pattern: RegExp;
  /** Test allowances end with the test that made them; the others last as long as the watch. */
  untilEndOfTest: boolean;
}

const ERROR_LEVEL = 50;
const watches = new Set<ErrorLogWatch>();

/**
 * Whether a test (body, beforeEach or afterEach) is running now, as opposed to beforeAll/afterAll.
 * Set by the setup file; this module imports nothing from Vitest so that benches can use the helpers.
 */
let inTest: () => boolean = () => false;
export function setTestProbe(probe: () => boolean): void {
  inTest = probe;
}

export class ErrorLogWatch {
  private readonly logs: ErrorLog[] = [];
  private readonly allowances: Allowance[] = [];
  private checked = 0;
  private partial = '';
  private closed = false;

  constructor(readonly name: string) {
    watches.add(this);
  }

  /** Takes pino's output (whole lines or chunks of them) and keeps the error-level lines. */
  feed(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.record(line);
  }

  private record(line: string): void {
    if (!line.startsWith('{')) return;
    let parsed: { level?: unknown; msg?: unknown };
    try {
      parsed = JSON.parse(line) as { level?: unknown; msg?: unknown };
    } catch {
      return;
    }
    const level = typeof parsed.level === 'number' ? parsed.level : 0;
    if (level >= ERROR_LEVEL) this.logs.push({ level, msg: typeof parsed.msg === 'string' ? parsed.msg : '', line });
  }

  /**
   * Says the test expects error logs matching `pattern`. Called in a test, the allowance ends with
   * that test; called in beforeAll (or outside any test), it lasts until the app is closed.
   */
  allow(pattern: RegExp): void {
    this.allowances.push({ pattern, untilEndOfTest: inTest() });
  }

  /** Every error-level log so far, allowed or not (for tests that check the expected ones happened). */
  all(): readonly ErrorLog[] {
    return this.logs;
  }

  markClosed(): void {
    this.closed = true;
  }

  /** The error logs since the last check that no allowance covers; ends the test's allowances. */
  check(endOfTest: boolean): string[] {
    if (this.partial) this.feed('\n');
    const fresh = this.logs.slice(this.checked);
    this.checked = this.logs.length;
    const unexpected = fresh
      .filter((log) => !this.allowances.some((a) => a.pattern.test(log.line)))
      .map((log) => `${this.name}: ${log.line}`);
    if (endOfTest) {
      for (let i = this.allowances.length - 1; i >= 0; i -= 1) if (this.allowances[i]?.untilEndOfTest) this.allowances.splice(i, 1);
    }
    if (this.closed) watches.delete(this);
    return unexpected;
  }
}

/** Unexpected error logs of every watch since the last check (each line once). */
export function unexpectedErrorLogs(endOfTest: boolean): string[] {
  return [...watches].flatMap((watch) => watch.check(endOfTest));
}

/** Forgets every watch (end of a file: its apps and processes are gone). */
export function forgetErrorLogWatches(): void {
  watches.clear();
}
