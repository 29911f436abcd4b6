import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG, type PublicCatalog } from '../../shared/catalog';
import { localNames } from './local-names';

// The seed's catalogue with Hindi beside a few names, as an administrator gives them (issue 28).
const catalog: PublicCatalog = {
  ...DEFAULT_CATALOG,
  hostels: DEFAULT_CATALOG.hostels.map((h, i) =>
    i === 0 ? { ...h, translations: { hi: { name: 'ब्लॉक-1 (पुराना)' } }, commonAreas: [{ id: 'a1', code: 'WR1', name: 'Washroom 1', translations: { hi: { name: 'शौचालय 1' } }, floor: 1 }] } : h,
  ),
  categories: DEFAULT_CATALOG.categories.map((c) =>
    c.key === 'electricity'
      ? { ...c, translations: { hi: { cardTitle: 'बिजली मिस्त्री', complaintHead: 'बिजली की शिकायत' } }, subCategories: c.subCategories.map((s) => (s.name === 'Fan' ? { ...s, translations: { hi: { name: 'पंखा' } } } : s)) }
      : c,
  ),
  services: DEFAULT_CATALOG.services.map((s) => (s.key === 'room_cleaning' ? { ...s, translations: { hi: { label: 'कमरे की सफ़ाई' } } } : s)),
};
const hostel = DEFAULT_CATALOG.hostels[0]?.name ?? '';

describe('the catalogue names on the staff screens', () => {
  it('are Hindi for a Hindi reader where the catalogue has them', () => {
    const names = localNames(catalog, 'hi');
    expect(names.heading('electricity', 'Electricity Complaint')).toBe('बिजली की शिकायत');
    expect(names.category('electricity', 'electricity')).toBe('बिजली मिस्त्री');
    expect(names.subCategory('electricity', 'Fan')).toBe('पंखा');
    expect(names.subCategory('room_cleaning', 'Room Cleaning')).toBe('कमरे की सफ़ाई');
    expect(names.hostel(hostel)).toBe('ब्लॉक-1 (पुराना)');
    expect(names.commonArea(hostel, 'Washroom 1')).toBe('शौचालय 1');
  });

  it('stay as filed where it has none, for an English reader, or for a name it no longer has', () => {
    const hindi = localNames(catalog, 'hi');
    expect(hindi.subCategory('electricity', 'Lamp')).toBe('Lamp');
    expect(hindi.heading('wifi', 'Wifi Complaint')).toBe('Wifi Complaint');
    expect(hindi.heading('gone', 'Old Heading')).toBe('Old Heading');
    expect(hindi.category('gone', 'gone')).toBe('gone');
    // Filed before the category's heading was renamed: the stored heading, not the new one's Hindi
    // (the student's pages do the same, so a complaint is called one thing on every screen).
    expect(hindi.heading('electricity', 'Electrical Complaint')).toBe('Electrical Complaint');
    const english = localNames(catalog, 'en');
    expect(english.heading('electricity', 'Electricity Complaint (old)')).toBe('Electricity Complaint (old)');
    expect(english.category('wifi', 'wifi')).toBe('Wifi');
    expect(english.hostel(hostel)).toBe(hostel);
  });
});
