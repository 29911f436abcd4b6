import { ANONYMOUS_REPORT, ANONYMOUS_REPORTER } from '../../../../shared/anonymous';
import { CONFIDENTIAL_STUDENT, THE_REPORTER } from '../../../../shared/staff';
import { i18n } from '../../../lib/i18n';

/**
 * What the server writes in a reporter's place on a confidential or anonymous report (decision
 * 63) is a message of the portal's own, in English: said here in the reader's language. A
 * person's real name passes unchanged.
 */
const STAND_INS: readonly string[] = [CONFIDENTIAL_STUDENT, THE_REPORTER, ANONYMOUS_REPORT, ANONYMOUS_REPORTER];

export const standInName = (name: string): string => (STAND_INS.includes(name) ? i18n._(name) : name);
