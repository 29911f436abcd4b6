import { AUDIT_ACTION_LABELS, ROLE_LABELS, STATUS_LABELS } from '../../../../shared/constants';
import { formatDateTime } from '../../../lib/format';

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

export const actionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;

const TARGET_LABELS: Record<string, string> = {
  university: 'University',
  hostel: 'Hostel',
  category: 'Category',
  service: 'Service',
  routing: 'Recipients',
  user: 'Person',
  outbox: 'Mail',
  complaint: 'Complaint',
  cleaning_slot: 'Weekly cleaning',
};
export const targetTypeLabel = (type: string): string => TARGET_LABELS[type] ?? sentence(type);

const FIELD_LABELS: Record<string, string> = {
  // university
  name: 'Name',
  shortName: 'Short name',
  allowedDomains: 'Allowed e-mail domains',
  regPattern: 'Registration-number pattern',
  aboutText: 'About Us text',
  credits: 'Credits',
  logo: 'Logo',
  // hostels
  floorMin: 'Lowest floor',
  floorMax: 'Highest floor',
  roomRanges: 'Rooms',
  retired: 'Retired',
  // categories and services
  cardTitle: 'Card title',
  complaintHead: 'Complaint heading (mail)',
  description: 'Description',
  subCategories: 'Sub-categories',
  confidential: 'Confidential',
  targetHours: 'Target time',
  escalateWardensAfterHours: 'Tell wardens when late by',
  escalateAdminsAfterHours: 'Tell administrators when late by',
  label: 'Label',
  enabled: 'Service',
  routing: 'Recipients',
  to: 'To',
  cc: 'Cc',
  // people
  email: 'E-mail',
  role: 'Role',
  antiRagging: 'Anti-ragging duty',
  disabled: 'Account',
  scopes: 'Scopes',
  reason: 'Reason',
  // mail
  subject: 'Subject',
  status: 'Status',
  attempts: 'Attempts',
  // complaints
  note: 'Note',
  by: 'By',
  rating: 'Rating',
  length: 'Length',
  level: 'Escalation level',
  people: 'People told',
  dueAt: 'Due',
};

/** "escalateAfterHours" → "Escalate after hours". */
function sentence(key: string): string {
  const words = key.replace(/[_.-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export const fieldLabel = (key: string): string => FIELD_LABELS[key] ?? sentence(key);

const onOff = (value: boolean) => (value ? 'on' : 'off');
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const hoursText = (value: unknown) =>
  typeof value === 'number' ? `${value} ${value === 1 ? 'hour' : 'hours'}` : value === null ? 'never' : undefined;

/** Anything, as short readable text: the fallback for fields and shapes not known here. */
export function plain(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plain).join('; ');
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? 'none' : entries.map(([k, v]) => `${fieldLabel(k)}: ${plain(v)}`).join(', ');
  }
  return JSON.stringify(value) ?? '';
}

function roleText(value: unknown): string | undefined {
  return typeof value === 'string' && value in ROLE_LABELS ? ROLE_LABELS[value as keyof typeof ROLE_LABELS] : undefined;
}

function statusText(value: unknown): string | undefined {
  return typeof value === 'string' && value in STATUS_LABELS ? STATUS_LABELS[value as keyof typeof STATUS_LABELS] : undefined;
}

/** One scope: "Wifi in all hostels", "Mess in Block-2", "everything in Girls". */
function scopeText(scope: unknown, names: CategoryNames): string {
  if (!isRecord(scope) || typeof scope.category !== 'string' || typeof scope.hostel !== 'string') return plain(scope);
  const what = scope.category === '' ? 'Every category' : (names.get(scope.category) ?? sentence(scope.category));
  return `${what} in ${scope.hostel === '' ? 'all hostels' : scope.hostel}`;
}

/** Recipients: "to a@x, b@y · cc c@z". */
function recipientsText(value: unknown): string {
  if (!isRecord(value) || !isStringList(value.to)) return plain(value);
  const cc = isStringList(value.cc) && value.cc.length > 0 ? ` · cc ${value.cc.join(', ')}` : '';
  return `to ${value.to.length ? value.to.join(', ') : 'nobody'}${cc}`;
}

function rangesText(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const parts = value.map((r) => (isRecord(r) && typeof r.from === 'number' && typeof r.to === 'number' ? (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`) : null));
  return parts.every((p) => p !== null) ? (parts.length ? parts.join(', ') : 'none') : undefined;
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
        return typeof value === 'boolean' ? (value ? 'disabled' : 'enabled') : undefined;
      case 'scopes':
        return Array.isArray(value) ? (value.length ? value.map((s) => scopeText(s, names)).join('; ') : 'none') : undefined;
      case 'roomRanges':
        return rangesText(value);
      case 'subCategories':
        return Array.isArray(value)
          ? value.length
            ? value.map((s) => (isRecord(s) && typeof s.name === 'string' ? `${s.name}${s.confidential === true ? ' (confidential)' : ''}` : plain(s))).join(', ')
            : 'none'
          : undefined;
      case 'targetHours':
      case 'escalateWardensAfterHours':
      case 'escalateAdminsAfterHours':
        return hoursText(value);
      case 'to':
        return isStringList(value) ? (value.length ? value.join(', ') : 'nobody') : undefined;
      case 'cc':
      case 'allowedDomains':
        return isStringList(value) ? (value.length ? value.join(', ') : 'none') : undefined;
      case 'credits':
        return isStringList(value) ? (value.length ? value.join('; ') : 'none') : undefined;
      case 'logo':
        return value === null ? 'none' : undefined;
      case 'status':
        return statusText(value);
      case 'length':
        return typeof value === 'number' ? `${value} characters` : undefined;
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
    return `Recipients (${hostel === '' ? 'all hostels' : hostel})`;
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
    return same(b, a) ? [] : [{ key: 'value', label: 'Value', before: before === undefined || before === null ? undefined : plain(before), after: after === undefined || after === null ? undefined : plain(after) }];
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
    lines.push({ key: 'status', label: 'Status', value: `${statusText(details.from) ?? details.from} → ${statusText(details.to) ?? details.to}` });
  }
  for (const [key, value] of rest) {
    if (action === 'complaint.status' && (key === 'from' || key === 'to')) continue;
    if (action === 'complaint.assign' && (key === 'from' || key === 'to')) {
      lines.push({ key, label: key === 'from' ? 'Was assigned to' : 'Now assigned to', value: value === null ? 'nobody' : plain(value) });
      continue;
    }
    if (action === 'complaint.escalate' && key === 'to') {
      lines.push({ key, label: 'Told', value: plain(value) });
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
