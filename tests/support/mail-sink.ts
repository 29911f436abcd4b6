import { afterAll, beforeAll } from 'vitest';
import { SmtpSink } from './smtp-sink.js';

/**
 * A real SMTP server for one test file's portal: call it before `browserSuite(env)` (hooks run in
 * the order they are registered), so SMTP_URL is in `env` when the portal starts. Stopped after the file.
 */
export function mailSinkFor(env: Record<string, string>): { readonly sink: SmtpSink } {
  let started: SmtpSink | undefined;
  beforeAll(async () => {
    started = await SmtpSink.start();
    env.SMTP_URL = started.url;
  });
  afterAll(async () => {
    await started?.stop();
  });
  return {
    get sink(): SmtpSink {
      if (!started) throw new Error('the mail sink starts in beforeAll');
      return started;
    },
  };
}
