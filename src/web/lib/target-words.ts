import type { TargetUnit } from '../../shared/working-time';
import { i18n } from './i18n';

/** A target as people read it: "24 hours", or "24 working hours" when it skips days off and holidays (issue 44). */
export function targetWords(hours: number, unit: TargetUnit): string {
  return unit === 'working_hours'
    ? i18n._('{hours, plural, one {# working hour} other {# working hours}}', { hours })
    : i18n._('{hours, plural, one {# hour} other {# hours}}', { hours });
}

/** The name of a target's unit, for the editors' choice. */
export function targetUnitWord(unit: TargetUnit): string {
  return unit === 'working_hours' ? i18n._('Working hours (days off and holidays stand still)') : i18n._('Hours (every hour on the clock)');
}
