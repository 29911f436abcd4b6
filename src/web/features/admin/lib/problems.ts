import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * Messages keyed by the dotted path of the field they belong to ('name', 'roomRanges.0.to',
 * 'routing.default.to.1'): zod issues and the server's `error.fields` use the same paths, so one
 * form shows both the same way.
 */
export type Problems = Record<string, string>;

export function problemsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    problems[key] ??= issue.message;
  }
  return problems;
}

/** The first message for `path` itself or anything inside it. */
export function problemAt(problems: Problems, path: string): string | undefined {
  if (problems[path] !== undefined) return problems[path];
  const inside = Object.keys(problems).find((key) => key.startsWith(`${path}.`));
  return inside === undefined ? undefined : problems[inside];
}

/** Messages no field of the form shows (paths outside every one of `shown`). */
export function unshownProblems(problems: Problems, shown: readonly string[]): string[] {
  return Object.entries(problems)
    .filter(([key]) => !shown.some((path) => key === path || key.startsWith(`${path}.`)))
    .map(([, message]) => message);
}

export interface Failure {
  problems: Problems;
  /** For the form's alert: the server's message (or the network's), null when only fields failed. */
  message: string | null;
}

/** What to show for a failed save: the server's field messages beside the fields, the rest in an alert. */
export function describeFailure(error: unknown, shown: readonly string[]): Failure {
  if (error instanceof ApiError) {
    const problems = error.fields ?? {};
    const rest = unshownProblems(problems, shown);
    const fieldsShown = Object.keys(problems).length > rest.length;
    // A validation failure whose every message sits beside its field needs no extra words.
    const message =
      fieldsShown && rest.length === 0 && error.code === 'validation_failed'
        ? null
        : [...new Set([error.message, ...rest])].join(' ');
    return { problems, message };
  }
  return { problems: {}, message: errorMessage(error) };
}

/** The messages of a failed client-side check that no field shows, for the form's alert. */
export function checkFailure(problems: Problems, shown: readonly string[]): Failure {
  const rest = unshownProblems(problems, shown);
  return { problems, message: rest.length ? rest.join(' ') : null };
}

/** '' and anything that is not a number become NaN, which the schemas refuse with their own message. */
export function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

let nextRowKey = 1;
/** A stable React key for rows the admin adds and removes. */
export const rowKey = (): number => nextRowKey++;
