/**
 * A believable university for the demo (`npm run demo`) and for tests that want one: the seed's
 * hostels and categories, the people who work them, and complaints in every category and status.
 * Deterministic: the same seed gives the same university.
 */

export interface DemoPerson {
  email: string;
  name: string;
  role: 'staff' | 'warden' | 'admin';
  antiRagging?: boolean;
  scopes: Array<{ category: string; hostel: string }>;
  /** What they are there for, as printed for the operator. */
  title: string;
}

export const DEMO_HOSTELS = ['Block-1 (Old)', 'Block-2', 'Block-3', 'Girls'] as const;

export const DEMO_ADMIN: DemoPerson = { email: 'demo.admin@vitbhopal.ac.in', name: 'Priya Menon', role: 'admin', scopes: [], title: 'admin' };

export const DEMO_STAFF: DemoPerson[] = [
  { email: 'wifi.team@vitbhopal.ac.in', name: 'Ravi Kumar', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }], title: 'staff, Wifi (all hostels)' },
  { email: 'electrician@vitbhopal.ac.in', name: 'Suresh Patil', role: 'staff', scopes: [{ category: 'electricity', hostel: '' }], title: 'staff, Electricity' },
  { email: 'carpenter@vitbhopal.ac.in', name: 'Mohan Lal', role: 'staff', scopes: [{ category: 'carpenter', hostel: '' }], title: 'staff, Furniture' },
  { email: 'plumber@vitbhopal.ac.in', name: 'Imran Shaikh', role: 'staff', scopes: [{ category: 'water', hostel: '' }], title: 'staff, Washroom (water)' },
  { email: 'mess.manager@vitbhopal.ac.in', name: 'Lakshmi Nair', role: 'staff', scopes: [{ category: 'mess', hostel: '' }], title: 'staff, Mess' },
  { email: 'housekeeping@vitbhopal.ac.in', name: 'Geeta Devi', role: 'staff', scopes: [{ category: 'room_cleaning', hostel: '' }], title: 'staff, Room Cleaning' },
  {
    email: 'anti.ragging@vitbhopal.ac.in',
    name: 'Dr. Kavita Joshi',
    role: 'staff',
    antiRagging: true,
    scopes: [{ category: 'other', hostel: '' }],
    title: 'anti-ragging duty (every ragging report, and Others; sees who filed)',
  },
  ...DEMO_HOSTELS.map<DemoPerson>((hostel, i) => ({
    email: `warden.${hostel.toLowerCase().replace(/[^a-z0-9]+/g, '')}@vitbhopal.ac.in`,
    name: ['Anil Sharma', 'Anita Rao', 'Deepak Verma', 'Sunita Iyer'][i] ?? 'Warden',
    role: 'warden',
    scopes: [{ category: '', hostel }],
    title: `warden, ${hostel}`,
  })),
];

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Ishaan', 'Diya', 'Ananya', 'Saanvi', 'Kabir', 'Meera', 'Rohan', 'Tanvi', 'Arjun', 'Nisha', 'Karan', 'Pooja', 'Rahul', 'Sneha', 'Varun', 'Isha', 'Nikhil'];
const LAST = ['Sharma', 'Verma', 'Gupta', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Singh', 'Das', 'Khan', 'Joshi', 'Mehta'];
const BRANCHES = ['BCE', 'BAI', 'MIM', 'BEC', 'BME'];

export interface DemoStudent {
  email: string;
  /** The account's display name: name, a space, the registration number (seed §3). */
  name: string;
  /** Girls' hostel students are filed from Girls. */
  hostel: (typeof DEMO_HOSTELS)[number];
}

export function demoStudents(count: number): DemoStudent[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length] ?? 'Student';
    const last = LAST[(i * 7) % LAST.length] ?? 'Tester';
    const reg = `${21 + (i % 4)}${BRANCHES[i % BRANCHES.length] ?? 'BCE'}${String(10001 + i).padStart(5, '0')}`;
    const girl = ['Diya', 'Ananya', 'Saanvi', 'Meera', 'Tanvi', 'Nisha', 'Pooja', 'Sneha', 'Isha'].includes(first);
    const hostel = girl ? 'Girls' : (DEMO_HOSTELS[i % 3] ?? 'Block-2');
    return { email: `${first}.${last}${i + 1}@vitbhopal.ac.in`.toLowerCase(), name: `${first} ${last} ${reg}`, hostel };
  });
}

/**
 * India's gazetted holidays (the central government's list) for 2026 and 2027, with Sunday the
 * weekly day off (the portal's default): the demo's working calendar (issue 44). The lunar dates
 * of 2027 are the almanacs'; the government's list for a year comes late in the year before, and
 * an administrator corrects a day by importing the list.
 */
export const DEMO_HOLIDAYS: Array<{ day: string; name: string; hi: string }> = [
  { day: '2026-01-26', name: 'Republic Day', hi: 'गणतंत्र दिवस' },
  { day: '2026-03-04', name: 'Holi', hi: 'होली' },
  { day: '2026-03-21', name: 'Id-ul-Fitr', hi: 'ईद-उल-फ़ितर' },
  { day: '2026-03-26', name: 'Ram Navami', hi: 'राम नवमी' },
  { day: '2026-03-31', name: 'Mahavir Jayanti', hi: 'महावीर जयंती' },
  { day: '2026-04-03', name: 'Good Friday', hi: 'गुड फ़्राइडे' },
  { day: '2026-05-01', name: 'Buddha Purnima', hi: 'बुद्ध पूर्णिमा' },
  { day: '2026-05-27', name: 'Id-ul-Zuha (Bakrid)', hi: 'ईद-उल-ज़ुहा (बकरीद)' },
  { day: '2026-06-26', name: 'Muharram', hi: 'मुहर्रम' },
  { day: '2026-08-15', name: 'Independence Day', hi: 'स्वतंत्रता दिवस' },
  { day: '2026-08-26', name: "Milad-un-Nabi (Prophet Mohammad's Birthday)", hi: 'मिलाद-उन-नबी' },
  { day: '2026-09-04', name: 'Janmashtami', hi: 'जन्माष्टमी' },
  { day: '2026-10-02', name: "Mahatma Gandhi's Birthday", hi: 'गांधी जयंती' },
  { day: '2026-10-20', name: 'Dussehra', hi: 'दशहरा' },
  { day: '2026-11-08', name: 'Diwali (Deepavali)', hi: 'दीपावली' },
  { day: '2026-11-24', name: "Guru Nanak's Birthday", hi: 'गुरु नानक जयंती' },
  { day: '2026-12-25', name: 'Christmas Day', hi: 'क्रिसमस' },
  { day: '2027-01-26', name: 'Republic Day', hi: 'गणतंत्र दिवस' },
  { day: '2027-03-10', name: 'Id-ul-Fitr', hi: 'ईद-उल-फ़ितर' },
  { day: '2027-03-22', name: 'Holi', hi: 'होली' },
  { day: '2027-03-26', name: 'Good Friday', hi: 'गुड फ़्राइडे' },
  { day: '2027-04-15', name: 'Ram Navami', hi: 'राम नवमी' },
  { day: '2027-05-17', name: 'Id-ul-Zuha (Bakrid)', hi: 'ईद-उल-ज़ुहा (बकरीद)' },
  { day: '2027-05-20', name: 'Buddha Purnima', hi: 'बुद्ध पूर्णिमा' },
  { day: '2027-08-15', name: 'Independence Day', hi: 'स्वतंत्रता दिवस' },
  { day: '2027-08-25', name: 'Janmashtami', hi: 'जन्माष्टमी' },
  { day: '2027-10-02', name: "Mahatma Gandhi's Birthday", hi: 'गांधी जयंती' },
  { day: '2027-10-09', name: 'Dussehra', hi: 'दशहरा' },
  { day: '2027-10-29', name: 'Diwali (Deepavali)', hi: 'दीपावली' },
  { day: '2027-11-14', name: "Guru Nanak's Birthday", hi: 'गुरु नानक जयंती' },
  { day: '2027-12-25', name: 'Christmas Day', hi: 'क्रिसमस' },
];

/** What students write, by category and sub-category. */
/** Each hostel's common areas (decision 45): what its printed labels and the form's "A common area" offer. */
export const DEMO_COMMON_AREAS: Array<{ name: string; floor: number | null }> = [
  { name: 'Washroom', floor: 1 },
  { name: 'Washroom', floor: 2 },
  { name: 'Corridor', floor: 1 },
  { name: 'Mess hall', floor: null },
];

/** Complaints filed for common areas at the end of the fill (open, filed now): the area's code, what is wrong, and its words. */
export const DEMO_AREA_COMPLAINTS: Array<{ code: string; category: string; subCategory: string; complaint: string }> = [
  { code: 'F1WASH', category: 'water', subCategory: 'Shower', complaint: 'Two of the showers in the floor 1 washroom have no water since this morning.' },
  { code: 'F1CORR', category: 'electricity', subCategory: 'Light Bulb', complaint: 'The corridor lights by the stairs on floor 1 are out; it is dark at night.' },
];

export const DEMO_TEXTS: Record<string, Record<string, string[]>> = {
  wifi: {
    'Not Working': ['No wifi at all since the morning on our floor.', 'The access point in the corridor shows a red light and nobody can connect.'],
    Slow: ['The wifi is so slow after 9 pm that lectures will not load.', 'Speed drops below 1 Mbps every evening.'],
    'Connection Issue': ['My laptop keeps disconnecting every few minutes.', 'Phones connect but get no internet.'],
    Others: ['The portal login page for wifi does not open.'],
  },
  electricity: {
    Lamp: ['The study lamp flickers and then goes off.'],
    Switch: ['The switch board near the door sparks when used.', 'The fan switch is broken and stuck on.'],
    'Light Bulb': ['The tube light in the room has fused.', 'Corridor light outside the room is not working.'],
    Fan: ['The ceiling fan makes a loud noise and wobbles.', 'The fan does not run at full speed.'],
  },
  carpenter: {
    Drawer: ['The drawer of the study table is off its rails.'],
    Chair: ['One leg of the chair is broken.', 'The chair wobbles badly.'],
    'Study Table': ['The study table top is loose.'],
    Almirah: ['The almirah door does not close and cannot be locked.'],
    Handle: ['The handle of the room door came off.'],
  },
  water: {
    'Toilet Seat': ['The toilet seat in the washroom is cracked.'],
    Shower: ['No hot water in the showers in the morning.', 'The shower head is leaking all the time.'],
    'Water Problem': ['The tap in the washroom is leaking continuously.', 'No water supply on our floor since last night.'],
  },
  mess: {
    Food: ['The dal was undercooked at lunch today.', 'Found an insect in the rice at dinner.'],
    Staff: ['The mess counter closed fifteen minutes early.'],
    Other: ['Drinking water cooler in the mess is not cooling.'],
  },
  other: {
    Theft: ['My bicycle was taken from the stand near the hostel gate.'],
    Others: ['The common room TV remote is missing.', 'Stray dogs in the hostel corridor at night.'],
  },
  ragging: {
    'Verbal / abuse': ['Seniors made us stand in the corridor late at night and took our phones.'],
    'Forced to do something': ['Seniors make first-years wash their clothes every evening.'],
  },
};

/** A small seeded generator, so the demo is the same every time. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/** Where a demo complaint ends up, with how often it happens. */
export const DEMO_OUTCOMES = [
  { status: 'submitted', weight: 14 },
  { status: 'acknowledged', weight: 12 },
  { status: 'in_progress', weight: 14 },
  { status: 'resolved', weight: 12 },
  { status: 'closed', weight: 34 },
  { status: 'rejected', weight: 5 },
  { status: 'reopened', weight: 9 },
  // The student took it back before anyone acknowledged it.
  { status: 'withdrawn', weight: 4 },
  // Filed again by another student of the hostel, and merged by its worker into the first one.
  { status: 'merged', weight: 3 },
] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number]['status'];

/**
 * The sign-in table `npm run demo` prints: a column each for the role, the e-mail and the display
 * name, each as wide as its longest cell and two spaces apart, so every address and name can be read
 * off (and copied) whatever the length of a role's description.
 */
export function signInTable(people: ReadonlyArray<Pick<DemoPerson, 'email' | 'name' | 'title'>>): string[] {
  const rows = [['role', 'e-mail', 'display name'], ...people.map((p) => [p.title, p.email, p.name])];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)) + 2);
  return rows.map(([role = '', email = '', name = '']) => `${role.padEnd(widths[0] ?? 0)}${email.padEnd(widths[1] ?? 0)}${name}`.trimEnd());
}

/**
 * The grievance ladder's people (issue 44): the Student Grievance Redressal Committee as the UGC's
 * regulations compose it (a chair, members among them a woman and one from the SC/ST/OBC
 * communities, a student special invitee) and the university's Ombudsperson.
 */
export const DEMO_COMMITTEE = [
  { email: 'sgrc.chair@vitbhopal.ac.in', name: 'Prof. Ramesh Iyer', position: 'chair', woman: false, reservedCategory: false, title: 'grievance committee, chair' },
  { email: 'sunita.kulkarni@vitbhopal.ac.in', name: 'Dr. Sunita Kulkarni', position: 'member', woman: true, reservedCategory: false, title: 'grievance committee, member' },
  { email: 'manoj.paswan@vitbhopal.ac.in', name: 'Dr. Manoj Paswan', position: 'member', woman: false, reservedCategory: true, title: 'grievance committee, member' },
  { email: 'farah.khan@vitbhopal.ac.in', name: 'Dr. Farah Khan', position: 'member', woman: true, reservedCategory: false, title: 'grievance committee, member' },
  { email: 'vikram.rathore@vitbhopal.ac.in', name: 'Prof. Vikram Rathore', position: 'member', woman: false, reservedCategory: false, title: 'grievance committee, member' },
  { email: 'tara.menon@vitbhopal.ac.in', name: 'Tara Menon 22BCE20041', position: 'special_invitee', woman: true, reservedCategory: false, title: 'grievance committee, student special invitee' },
] as const;

export const DEMO_OMBUDSPERSON = { email: 'ombudsperson@vitbhopal.ac.in', name: 'Justice (Retd.) Meenakshi Rao', title: 'the Ombudsperson (appeals)' } as const;
