import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './net.js';

/**
 * Runs dovecot and waits for the command itself to end. Its daemon outlives it, so no pipe is
 * shared with it (a pipe would be held open by the daemon for as long as it runs).
 */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Debian's dovecot (`apt-get install dovecot-imapd`); tests that need it are skipped without it. */
export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
export const hasDovecot = () => existsSync(DOVECOT);

/** The uid and gid mail is stored as: dovecot refuses root, so nobody's. */
const MAIL_UID = 65534;

/**
 * A throw-away IMAP server for one test file: its own configuration, mail and sockets in a temp
 * directory, on a free loopback port, one user with a plain password. Never the machine's own
 * dovecot service.
 */
export class TestImapServer {
  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly user: string,
    readonly password: string,
  ) {}

  static async start(): Promise<TestImapServer> {
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-dovecot-'));
    // Dovecot's own processes run as its unprivileged users and must reach the files.
    chmodSync(dir, 0o755);
    const server = new TestImapServer(dir, await freePort(), 'portal', 'imap-test-password');
    for (const sub of ['run', 'state', 'mail']) mkdirSync(path.join(dir, sub), { mode: 0o755 });
    chownSync(path.join(dir, 'mail'), MAIL_UID, MAIL_UID);
    writeFileSync(path.join(dir, 'users'), `${server.user}:{PLAIN}${server.password}\n`);
    writeFileSync(
      server.config,
      [
        `base_dir = ${dir}/run`,
        `state_dir = ${dir}/state`,
        `log_path = ${dir}/dovecot.log`,
        'protocols = imap',
        'listen = 127.0.0.1',
        'ssl = no',
        'disable_plaintext_auth = no',
        'auth_mechanisms = plain login',
        `mail_location = maildir:${dir}/mail/%u`,
        `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/users\n}`,
        `userdb {\n  driver = static\n  args = uid=${MAIL_UID} gid=${MAIL_UID} home=${dir}/mail/%u\n}`,
        `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${server.port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
        'service anvil {\n  chroot =\n}',
        'service stats {\n  chroot =\n}',
        '',
      ].join('\n'),
    );
    await run(DOVECOT, ['-c', server.config]);
    return server;
  }

  get config(): string {
    return path.join(this.dir, 'dovecot.conf');
  }

  /** What the portal is configured with. */
  get url(): string {
    return `imap://${this.user}:${this.password}@127.0.0.1:${this.port}/INBOX`;
  }

  async stop(): Promise<void> {
    await run(DOVECOT, ['-c', this.config, 'stop']).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
