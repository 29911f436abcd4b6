import { WEEKDAY_NAMES } from '../../../../shared/cleaning-schedule';
import { AUDIT_ACTION_LABELS, ROLE_LABELS, SOURCE_LOCALE, STATUS_LABELS } from '../../../../shared/constants';
import { ENQUIRY_OUTCOME_LABELS, FIR_DECISION_LABELS } from '../../../../shared/ragging';
import { slotWords } from '../../../lib/cleaning-words';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { isLocale } from '../../../../shared/locale';
import { editorWords } from './translations';

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
  common_area: i18n._('Common area'),
  incident: i18n._('Notice'),
  bulk_action: i18n._('Bulk action'),
  ragging_inspection: i18n._('Anti-ragging inspection'),
  holiday: i18n._('Holiday'),
  grievance: i18n._('Grievance'),
  grievance_committee: i18n._('Grievance committee'),
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
  targetUnit: i18n._('Target counted in'),
  weeklyDaysOff: i18n._('Weekly days off'),
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
  late: i18n._('Late'),
  // common areas and hostels
  hostel: i18n._('Hostel'),
  code: i18n._('Code'),
  floor: i18n._('Floor'),
  floors: i18n._('Floors'),
  position: i18n._('Position in the list'),
  // anti-ragging contacts
  raggingHelpline: i18n._('Anti-ragging helpline'),
  committeeName: i18n._('Committee name'),
  committeeEmail: i18n._('Committee e-mail'),
  committeePhone: i18n._('Committee phone'),
  nodalOfficerName: i18n._('Nodal officer'),
  nodalOfficerEmail: i18n._('Nodal officer e-mail'),
  nodalOfficerPhone: i18n._('Nodal officer phone'),
  headName: i18n._('Head of the institution'),
  headEmail: i18n._('Head of the institution e-mail'),
  // complaints: replies, photos, merges, visits, following
  channel: i18n._('Channel'),
  stage: i18n._('Stage'),
  photos: i18n._('Photos'),
  followers: i18n._('Followers'),
  into: i18n._('Merged into'),
  noticeWentOut: i18n._('Notice already sent'),
  startsAt: i18n._('Starts'),
  endsAt: i18n._('Ends'),
  replaces: i18n._('Replaces'),
  proposal: i18n._('Proposal'),
  q: i18n._('Search'),
  // ragging reports
  decision: i18n._('FIR decision'),
  outcome: i18n._('Enquiry outcome'),
  clock: i18n._('Deadline'),
  address: i18n._('Address'),
  inspectedAt: i18n._('Inspected'),
  squad: i18n._('Squad'),
  // notices and bulk actions
  category: i18n._('Category'),
  title: i18n._('Title'),
  details: i18n._('Details'),
  openComplaints: i18n._('Open complaints'),
  linked: i18n._('Complaint linked'),
  unlinked: i18n._('Complaint unlinked'),
  resolved: i18n._('Complaints resolved'),
  told: i18n._('Students told'),
  incident: i18n._('Notice'),
  action: i18n._('Action'),
  numbers: i18n._('Complaints'),
  complaints: i18n._('Complaints'),
  runAt: i18n._('Runs at'),
  // weekly cleaning
  text: i18n._('Time'),
  capacity: i18n._('Capacity'),
  // the grievance ladder
  complaint: i18n._('Complaint'),
  committeeDueAt: i18n._('The committee’s deadline'),
  ombudspersonDueAt: i18n._('The Ombudsperson’s deadline'),
  appealUntil: i18n._('Appeal until'),
  onTime: i18n._('In time'),
  at: i18n._('When'),
  place: i18n._('Where'),
  members: i18n._('Members'),
  ombudsperson: i18n._('Ombudsperson'),
  as: i18n._('Written as'),
  addresses: i18n._('Addresses'),
});

/** "escalateAfterHours" → "Escalate after hours". */
function sentence(key: string): string {
  const words = key.replace(/[_.-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export const fieldLabel = (key: string): string => fieldLabels()[key] ?? translatedFieldLabel(key) ?? sentence(key);

/**
 * A translated name's label: `translations.hi.name` (decision 67), or the Hindi columns' own keys
 * (`nameHi`) that entries written before migration 0031 keep.
 */
function translatedFieldLabel(key: string): string | undefined {
  const [, locale, field] = /^translations\.([a-z]+)\.(\w+)$/.exec(key) ?? /^()(\w+)Hi$/.exec(key) ?? [];
  if (field === undefined) return undefined;
  const language = locale || 'hi';
  return isLocale(language) && language !== SOURCE_LOCALE ? editorWords(language).auditField[field] : undefined;
}

/** Translations ({ hi: { name } }) become one field per language and name, so that a change reads as that change. */
function expandTranslations(state: Record<string, unknown>): Record<string, unknown> {
  const translations = state.translations;
  if (!isRecord(translations)) return state;
  const { translations: _omitted, ...rest } = state;
  const out: Record<string, unknown> = rest;
  for (const [locale, fields] of Object.entries(translations)) {
    if (isRecord(fields)) for (const [field, text] of Object.entries(fields)) out[`translations.${locale}.${field}`] = text;
  }
  return out;
}

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

/** Who did it, as the server records it ("staff (queue)", "student", "facility mailbox"). */
function byText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const staffVia = /^staff \((.+)\)$/.exec(value);
  if (staffVia) return i18n._('staff ({via})', { via: viaText(staffVia[1] ?? '') });
  const words: Record<string, string | undefined> = {
    student: i18n._('the student'),
    staff: i18n._('staff'),
    system: i18n._('the portal itself'),
    team: i18n._('the team'),
    'facility mailbox': i18n._("the team's mailbox"),
  };
  return words[value];
}

/** How a member of staff did it: from the queue, a mail link, a notice, in bulk. */
function viaText(via: string): string {
  const words: Record<string, string | undefined> = {
    console: i18n._('the staff console'),
    link: i18n._('a mail link'),
    mail: i18n._('e-mail'),
    notice: i18n._('a notice'),
    bulk: i18n._('in bulk'),
  };
  return words[via] ?? via;
}

/** The reasons the portal itself records (a person's own reason, typed when revealing, is theirs). */
function reasonText(value: unknown): string | undefined {
  if (value === 'listed in ADMIN_EMAILS') return i18n._('listed in ADMIN_EMAILS');
  if (value === 'anti-ragging contacts changed') return i18n._('anti-ragging contacts changed');
  const copied = typeof value === 'string' ? /^new routing key of a sub-category of (.+), copied from the category$/.exec(value) : null;
  return copied ? i18n._('new routing key of a sub-category of {category}, copied from the category', { category: copied[1] ?? '' }) : undefined;
}

/** "Every Wednesday 10:00–12:00", as the server recorded it in English, in the reader's words. */
function slotTextOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^Every (\w+) (\d\d:\d\d)–(\d\d:\d\d)$/.exec(value);
  const weekday = match ? (WEEKDAY_NAMES as readonly string[]).indexOf(match[1] ?? '') + 1 : 0;
  return match && weekday > 0 ? slotWords({ weekday, startTime: match[2] ?? '', endTime: match[3] ?? '' }) : undefined;
}

/** A known field's value in words; the fallback for the rest. */
/** A grievance's outcome: the committee's, or the Ombudsperson's on appeal. */
function grievanceOutcomeText(value: string): string | undefined {
  const words: Record<string, string | undefined> = {
    upheld: i18n._('Upheld'),
    partly_upheld: i18n._('Partly upheld'),
    not_upheld: i18n._('Not upheld'),
    confirmed: i18n._('Decision confirmed'),
    modified: i18n._('Decision modified'),
    set_aside: i18n._('Decision set aside'),
  };
  return words[value];
}

/** Who a grievance's step was for or by: a seat, the student, the head of the institution, the administrators. */
function seatText(value: string): string | undefined {
  const words: Record<string, string | undefined> = {
    chair: i18n._('the chair'),
    member: i18n._('a member'),
    special_invitee: i18n._('the special invitee'),
    ombudsperson: i18n._('the Ombudsperson'),
    committee: i18n._('the committee'),
    student: i18n._('the student'),
    head: i18n._('the head of the institution'),
    admins: i18n._('the administrators'),
  };
  return words[value];
}

/** The committee as named: each member with their seat and what the regulation counts. */
function membersText(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  if (!value.length) return none();
  return value
    .map((m) => {
      if (!isRecord(m) || typeof m.name !== 'string') return plain(m);
      const marks = [typeof m.position === 'string' ? seatText(m.position) : undefined, m.woman === true ? i18n._('woman member') : undefined, m.reservedCategory === true ? i18n._('SC/ST/OBC') : undefined].filter(
        (mark): mark is string => Boolean(mark),
      );
      return marks.length ? `${m.name} (${marks.join(', ')})` : m.name;
    })
    .join('; ');
}

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
      case 'targetUnit':
        return value === 'working_hours' ? i18n._('Working hours') : value === 'hours' ? i18n._('Hours') : undefined;
      case 'targetHours':
      case 'escalateWardensAfterHours':
      case 'escalateAdminsAfterHours':
        return hoursText(value);
      case 'to':
        return isStringList(value) ? (value.length ? value.join(', ') : nobody()) : typeof value === 'string' ? seatText(value) : undefined;
      case 'cc':
      case 'allowedDomains':
        return isStringList(value) ? (value.length ? value.join(', ') : none()) : undefined;
      case 'credits':
        return isStringList(value) ? (value.length ? value.join('; ') : none()) : undefined;
      case 'logo':
        return value === null ? none() : undefined;
      case 'status':
        return statusText(value);
      case 'channel':
        return value === 'portal' ? i18n._('the portal') : value === 'mail' ? i18n._('e-mail') : undefined;
      case 'stage':
        return value === 'before' ? i18n._('with the complaint') : value === 'after' ? i18n._('after the fix') : undefined;
      case 'by':
        return byText(value);
      case 'reason':
        return reasonText(value);
      case 'decision':
        return typeof value === 'string' && value in FIR_DECISION_LABELS ? i18n._(FIR_DECISION_LABELS[value as keyof typeof FIR_DECISION_LABELS]) : undefined;
      case 'outcome':
        return typeof value === 'string' && value in ENQUIRY_OUTCOME_LABELS
          ? i18n._(ENQUIRY_OUTCOME_LABELS[value as keyof typeof ENQUIRY_OUTCOME_LABELS])
          : typeof value === 'string'
            ? grievanceOutcomeText(value)
            : undefined;
      case 'clock':
        return value === 'fir'
          ? i18n._('FIR decision')
          : value === 'enquiry'
            ? i18n._('Enquiry')
            : value === 'committee'
              ? i18n._('The committee’s deadline')
              : value === 'appeal'
                ? i18n._('The Ombudsperson’s deadline')
                : undefined;
      case 'committeeDueAt':
      case 'ombudspersonDueAt':
      case 'appealUntil':
      case 'at':
        return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : undefined;
      case 'onTime':
        return typeof value === 'boolean' ? (value ? i18n._('yes') : i18n._('no')) : undefined;
      case 'members':
        return membersText(value);
      case 'ombudsperson':
        return value === null ? nobody() : isRecord(value) && typeof value.name === 'string' && typeof value.email === 'string' ? `${value.name} (${value.email})` : undefined;
      case 'as':
        return typeof value === 'string' ? seatText(value) : undefined;
      case 'addresses':
        return isStringList(value) ? (value.length ? value.join(', ') : nobody()) : undefined;
      case 'startsAt':
      case 'endsAt':
      case 'runAt':
      case 'inspectedAt':
        return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : undefined;
      case 'text':
        return slotTextOf(value);
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
  const eb = expandTranslations(expandRouting(b));
  const ea = expandTranslations(expandRouting(a));
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
