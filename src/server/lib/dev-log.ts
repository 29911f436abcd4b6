/**
 * Development logs a person reads in a terminal: one short line per event instead of pino's JSON,
 * and one line per request ("GET /api/me 200 3ms") instead of Fastify's two; the web app's own
 * files are listed only when one fails. Production, and any
 * run whose output goes to a file or another program, keeps JSON (log collectors and the process
 * tests read it). About a hundred lines of ours instead of pino-pretty and its dependencies: the
 * portal logs few shapes of line.
 */

/** How logs are written: JSON lines, or one readable line per event. */
export type LogFormat = 'json' | 'pretty';

/**
 * Pretty when not in production and either LOG_FORMAT=pretty or (LOG_FORMAT unset and) stdout is a
 * terminal. LOG_FORMAT=json always gives JSON; production always does.
 */
export function logFormat(production: boolean, LOG_FORMAT: string | undefined, stdoutIsTty: boolean): LogFormat {
  if (production) return 'json';
  if (LOG_FORMAT === 'pretty') return 'pretty';
  if (LOG_FORMAT === 'json') return 'json';
  return stdoutIsTty ? 'pretty' : 'json';
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has or that the line itself shows: not repeated as key=value. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
/** Requests still waiting for their "request completed" line: at most this many are remembered. */
const PENDING_MAX = 1000;

type LogLine = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
};

/** A file of the built web app (a path outside /api/ ending in an extension) fetched without a problem. */
const isQuietFile = (request: { method: string; url: string }, status: number | string) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !request.url.startsWith('/api/') &&
  typeof status === 'number' &&
  status < 400 &&
  /\.[A-Za-z0-9]{1,12}$/.test(request.url.split('?')[0] ?? '');

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toISOString().slice(11, 19);

function extras(line: LogLine): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(line)) {
    if (SHOWN.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/**
 * Turns pino's JSON lines into readable ones. A request's method and URL come on Fastify's
 * "incoming request" line and its status and time on "request completed": the first is held (by
 * request id) and the two are written as one line when the request ends.
 */
export function createDevLogFormatter(): (json: string) => string | undefined {
  const pending = new Map<string, { method: string; url: string }>();
  return (json) => {
    let line: LogLine;
    try {
      line = JSON.parse(json) as LogLine;
    } catch {
      return json.endsWith('\n') ? json : `${json}\n`;
    }
    const level = line.level ?? 30;
    const levelName = LEVEL_NAMES[level] ?? String(level);
    if (line.msg === 'incoming request' && line.reqId && line.req) {
      if (pending.size >= PENDING_MAX) {
        const oldest = pending.keys().next().value;
        if (oldest !== undefined) pending.delete(oldest);
      }
      pending.set(line.reqId, { method: line.req.method ?? '?', url: line.req.url ?? '?' });
      return undefined;
    }
    if (line.msg === 'request completed' && line.reqId) {
      const request = pending.get(line.reqId);
      pending.delete(line.reqId);
      const status = line.res?.statusCode ?? '?';
      // The web app's files (scripts, styles, images, fonts) served fine are dozens per page: left out.
      if (request && isQuietFile(request, status)) return undefined;
      const what = request ? `${request.method} ${request.url}` : `request ${line.reqId}`;
      const ms = line.responseTime === undefined ? '' : ` ${Math.round(line.responseTime)}ms`;
      const mark = level >= 40 ? `${levelName} ` : '';
      return `${clock(line.time)} ${mark}${what} ${status}${ms}\n`;
    }
    const tag = level === 30 ? '' : `${levelName} `;
    const error = line.err ? `\n  ${(line.err.stack ?? line.err.message ?? '').split('\n').join('\n  ')}` : '';
    return `${clock(line.time)} ${tag}${line.msg ?? ''}${extras(line)}${error}\n`;
  };
}

/** A pino destination writing readable lines to `out` (stdout by default). */
export function devLogStream(out: { write(text: string): unknown } = process.stdout): { write(json: string): void } {
  const format = createDevLogFormatter();
  return {
    write(json: string) {
      const text = format(json);
      if (text) out.write(text);
    },
  };
}
