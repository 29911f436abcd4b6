import { formatFigures, runOperationsScenario } from '../tests/support/operations-scenario.js';

/**
 * The operations scenario of tests/process/balancer.test.ts, longer and at the 30
 * submissions a second: 3 built instances on one PostgreSQL behind HAProxy through a rolling
 * restart, a kill -9 and a PostgreSQL restart. Prints figures per phase; judges nothing.
 * OPS_RATE (submissions per second) and OPS_PHASE_MS (length of each steady phase) override.
 */
export async function operationsBench() {
  const figures = await runOperationsScenario({
    rate: Number(process.env.OPS_RATE ?? 30),
    phaseMs: Number(process.env.OPS_PHASE_MS ?? 8000),
    students: 8,
    log: (line) => console.log(`  … ${line}`),
    // Outside Vitest: a plain bounded poll of the condition.
    async poll(what, fn, ok, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await fn();
        if (ok(value)) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  });
  console.log(formatFigures(figures));
  console.log(`  instances restarted by the PostgreSQL restart: ${figures.pidsAfterDatabaseRestart.filter((pid, i) => pid !== figures.pidsBeforeDatabaseRestart[i]).length}`);
  console.log(`  one instance asked directly while PostgreSQL was down: ${JSON.stringify(figures.whileDown)}`);
}
