/**
 * The portal's catalogue as the original app defined it (seed §9): hostels, the six complaint
 * categories with their sub-categories and form routes, and the services. Later an administrator
 * can change these; until then they are the defaults both the forms and the server enforce.
 */

export const HOSTELS = ['Block-1 (Old)', 'Block-2', 'Block-3', 'Girls'] as const;
export type Hostel = (typeof HOSTELS)[number];

export const FLOOR_MIN = 0;
export const FLOOR_MAX = 7;
export const CLEANING_ROOM_MIN = 0;
export const CLEANING_ROOM_MAX = 800;
export const ROOM_NO_MAX_LENGTH = 20;
export const MESSAGE_MAX_LENGTH = 2000;

export const CATEGORY_KEYS = ['wifi', 'electricity', 'carpenter', 'water', 'mess', 'other'] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

export interface Category {
  key: CategoryKey;
  /** Path segment of the form, as in the original app: /complaints/{route}. */
  route: string;
  /** Title on the category card. */
  cardTitle: string;
  /** The complaint's heading (and the start of the e-mail subject). */
  complaintHead: string;
  /** One line on the card. */
  description: string;
  subCategories: readonly string[];
  /** Key of the recipient in the routing table (the original app's e-mails collection). */
  routingKey: string;
}

export const CATEGORIES: readonly Category[] = [
  {
    key: 'wifi',
    route: 'wifiComplaint',
    cardTitle: 'Wifi',
    complaintHead: 'Wifi Complaint',
    description: 'Not working, slow or dropping connections.',
    subCategories: ['Not Working', 'Slow', 'Connection Issue', 'Others'],
    routingKey: 'wifiComplaints',
  },
  {
    key: 'carpenter',
    route: 'carpenterComplaint',
    cardTitle: 'Furniture (carpenter)',
    complaintHead: 'Carpenter Complaint',
    description: 'Drawers, chairs, study tables, almirahs and handles.',
    subCategories: ['Drawer', 'Chair', 'Study Table', 'Almirah', 'Handle'],
    routingKey: 'carpenterComplaint',
  },
  {
    key: 'water',
    route: 'waterComplaint',
    cardTitle: 'Washroom (water)',
    complaintHead: 'Water Complaint',
    description: 'Toilet seats, showers and water supply.',
    subCategories: ['Toilet Seat', 'Shower', 'Water Problem'],
    routingKey: 'waterComplaint',
  },
  {
    key: 'mess',
    route: 'messComplaint',
    cardTitle: 'Mess',
    complaintHead: 'Mess Complaint',
    description: 'Food quality, mess staff and other mess issues.',
    subCategories: ['Food', 'Staff', 'Other'],
    routingKey: 'messComplaint',
  },
  {
    key: 'electricity',
    route: 'electricityComplaint',
    cardTitle: 'Electrician',
    complaintHead: 'Electricity Complaint',
    description: 'Lamps, switches, light bulbs and fans.',
    subCategories: ['Lamp', 'Switch', 'Light Bulb', 'Fan'],
    routingKey: 'electricityComplaint',
  },
  {
    key: 'other',
    route: 'otherComplaint',
    cardTitle: 'Others',
    complaintHead: 'Other Complaint',
    description: 'Ragging, theft or anything else that needs attention.',
    subCategories: ['Ragging', 'Theft', 'Others'],
    routingKey: 'otherComplaint',
  },
];

export const categoryByKey = (key: string): Category | undefined => CATEGORIES.find((c) => c.key === key);
export const categoryByRoute = (route: string): Category | undefined => CATEGORIES.find((c) => c.route === route);

export const SERVICE_KEYS = ['room_cleaning', 'laundry'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export interface Service {
  key: ServiceKey;
  label: string;
  enabled: boolean;
  routingKey: string;
}

export const SERVICES: readonly Service[] = [
  { key: 'room_cleaning', label: 'Room Cleaning', enabled: true, routingKey: 'roomCleaners' },
  { key: 'laundry', label: 'Laundry', enabled: false, routingKey: 'laundry' },
];

export const ROOM_CLEANING_HEAD = 'Room Cleaning';

/** Seed §3: the floor of a cleaning request is the first digit of its room number. */
export const floorFromRoomNumber = (roomNo: number): number => Number(String(Math.trunc(Math.abs(roomNo)))[0] ?? 0);

/** Seed §3: the auto-generated text of a room-cleaning request. */
export const cleaningRequestText = (hostel: string, roomNo: number) =>
  `Room ${roomNo} of ${hostel} has not been cleaned properly. Please send housekeeping to clean it.`;

export const CONFIRMATION_DELAY_MS = 300;
export const CONFIRMATION_VISIBLE_MS = 3000;
