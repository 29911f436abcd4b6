import { AUDIT_ACTION_LABELS, ROLE_LABELS, STATUS_LABELS } from '../../../../shared/constants';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';

/*
 * The audit log's details in words. The server records `details.before` / `details.after` (and a
 * few loose facts) as it found them: role keys, booleans, scope and routing objects, room ranges.
 * This turns each field into a label and a readable value ("Anti-ragging duty: off → on",
 * "Scopes: Wifi in all hostels"); a field or shape it does not know is still shown, as compact text.
 */

/** A category's key → its card title, for scopes ("wifi" → "Wifi"). */
export type CategoryNames = ReadonlyMap<string, string>;

export interface ChangeLine {
  /** The field's key (or a derived one, such as 'routing.Girls'), unique within the entry. */
  key: string;
  label: string;
  /** Undefined: this side has no value (a creation has no before, a removal no after). */
  before?: string;
  after?: string;
}

export interface FactLine {
  key: string;
  label: string;
  value: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

export const actionLabel = (action: string): string => {
  const label = (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action];
  return label === undefined ? action : i18n._(label);
};

/** Translated when shown. */
const targetLabels = (): Record<string, string | undefined> => ({
  university: i18n._('University'),
  hostel: i18n._('Hostel'),
  category: i18n._('Category'),
  service: i18n._('Service'),
  routing: i18n._('Recipients'),
  user: i18n._('Person'),
  outbox: i18n._('Mail'),
  complaint: i18n._('Complaint'),
  cleaning_slot: i18n._('Weekly cleaning'),
});
export const targetTypeLabel = (type: string): string => targetLabels()[type] ?? sentence(type);

/** Translated when shown. */
const fieldLabels = (): Record<string, string | undefined> => ({
  // university
  name: i18n._('Name'),
  shortName: i18n._('Short name'),
  allowedDomains: i18n._('Allowed e-mail domains'),
  regPattern: i18n._('Registration-number pattern'),
  aboutText: i18n._('About Us text'),
  credits: i18n._('Credits'),
  logo: i18n._('Logo'),
  // Hindi beside the names (issue 28)
  nameHi: i18n._('Name in Hindi'),
  shortNameHi: i18n._('Short name in Hindi'),
  aboutTextHi: i18n._('About Us text in Hindi'),
  committeeNameHi: i18n._('Committee name in Hindi'),
  cardTitleHi: i18n._('Card title in Hindi'),
  complaintHeadHi: i18n._('Complaint heading in Hindi'),
  descriptionHi: i18n._('Description in Hindi'),
  labelHi: i18n._('Label in Hindi'),
  timeZone: i18n._('Time zone'),
  defaultLocale: i18n._('Default language'),
  // hostels
  floorMin: i18n._('Lowest floor'),
  floorMax: i18n._('Highest floor'),
  roomRanges: i18n._('Rooms'),
  retired: i18n._('Retired'),
  // categories and services
  cardTitle: i18n._('Card title'),
  complaintHead: i18n._('Complaint heading (mail)'),
  description: i18n._('Description'),
  subCategories: i18n._('Sub-categories'),
  confidential: i18n._('Confidential'),
  targetHours: i18n._('Target time'),
  escalateWardensAfterHours: i18n._('Tell wardens when late by'),
  escalateAdminsAfterHours: i18n._('Tell administrators when late by'),
  label: i18n._('Label'),
  enabled: i18n._('Service'),
  routing: i18n._('Recipients'),
  to: i18n._({ id: 'mail.to', message: 'To' }),
  cc: i18n._('Cc'),
  // people
  email: i18n._('E-mail'),
  role: i18n._('Role'),
  antiRagging: i18n._('Anti-ragging duty'),
  disabled: i18n._('Account'),
  scopes: i18n._('Scopes'),
  reason: i18n._('Reason'),
  // mail
  subject: i18n._('Subject'),
  status: i18n._('Status'),
  attempts: i18n._('Attempts'),
  // complaints
  note: i18n._('Note'),
  by: i18n._('By'),
  rating: i18n._('Rating'),
  length: i18n._('Length'),
  level: i18n._('Escalation level'),
  people: i18n._('People told'),
  dueAt: i18n._('Due'),
});

/** "escalateAfterHours" → "Escalate after hours". */
function sentence(key: string): string {
  const words = key.replace(/[_.-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export const fieldLabel = (key: string): string => fieldLabels()[key] ?? sentence(key);

const onOff = (value: boolean) => (value ? i18n._('on') : i18n._('off'));
const yesNo = (value: boolean) => (value ? i18n._('yes') : i18n._('no'));
const none = () => i18n._('none');
const nobody = () => i18n._('nobody');
const hoursText = (value: unknown) =>
  typeof value === 'number' ? i18n._('{value, plural, one {# hour} other {# hours}}', { value }) : value === null ? i18n._('never') : undefined;

/** Anything, as short readable text: the fallback for fields and shapes not known here. */
export function plain(value: unknown): string {
  if (value === null || value === undefined) return none();
  if (typeof value === 'string') return value === '' ? i18n._('(empty)') : value;
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? none() : value.map(plain).join('; ');
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? none() : entries.map(([k, v]) => i18n._('{field}: {value}', { field: fieldLabel(k), value: plain(v) })).join(', ');
  }
  return JSON.stringify(value) ?? '';
}

function roleText(value: unknown): string | undefined {
  return typeof value === 'string' && value in ROLE_LABELS ? i18n._(ROLE_LABELS[value as keyof typeof ROLE_LABELS]) : undefined;
}

function statusText(value: unknown): string | undefined {
  return typeof value === 'string' && value in STATUS_LABELS ? i18n._(STATUS_LABELS[value as keyof typeof STATUS_LABELS]) : undefined;
}

/** One scope: "Wifi in all hostels", "Mess in Block-2", "everything in Girls". */
function scopeText(scope: unknown, names: CategoryNames): string {
  if (!isRecord(scope) || typeof scope.category !== 'string' || typeof scope.hostel !== 'string') return plain(scope);
  const category = names.get(scope.category) ?? sentence(scope.category);
  if (scope.category === '') return scope.hostel === '' ? i18n._('Every category in all hostels') : i18n._('Every category in {hostel}', { hostel: scope.hostel });
  return scope.hostel === '' ? i18n._('{category} in all hostels', { category }) : i18n._('{category} in {hostel}', { category, hostel: scope.hostel });
}

/** Recipients: "to a@x, b@y · cc c@z". */
function recipientsText(value: unknown): string {
  if (!isRecord(value) || !isStringList(value.to)) return plain(value);
  const to = value.to.length ? value.to.join(', ') : nobody();
  return isStringList(value.cc) && value.cc.length > 0 ? i18n._('to {to} · cc {cc}', { to, cc: value.cc.join(', ') }) : i18n._('to {to}', { to });
}

function rangesText(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const parts = value.map((r) => (isRecord(r) && typeof r.from === 'number' && typeof r.to === 'number' ? (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`) : null));
  return parts.every((p) => p !== null) ? (parts.length ? parts.join(', ') : none()) : undefined;
}

/** A known field's value in words; the fallback for the rest. */
export function valueText(key: string, value: unknown, names: CategoryNames): string {
  if (value === undefined) return '—';
  const known = (() => {
    switch (key) {
      case 'role':
        return roleText(value);
      case 'antiRagging':
      case 'enabled':
        return typeof value === 'boolean' ? onOff(value) : undefined;
      case 'disabled':
        return typeof value === 'boolean' ? (value ? i18n._('disabled') : i18n._('enabled')) : undefined;
      case 'scopes':
        return Array.isArray(value) ? (value.length ? value.map((s) => scopeText(s, names)).join('; ') : none()) : undefined;
      case 'roomRanges':
        return rangesText(value);
      case 'subCategories':
        return Array.isArray(value)
          ? value.length
            ? value
                .map((s) =>
                  isRecord(s) && typeof s.name === 'string' ? (s.confidential === true ? i18n._('{name} (confidential)', { name: s.name }) : s.name) : plain(s),
                )
                .join(', ')
            : none()
          : undefined;
      case 'targetHours':
      case 'escalateWardensAfterHours':
      case 'escalateAdminsAfterHours':
        return hoursText(value);
      case 'to':
        return isStringList(value) ? (value.length ? value.join(', ') : nobody()) : undefined;
      case 'cc':
      case 'allowedDomains':
        return isStringList(value) ? (value.length ? value.join(', ') : none()) : undefined;
      case 'credits':
        return isStringList(value) ? (value.length ? value.join('; ') : none()) : undefined;
      case 'logo':
        return value === null ? none() : undefined;
      case 'status':
        return statusText(value);
      case 'length':
        return typeof value === 'number' ? i18n._('{value, plural, one {# character} other {# characters}}', { value }) : undefined;
      default:
        return undefined;
    }
  })();
  return known ?? plain(value);
}

/**
 * A routing object ({ default, overrides }) becomes one field per hostel ("Recipients (all
 * hostels)", "Recipients (Girls)"), so that a change to one hostel reads as that change.
 */
function expandRouting(state: Record<string, unknown>): Record<string, unknown> {
  const routing = state.routing;
  if (!isRecord(routing) || !isRecord(routing.default) || !Array.isArray(routing.overrides)) return state;
  const { routing: _omitted, ...rest } = state;
  const out: Record<string, unknown> = { ...rest, 'routing.': routing.default };
  for (const o of routing.overrides) {
    if (isRecord(o) && typeof o.hostel === 'string') out[`routing.${o.hostel}`] = o;
  }
  return out;
}

function lineLabel(key: string): string {
  if (key.startsWith('routing.')) {
    const hostel = key.slice('routing.'.length);
    return hostel === '' ? i18n._('Recipients (all hostels)') : i18n._('Recipients ({hostel})', { hostel });
  }
  return fieldLabel(key);
}

function lineValue(key: string, value: unknown, names: CategoryNames): string | undefined {
  if (value === undefined) return undefined;
  return key.startsWith('routing.') ? recipientsText(value) : valueText(key, value, names);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields `details.before` and `details.after` differ in, in words; null when the entry has
 * neither. A missing side (a creation has no before) counts as empty, so each field is listed.
 */
export function changeLines(details: Record<string, unknown>, names: CategoryNames): ChangeLine[] | null {
  const { before, after } = details;
  if (before === undefined && after === undefined) return null;
  const b = before === undefined || before === null ? {} : before;
  const a = after === undefined || after === null ? {} : after;
  if (!isRecord(b) || !isRecord(a)) {
    return same(b, a) ? [] : [{ key: 'value', label: i18n._('Value'), before: before === undefined || before === null ? undefined : plain(before), after: after === undefined || after === null ? undefined : plain(after) }];
  }
  const eb = expandRouting(b);
  const ea = expandRouting(a);
  const keys = [...new Set([...Object.keys(eb), ...Object.keys(ea)])];
  return keys
    .filter((key) => !same(eb[key], ea[key]))
    .map((key) => ({ key, label: lineLabel(key), before: lineValue(key, eb[key], names), after: lineValue(key, ea[key], names) }));
}

/**
 * The entry's other facts (everything but before/after). A complaint's status change ({ from,
 * to }) reads as one line, "Status: Submitted → Acknowledged".
 */
export function factLines(action: string, details: Record<string, unknown>, names: CategoryNames): FactLine[] {
  const rest = Object.entries(details).filter(([key]) => key !== 'before' && key !== 'after');
  const lines: FactLine[] = [];
  if (action === 'complaint.status' && typeof details.from === 'string' && typeof details.to === 'string') {
    lines.push({
      key: 'status',
      label: i18n._('Status'),
      value: i18n._('{from} → {to}', { from: statusText(details.from) ?? details.from, to: statusText(details.to) ?? details.to }),
    });
  }
  for (const [key, value] of rest) {
    if (action === 'complaint.status' && (key === 'from' || key === 'to')) continue;
    if (action === 'complaint.assign' && (key === 'from' || key === 'to')) {
      lines.push({ key, label: key === 'from' ? i18n._('Was assigned to') : i18n._('Now assigned to'), value: value === null ? nobody() : plain(value) });
      continue;
    }
    if (action === 'complaint.escalate' && key === 'to') {
      lines.push({ key, label: i18n._('Told'), value: plain(value) });
      continue;
    }
    if (key === 'dueAt' && typeof value === 'string') {
      lines.push({ key, label: fieldLabel(key), value: formatDateTime(value) });
      continue;
    }
    lines.push({ key, label: fieldLabel(key), value: valueText(key, value, names) });
  }
  return lines;
}
