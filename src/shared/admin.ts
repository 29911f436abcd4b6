import { z } from 'zod';
import { AUDIT_ACTIONS, LOCALES } from './constants.js';
import { boundedDate } from './text.js';
import { SERVICE_KEYS, isRegExpSource } from './catalog.js';
import { UNSAFE_REGEXP_MESSAGE, isSafeRegExpSource } from './safe-regex.js';
import { hostelCodeSchema, publicCommonAreaSchema } from './places.js';
import { translationsInput, translationsView } from './translations.js';
import { valued } from './valued-message.js';
import { TARGET_UNITS } from './working-time.js';

/**
 * The admin console's API: one schema per payload, used by its forms, its routes and the OpenAPI
 * document. Rules that need the database (duplicates, the last admin, overlapping ranges against
 * stored data) are the server's; shapes and single-field rules are here.
 */

const line = (label: string, max: number) =>
  z
    .string({ error: valued(/*i18n*/ '{label} is required', { label }, ['label']) })
    .trim()
    .min(1, valued(/*i18n*/ '{label} is required', { label }, ['label']))
    .max(max, valued(/*i18n*/ '{label} is at most {max} characters', { label, max }, ['label']))
    .regex(/^[^\p{Cc}]*$/u, valued(/*i18n*/ '{label} must be on one line', { label }, ['label']));

export const emailAddress = z
  .string({ error: /*i18n*/ 'Give an e-mail address' })
  .trim()
  .toLowerCase()
  .pipe(z.email(/*i18n*/ 'Each recipient must be a valid e-mail address'));

/** Whether the runtime knows a time zone by this IANA name (Asia/Kolkata, UTC, Europe/London). */
export function isTimeZone(name: string): boolean {
  // Offsets ("+05:30") are accepted by newer engines but are not zone names: days and digests need the rules.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export const timeZoneSchema = z
  .string({ error: 'Give a time zone' })
  .trim()
  .min(1, 'Give a time zone')
  .max(64, 'Time zone: at most 64 characters')
  .refine(isTimeZone, 'Time zone: give an IANA time zone name such as Asia/Kolkata');

const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, /*i18n*/ 'Each domain must be a domain name such as vitbhopal.ac.in');

// ---------------------------------------------------------------------------------------------
// University profile

export const UNIVERSITY_FIELDS = ['name', 'shortName', 'allowedDomains', 'regPattern', 'aboutText', 'credits'] as const;
export type UniversityField = (typeof UNIVERSITY_FIELDS)[number];

/** The environment variable that overrides each field, when it is set. */
export const UNIVERSITY_ENV: Record<UniversityField, string> = {
  name: 'UNIVERSITY_NAME',
  shortName: 'UNIVERSITY_SHORT_NAME',
  allowedDomains: 'ALLOWED_EMAIL_DOMAINS',
  regPattern: 'REG_NUMBER_PATTERN',
  aboutText: 'ABOUT_TEXT',
  credits: 'ABOUT_CREDITS',
};

export const universitySettingsSchema = z
  .object({
    name: line(/*i18n*/ 'Name', 120),
    shortName: z
      .string({ error: /*i18n*/ 'Short name is required' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,39}$/, /*i18n*/ 'Short name: up to 40 letters, digits, spaces, dots or dashes'),
    allowedDomains: z
      .array(domainName)
      .min(1, /*i18n*/ 'Give at least one e-mail domain')
      .max(10, /*i18n*/ 'At most 10 domains')
      .refine((d) => new Set(d).size === d.length, /*i18n*/ 'Each domain only once'),
    regPattern: z
      .string()
      .trim()
      .min(1, /*i18n*/ 'Give a pattern')
      .max(200, /*i18n*/ 'Keep the pattern under 200 characters')
      .refine(isRegExpSource, { error: /*i18n*/ 'Not a valid regular expression', abort: true })
      .refine(isSafeRegExpSource, UNSAFE_REGEXP_MESSAGE),
    aboutText: z.string().trim().max(4000, /*i18n*/ 'Keep the About Us text under 4000 characters'),
    credits: z.array(line(/*i18n*/ 'A credit', 200)).max(20, /*i18n*/ 'At most 20 credits'),
  })
  .meta({ id: 'UniversitySettings' });
export type UniversitySettings = z.infer<typeof universitySettingsSchema>;

/** The profile's names in other languages, time zone and default language (issue 28); left out of an update: unchanged. */
const universityLanguageShape = {
  translations: translationsInput('university').optional(),
  /** The IANA zone every date and day follows. */
  timeZone: timeZoneSchema.optional(),
  /** The language of mail to people who never chose one. */
  defaultLocale: z.enum(LOCALES, { error: 'Default language: en or hi' }).optional(),
};

// ---------------------------------------------------------------------------------------------
// Anti-ragging contacts (decision 40): shown on every page, and who the statutory clocks escalate to

const phone = (label: string) =>
  z
    .string({ error: valued(/*i18n*/ '{label}: give a phone number or leave it empty', { label }, ['label']) })
    .trim()
    .max(40, valued(/*i18n*/ '{label}: at most 40 characters', { label }, ['label']))
    .regex(
      /^(\+?[0-9][0-9 ()-]{2,38})?$/,
      valued(/*i18n*/ '{label}: digits, spaces, dashes and brackets, with + at the start for another country', { label }, ['label']),
    );

const contactAddress = (label: string) =>
  z
    .string({ error: valued(/*i18n*/ '{label} is required', { label }, ['label']) })
    .trim()
    .toLowerCase()
    .min(1, valued(/*i18n*/ '{label} is required', { label }, ['label']))
    .pipe(z.email(valued(/*i18n*/ '{label} must be a valid e-mail address', { label }, ['label'])));

export const raggingContactsSchema = z
  .object({
    /** The national anti-ragging helpline, shown on every page. */
    raggingHelpline: phone(/*i18n*/ 'Helpline').refine((v) => v !== '', /*i18n*/ 'Helpline is required'),
    committeeName: line(/*i18n*/ 'Committee name', 120),
    /** The committee's name in other languages (left out: unchanged). */
    translations: translationsInput('committee').optional(),
    /** Where ragging reports go (the `ragging` routing rule's default is set to it when it changes). */
    committeeEmail: contactAddress(/*i18n*/ "Committee's e-mail"),
    committeePhone: phone(/*i18n*/ "Committee's phone"),
    nodalOfficerName: line(/*i18n*/ "Nodal officer's name", 120),
    /** Told when a statutory clock runs out. */
    nodalOfficerEmail: contactAddress(/*i18n*/ "Nodal officer's e-mail"),
    nodalOfficerPhone: phone(/*i18n*/ "Nodal officer's phone"),
    /** The head of the institution: told when a clock is still not met a day after the nodal officer was. Not shown publicly. */
    headName: line(/*i18n*/ "Head of the institution's name", 120),
    headEmail: contactAddress(/*i18n*/ "Head of the institution's e-mail"),
  })
  .meta({ id: 'RaggingContacts' });
export type RaggingContacts = z.infer<typeof raggingContactsSchema>;

/** The contacts as the server reports them (what is saved, whatever rules applied when it was). */
export const raggingContactsViewSchema = z
  .object({
    raggingHelpline: z.string(),
    committeeName: z.string(),
    committeeEmail: z.string(),
    committeePhone: z.string(),
    nodalOfficerName: z.string(),
    nodalOfficerEmail: z.string(),
    nodalOfficerPhone: z.string(),
    headName: z.string(),
    headEmail: z.string(),
  })
  .meta({ id: 'RaggingContactsView' });

/** What every page shows (GET /api/catalog): the head of the institution is left out. */
export const publicRaggingContactsSchema = raggingContactsViewSchema
  .omit({ headName: true, headEmail: true })
  .extend({ translations: translationsView(['committeeName']).optional() })
  .meta({ id: 'PublicRaggingContacts' });

/** PUT /api/admin/university: the profile, and the anti-ragging contacts when given (left out: unchanged). */
export const universityUpdateSchema = universitySettingsSchema
  .extend({ ...universityLanguageShape, contacts: raggingContactsSchema.optional() })
  .meta({ id: 'UniversityUpdate' });
export type UniversityUpdate = z.input<typeof universityUpdateSchema>;

/**
 * The profile as the server reports it: a pattern saved before unsafe ones were refused must not
 * stop the console from opening, so that the administrator can see and replace it (the server
 * does not run it meanwhile, catalog/store.ts).
 */
const reportedSettingsSchema = universitySettingsSchema.extend({ regPattern: z.string() }).meta({ id: 'UniversitySettingsReported' });

export const universityAdminSchema = z
  .object({
    /** What the administrator saved. */
    saved: reportedSettingsSchema,
    /** What the portal uses: the saved values, except where the environment sets a field. */
    effective: reportedSettingsSchema,
    /** Fields the environment sets (and so wins), with the variable's name. */
    fromEnvironment: z.array(z.object({ field: z.enum(UNIVERSITY_FIELDS), variable: z.string() })),
    logoUrl: z.string().nullable(),
    /** The names in other languages beside the English (left out: not translated); the environment sets none of them. */
    translations: translationsView(['name', 'shortName', 'aboutText']),
    timeZone: z.string(),
    defaultLocale: z.enum(LOCALES),
    /** The anti-ragging contacts as saved (the environment sets none of them), with the committee's translated names. */
    contacts: raggingContactsViewSchema.extend({ translations: translationsView(['committeeName']) }),
    updatedAt: z.string(),
  })
  .meta({ id: 'UniversityAdmin' });
export type UniversityAdmin = z.infer<typeof universityAdminSchema>;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 200 * 1024;

export const logoUploadSchema = z
  .object({
    /** A data: URL of a PNG, JPEG or WebP image, at most 200 KB. */
    dataUrl: z
      .string()
      .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 64, /*i18n*/ 'The logo must be at most 200 KB')
      .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, /*i18n*/ 'The logo must be a PNG, JPEG or WebP image'),
  })
  .meta({ id: 'LogoUpload' });

// ---------------------------------------------------------------------------------------------
// Hostels

export const roomRangeSchema = z
  .object({
    from: z.number({ error: /*i18n*/ 'Rooms are whole numbers' }).int(/*i18n*/ 'Rooms are whole numbers').min(0, /*i18n*/ 'Rooms start at 0').max(999_999, /*i18n*/ 'Rooms go up to 999999'),
    to: z.number({ error: /*i18n*/ 'Rooms are whole numbers' }).int(/*i18n*/ 'Rooms are whole numbers').min(0, /*i18n*/ 'Rooms start at 0').max(999_999, /*i18n*/ 'Rooms go up to 999999'),
  })
  .refine((r) => r.from <= r.to, { message: /*i18n*/ 'A range must start at or below where it ends', path: ['to'] });

const hostelShape = {
  floorMin: z.number({ error: /*i18n*/ 'Floors are whole numbers' }).int(/*i18n*/ 'Floors are whole numbers').min(-5, /*i18n*/ 'Lowest floor is -5').max(200, /*i18n*/ 'Highest floor is 200'),
  floorMax: z.number({ error: /*i18n*/ 'Floors are whole numbers' }).int(/*i18n*/ 'Floors are whole numbers').min(-5, /*i18n*/ 'Lowest floor is -5').max(200, /*i18n*/ 'Highest floor is 200'),
  roomRanges: z.array(roomRangeSchema).min(1, /*i18n*/ 'Give at least one room range').max(50, /*i18n*/ 'At most 50 room ranges'),
};

function checkHostel(h: { floorMin: number; floorMax: number; roomRanges: Array<{ from: number; to: number }> }, ctx: z.RefinementCtx) {
  if (h.floorMin > h.floorMax) ctx.addIssue({ code: 'custom', path: ['floorMax'], message: /*i18n*/ 'The top floor must be at or above the lowest' });
  const sorted = [...h.roomRanges].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i += 1) {
    const [prev, next] = [sorted[i - 1], sorted[i]];
    if (prev && next && next.from <= prev.to) {
      ctx.addIssue({ code: 'custom', path: ['roomRanges'], message: valued(/*i18n*/ 'Room ranges {a}–{b} and {c}–{d} overlap', { a: prev.from, b: prev.to, c: next.from, d: next.to }) });
      return;
    }
  }
}

export const hostelCreateSchema = z
  .object({
    // "default" names every hostel in the routing API.
    name: line(/*i18n*/ 'Name', 60).refine((name) => name.toLowerCase() !== 'default', /*i18n*/ 'That name is reserved; choose another'),
    /** Its code in place addresses (left out: made from the name, "Block-2" → BLOCK2, numbered when taken). */
    code: hostelCodeSchema.optional(),
    translations: translationsInput('hostel').optional(),
    ...hostelShape,
  })
  .superRefine(checkHostel)
  .meta({ id: 'HostelCreate' });
export type HostelCreate = z.output<typeof hostelCreateSchema>;

export const hostelUpdateSchema = z
  .object({
    ...hostelShape,
    retired: z.boolean(),
    /** Left out: unchanged. Printed labels carry it: changing it breaks those already on the walls. */
    code: hostelCodeSchema.optional(),
    /** Left out: unchanged; empty: none (the English shows). */
    translations: translationsInput('hostel').optional(),
  })
  .superRefine(checkHostel)
  .meta({ id: 'HostelUpdate' });
export type HostelUpdate = z.output<typeof hostelUpdateSchema>;

export const hostelAdminSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    translations: translationsView(['name']),
    code: z.string().describe('Its code in place addresses (/p/BLOCK2/214)'),
    floorMin: z.number().int(),
    floorMax: z.number().int(),
    roomRanges: z.array(z.object({ from: z.number().int(), to: z.number().int() })),
    retired: z.boolean(),
    complaints: z.number().int().describe('Complaints ever filed in this hostel'),
    updatedAt: z.string(),
  })
  .meta({ id: 'HostelAdmin' });
export type HostelAdmin = z.infer<typeof hostelAdminSchema>;

// ---------------------------------------------------------------------------------------------
// Routing as the category and service forms edit it

export const recipientsSchema = z.object({
  to: z.array(emailAddress).min(1, /*i18n*/ 'Give at least one recipient').max(10, /*i18n*/ 'At most 10 recipients'),
  cc: z.array(emailAddress).max(10, /*i18n*/ 'At most 10 copies').default([]),
});

export const routingSchema = z
  .object({
    /** Where complaints go from every hostel without an override. */
    default: recipientsSchema,
    /** A hostel's own recipients (e.g. the Girls hostel's housekeeping). */
    overrides: z
      .array(recipientsSchema.extend({ hostel: line(/*i18n*/ 'Hostel', 60) }))
      .max(50)
      .refine((o) => new Set(o.map((x) => x.hostel)).size === o.length, /*i18n*/ 'One override per hostel'),
  })
  .meta({ id: 'Routing' });
export type Routing = z.infer<typeof routingSchema>;

// ---------------------------------------------------------------------------------------------
// Categories

/** Every hour on the clock, or only the hours of working days (issue 44). */
export const targetUnitSchema = z.enum(TARGET_UNITS, { error: /*i18n*/ 'Count the target in hours or in working hours' });

const hours = (what: string) =>
  z
    .number({ error: valued(/*i18n*/ '{what}: a whole number of hours', { what }, ['what']) })
    .int(valued(/*i18n*/ '{what}: a whole number of hours', { what }, ['what']))
    .min(0, valued(/*i18n*/ '{what}: 0 hours or more', { what }, ['what']))
    .max(24 * 90, valued(/*i18n*/ '{what}: at most 90 days', { what }, ['what']));

/** A routing key as the routing rules name one (wifiComplaints, roomCleaners, ragging, …). */
export const routingKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{1,59}$/, /*i18n*/ 'Routing key: 2 to 60 letters, digits or _, starting with a letter');

const subCategorySchema = z.object({
  name: line(/*i18n*/ 'A sub-category', 60),
  /** Left out or empty: none (the list is replaced as given, like the English). */
  translations: translationsInput('subCategory').optional(),
  confidential: z.boolean().default(false),
  /** Its own target time (left out: the category's). */
  targetHours: z
    .number({ error: /*i18n*/ 'Target time is a whole number of hours' })
    .int(/*i18n*/ 'Target time is a whole number of hours')
    .min(1, /*i18n*/ 'Target time is at least 1 hour')
    .max(24 * 90, /*i18n*/ 'Target time is at most 90 days')
    .optional(),
  /** The unit of its own target (left out: the category's). */
  targetUnit: targetUnitSchema.optional(),
  /**
   * Who receives it, by routing key (left out: the category's). A key nobody receives yet starts
   * with a copy of the category's recipients, to be changed under Routing.
   */
  routingKey: routingKeySchema.optional(),
});
const publicSubCategorySchema = z.object({
  name: z.string(),
  translations: translationsView(['name']).optional(),
  confidential: z.boolean(),
  targetHours: z.number().int().optional(),
  targetUnit: z.enum(TARGET_UNITS).optional(),
  routingKey: z.string().optional(),
});

const categoryShape = {
  cardTitle: line(/*i18n*/ 'Card title', 60),
  complaintHead: line(/*i18n*/ 'Complaint heading', 80),
  description: z.string().trim().max(200, /*i18n*/ 'Keep the description under 200 characters'),
  /** In other languages beside each (left out: unchanged; empty: none, the English shows). */
  translations: translationsInput('category').optional(),
  subCategories: z
    .array(subCategorySchema)
    .min(1, /*i18n*/ 'Give at least one sub-category')
    .max(30, /*i18n*/ 'At most 30 sub-categories')
    .refine((s) => new Set(s.map((x) => x.name.toLowerCase())).size === s.length, /*i18n*/ 'Each sub-category only once'),
  confidential: z.boolean().default(false),
  targetHours: z
    .number({ error: /*i18n*/ 'Target time is a whole number of hours' })
    .int(/*i18n*/ 'Target time is a whole number of hours')
    .min(1, /*i18n*/ 'Target time is at least 1 hour')
    .max(24 * 90, /*i18n*/ 'Target time is at most 90 days'),
  /** Every hour, or only the hours of working days (left out: every hour). */
  targetUnit: targetUnitSchema.default('hours'),
  /** Hours past due before the hostel's wardens are told that a complaint is late (left out: unchanged, 0 when new). */
  escalateWardensAfterHours: hours(/*i18n*/ 'Escalation to the wardens').optional(),
  /** Hours past due before the admins are told (left out: unchanged, 24 when new). */
  escalateAdminsAfterHours: hours(/*i18n*/ 'Escalation to the admins').optional(),
  routing: routingSchema,
};

/** The admins hear of a late complaint no sooner than the wardens (whose step comes first). */
const escalationInOrder = {
  check: (c: { escalateWardensAfterHours?: number; escalateAdminsAfterHours?: number }) =>
    c.escalateWardensAfterHours === undefined ||
    c.escalateAdminsAfterHours === undefined ||
    c.escalateAdminsAfterHours >= c.escalateWardensAfterHours,
  params: { message: /*i18n*/ 'Tell the administrators no sooner than the wardens', path: ['escalateAdminsAfterHours'] },
};

export const categoryCreateSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9]{1,29}$/, /*i18n*/ 'Key: 2 to 30 lower-case letters or digits, starting with a letter (used in the form address)'),
    ...categoryShape,
  })
  .refine(escalationInOrder.check, escalationInOrder.params)
  .meta({ id: 'CategoryCreate' });
export type CategoryCreate = z.input<typeof categoryCreateSchema>;

export const categoryUpdateSchema = z
  .object({ ...categoryShape, retired: z.boolean() })
  .refine(escalationInOrder.check, escalationInOrder.params)
  .meta({ id: 'CategoryUpdate' });
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;

/** A category as the forms see it (GET /api/catalog) … */
export const publicCategorySchema = z.object({
  key: z.string(),
  route: z.string(),
  cardTitle: z.string(),
  complaintHead: z.string(),
  description: z.string(),
  translations: translationsView(['cardTitle', 'complaintHead', 'description']).optional(),
  subCategories: z.array(publicSubCategorySchema),
  confidential: z.boolean(),
  targetHours: z.number().int(),
  targetUnit: z.enum(TARGET_UNITS),
  routingKey: z.string(),
});

/** … and as the console edits it. */
export const categoryAdminSchema = publicCategorySchema
  .extend({
    escalateWardensAfterHours: z.number().int(),
    escalateAdminsAfterHours: z.number().int(),
    routing: routingSchema,
    retired: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CategoryAdmin' });
export type CategoryAdmin = z.infer<typeof categoryAdminSchema>;

// ---------------------------------------------------------------------------------------------
// Services

export const serviceUpdateSchema = z
  .object({
    label: line(/*i18n*/ 'Label', 60),
    /** Left out: unchanged; empty: none. */
    translations: translationsInput('service').optional(),
    enabled: z.boolean(),
    /** How soon a request is due, in hours (left out: unchanged). */
    targetHours: hours(/*i18n*/ 'Target time').min(1, /*i18n*/ 'Target time is at least 1 hour').optional(),
    /** Left out: unchanged. */
    targetUnit: targetUnitSchema.optional(),
    routing: routingSchema,
  })
  .meta({ id: 'ServiceUpdate' });
export type ServiceUpdate = z.input<typeof serviceUpdateSchema>;

export const serviceAdminSchema = z
  .object({
    key: z.enum(SERVICE_KEYS),
    label: z.string(),
    translations: translationsView(['label']),
    enabled: z.boolean(),
    routingKey: z.string(),
    targetHours: z.number().int(),
    targetUnit: z.enum(TARGET_UNITS),
    routing: routingSchema,
    updatedAt: z.string(),
  })
  .meta({ id: 'ServiceAdmin' });
export type ServiceAdmin = z.infer<typeof serviceAdminSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

export const AUDIT_TARGET_TYPES = ['university', 'hostel', 'common_area', 'category', 'service', 'routing', 'user', 'outbox', 'complaint', 'ragging_inspection', 'holiday'] as const;

export const auditQuerySchema = z.object({
  q: z.string().trim().max(100).optional().describe('Text in the action, the target or the actor'),
  action: z.enum(AUDIT_ACTIONS, { error: /*i18n*/ 'Choose one of the listed actions' }).optional().describe('One kind of change (see AUDIT_ACTION_LABELS)'),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  actor: z.string().trim().max(200).optional().describe("Part of the actor's e-mail address"),
  from: boundedDate().optional().describe('First day (UTC), inclusive'),
  to: boundedDate().optional().describe('Last day (UTC), inclusive'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    actor: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    /** A short description of the target (a hostel's name, a person's e-mail, a complaint number). */
    targetLabel: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---------------------------------------------------------------------------------------------
// The public catalogue (GET /api/catalog), what the student pages are built from

const publicRoomRange = z.object({ from: z.number().int(), to: z.number().int() });

export const publicCatalogSchema = z
  .object({
    university: z.object({
      name: z.string(),
      shortName: z.string(),
      aboutText: z.string(),
      translations: translationsView(['name', 'shortName', 'aboutText']).optional(),
      timeZone: z.string(),
      credits: z.array(z.string()),
      logoUrl: z.string().nullable(),
      raggingContacts: publicRaggingContactsSchema,
    }),
    hostels: z.array(
      z.object({
        name: z.string(),
        translations: translationsView(['name']).optional(),
        floorMin: z.number().int(),
        floorMax: z.number().int(),
        roomRanges: z.array(publicRoomRange),
        code: z.string(),
        commonAreas: z.array(publicCommonAreaSchema),
      }),
    ),
    categories: z.array(publicCategorySchema),
    services: z.array(z.object({ key: z.enum(SERVICE_KEYS), label: z.string(), translations: translationsView(['label']).optional(), enabled: z.boolean(), routingKey: z.string(), targetHours: z.number().int(), targetUnit: z.enum(TARGET_UNITS) })),
  })
  .meta({ id: 'PublicCatalog' });
