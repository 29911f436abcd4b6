import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { aPhoneJpeg, uploadPhoto } from '../../../../tests/factories/photos.js';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3.js';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { auditLog, photos } from '../../db/schema.js';
import { removeAbandonedUploads } from './service.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { addStaff } from '../../../../tests/support/staff.js';

interface PhotoBody {
  id: string;
  url: string;
  thumbUrl: string;
  stage: string;
  width: number;
  height: number;
}
interface ListBody {
  items: PhotoBody[];
  withheld: number;
  canAdd: boolean;
}

/** Signs in the people every test needs: two students, staff in and out of scope, the duty, an admin. */
async function cast(portal: TestApp) {
  const admin = await ApiClient.withSession(portal, { email: 'photo.admin@vitbhopal.ac.in', name: 'Photo Admin' });
  const add = (email: string, scopes: Array<{ category: string; hostel: string }>, antiRagging = false) =>
    addStaff(admin, { email, name: email.split('@')[0], role: 'staff', scopes, antiRagging });
  await add('plumber@vitbhopal.ac.in', [{ category: 'water', hostel: '' }]);
  await add('electrician@vitbhopal.ac.in', [{ category: 'electricity', hostel: '' }]);
  await add('others.desk@vitbhopal.ac.in', [{ category: 'other', hostel: '' }, { category: 'ragging', hostel: '' }]);
  await add('ragging.duty@vitbhopal.ac.in', [{ category: 'other', hostel: '' }], true);
  return {
    admin,
    owner: await ApiClient.withSession(portal, { email: 'photo.owner@vitbhopal.ac.in', name: 'Photo Owner 21BCE10021' }),
    otherStudent: await ApiClient.withSession(portal, { email: 'photo.other@vitbhopal.ac.in', name: 'Photo Other 21BCE10022' }),
    plumber: await ApiClient.withSession(portal, { email: 'plumber@vitbhopal.ac.in', name: 'Plumber' }),
    electrician: await ApiClient.withSession(portal, { email: 'electrician@vitbhopal.ac.in', name: 'Electrician' }),
    othersDesk: await ApiClient.withSession(portal, { email: 'others.desk@vitbhopal.ac.in', name: 'Others Desk' }),
    duty: await ApiClient.withSession(portal, { email: 'ragging.duty@vitbhopal.ac.in', name: 'Ragging Duty' }),
  };
}

async function fetchPhoto(client: ApiClient, url: string) {
  const response = await client.http.request(`${client.baseUrl}${url}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function uploaded(client: ApiClient, bytes?: Buffer): Promise<PhotoBody> {
  const { status, body } = await uploadPhoto(client, bytes ?? (await aPhoneJpeg()));
  expect(status, JSON.stringify(body)).toBe(201);
  return body as PhotoBody;
}

describe('photos kept in the database', () => {
  let portal: TestApp;
  let people: Awaited<ReturnType<typeof cast>>;

  beforeAll(async () => {
    portal = await startTestApp({
      ...RELAXED_LIMITS,
      ADMIN_EMAILS: 'photo.admin@vitbhopal.ac.in',
      PHOTO_MAX_MB: '2',
    });
    people = await cast(portal);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('re-encodes an upload: upright, at most 1600 px, WebP, and no EXIF or GPS left anywhere', async () => {
    const original = await aPhoneJpeg({ width: 2400, height: 1800 });
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('PhotoTestCam');

    const photo = await uploaded(people.owner, original);
    expect([photo.width, photo.height]).toEqual([1600, 1200]);

    const full = await fetchPhoto(people.owner, photo.url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('content-disposition')).toMatch(/^inline; filename="photo-[0-9a-f]{8}\.webp"$/);
    expect(full.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(full.headers.get('content-security-policy')).toContain('sandbox');
    const stored = await sharp(full.bytes).metadata();
    expect(stored.format).toBe('webp');
    expect([stored.width, stored.height]).toEqual([1600, 1200]);
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    for (const word of ['PhotoTestCam', 'Meera', 'Exif', 'GPS']) expect(full.bytes.toString('latin1')).not.toContain(word);

    const thumb = await fetchPhoto(people.owner, photo.thumbUrl);
    const small = await sharp(thumb.bytes).metadata();
    expect(Math.max(small.width, small.height)).toBe(320);
    expect(small.exif).toBeUndefined();
  });

  it('judges the type by the bytes, not by what the request says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>');
    const asJpeg = await uploadPhoto(people.owner, svg, 'image/jpeg');
    expect(asJpeg.status).toBe(415);
    expect(asJpeg.body.error?.message).toBe('Photos must be JPEG, PNG or WebP images.');

    const html = await uploadPhoto(people.owner, Buffer.from('<html><script>alert(1)</script></html>'), 'text/html');
    expect(html.status).toBe(415);
    expect(html.body.error?.message).toBe('Photos must be JPEG, PNG or WebP images.');

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).gif().toBuffer();
    expect((await uploadPhoto(people.owner, gif, 'image/png')).status).toBe(415);

    // A real PNG sent with a vague type is taken for what it is.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'blue' } }).png().toBuffer();
    expect((await uploadPhoto(people.owner, png, 'application/octet-stream')).status).toBe(201);

    // JPEG's first bytes and then nonsense: looks like a photo, cannot be read as one.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(2000, 7)]);
    const unreadable = await uploadPhoto(people.owner, broken);
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.error?.code).toBe('photo_unreadable');
  });

  it('refuses a photo over the size limit with 413 and says the limit', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const { status, body } = await uploadPhoto(people.owner, big);
    expect(status).toBe(413);
    expect(body.error?.message).toBe('This photo is larger than 2 MB. Choose a smaller one.');
  });

  it('refuses uploads from someone signed out, before reading them', async () => {
    const response = await fetch(`${portal.baseUrl}/api/photos`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', origin: portal.baseUrl },
      body: new Uint8Array(await aPhoneJpeg({ width: 64, height: 64 })),
    });
    expect(response.status).toBe(401);
  });

  it('files a complaint with its photos and shows them to the student and the staff in scope only', async () => {
    const [first, second] = [await uploaded(people.owner), await uploaded(people.owner, await aPhoneJpeg({ colour: '#d53a3a' }))];
    if (!first || !second) throw new Error('unreachable');
    // A pending upload is its uploader's alone.
    expect((await fetchPhoto(people.otherStudent, first.url)).status).toBe(404);
    expect((await fetchPhoto(people.plumber, first.url)).status).toBe(404);

    const filed = await people.owner.post('/api/complaints', aComplaint({ category: 'water', subCategory: 'Shower', photoIds: [first.id, second.id] }));
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);

    const mine = await people.owner.get(`/api/complaints/${number}/photos`);
    const list = mine.body as unknown as ListBody;
    expect(list.items.map((p) => [p.id, p.stage])).toEqual([[first.id, 'before'], [second.id, 'before']]);
    expect(list.canAdd).toBe(true);

    const staffView = (await people.plumber.get(`/api/complaints/${number}/photos`)).body as unknown as ListBody;
    expect(staffView.items).toHaveLength(2);
    expect(staffView.canAdd).toBe(false);
    const seen = await fetchPhoto(people.plumber, first.url);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-disposition')).toContain(`filename="${number}-`);
    expect((await fetchPhoto(people.admin, second.thumbUrl)).status).toBe(200);

    // Another student and staff of another trade: neither the list nor the photo exists for them.
    expect((await people.otherStudent.get(`/api/complaints/${number}/photos`)).status).toBe(404);
    expect((await fetchPhoto(people.otherStudent, first.url)).status).toBe(404);
    expect((await fetchPhoto(people.otherStudent, first.thumbUrl)).status).toBe(404);
    expect((await people.electrician.get(`/api/complaints/${number}/photos`)).status).toBe(404);
    expect((await fetchPhoto(people.electrician, first.url)).status).toBe(404);
    expect((await fetch(`${portal.baseUrl}${first.url}`)).status).toBe(401);

    const [trail] = await portal.app.db.select().from(auditLog).where(eq(auditLog.action, 'complaint.photos'));
    expect(trail?.targetId).toBe(number);
  });

  it("files nothing when a photo is not the student's own, or already used", async () => {
    const theirs = await uploaded(people.otherStudent);
    const before = (await people.owner.get('/api/complaints/mine')).body.items as unknown[];
    const refused = await people.owner.post('/api/complaints', aComplaint({ photoIds: [theirs.id] }));
    expect(refused.status).toBe(422);
    expect(refused.body.error?.message).toBe('A photo could not be attached: it has expired or was already sent. Remove it and add it again.');
    expect((await people.owner.get('/api/complaints/mine')).body.items).toHaveLength(before.length);
    const [row] = await portal.app.db.select().from(photos).where(eq(photos.id, theirs.id));
    expect(row?.complaintId).toBeNull();

    const mine = await uploaded(people.owner);
    expect((await people.owner.post('/api/complaints', aComplaint({ photoIds: [mine.id] }))).status).toBe(201);
    const again = await people.owner.post('/api/complaints', aComplaint({ photoIds: [mine.id] }));
    expect(again.status).toBe(422);
    expect((await people.owner.get('/api/complaints/mine')).body.items).toHaveLength(before.length + 1);
  });

  it('a retry of a filing with photos answers with the same complaint', async () => {
    const photo = await uploaded(people.owner);
    const body = aComplaint({ photoIds: [photo.id] });
    const first = await people.owner.post('/api/complaints', body, 'photo-retry-key-1');
    const retry = await people.owner.post('/api/complaints', body, 'photo-retry-key-1');
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body.number).toBe(first.body.number);
  });

  it('counts: at most 4 a time, 12 waiting, 12 on a complaint', async () => {
    const student = await ApiClient.withSession(portal, { email: 'photo.counter@vitbhopal.ac.in', name: 'Photo Counter 21BCE10023' });
    const tiny = await aPhoneJpeg({ width: 80, height: 60 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await uploaded(student, tiny)).id);
    const thirteenth = await uploadPhoto(student, tiny);
    expect(thirteenth.status).toBe(422);
    expect(thirteenth.body.error?.code).toBe('too_many_pending_photos');

    const five = await student.post('/api/complaints', aComplaint({ photoIds: ids.slice(0, 5) }));
    expect(five.status).toBe(400);
    expect(five.body.error?.fields?.photoIds).toBe('Attach at most 4 photos at a time');

    const filed = await student.post('/api/complaints', aComplaint({ photoIds: ids.slice(0, 4) }));
    const number = String(filed.body.number);
    expect((await student.send('POST', `/api/complaints/${number}/photos`, { photoIds: ids.slice(4, 8) })).status).toBe(200);
    const full = await student.send('POST', `/api/complaints/${number}/photos`, { photoIds: ids.slice(8, 12) });
    expect((full.body as unknown as ListBody).items).toHaveLength(12);

    const extra = await uploaded(student, tiny);
    const over = await student.send('POST', `/api/complaints/${number}/photos`, { photoIds: [extra.id] });
    expect(over.status).toBe(422);
    expect(over.body.error?.message).toBe('A complaint can have at most 12 photos.');
    expect(((await student.get(`/api/complaints/${number}/photos`)).body as unknown as ListBody).items).toHaveLength(12);
  });

  it('lets only the student add photos later, and only while the complaint is not finished', async () => {
    const fileOne = async () => String((await people.owner.post('/api/complaints', aComplaint({ category: 'water', subCategory: 'Shower' }))).body.number);
    const addTo = async (number: string) => people.owner.send('POST', `/api/complaints/${number}/photos`, { photoIds: [(await uploaded(people.owner)).id] });
    const number = await fileOne();
    const theirs = await uploaded(people.otherStudent);
    expect((await people.otherStudent.send('POST', `/api/complaints/${number}/photos`, { photoIds: [theirs.id] })).status).toBe(404);

    expect((await addTo(number)).status).toBe(200);

    // Resolved is not finished: the student may be showing the team it is not fixed (as a reply may).
    expect((await people.plumber.post(`/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Fixed' })).status).toBe(200);
    expect(((await people.owner.get(`/api/complaints/${number}/photos`)).body as unknown as ListBody).canAdd).toBe(true);
    const onResolved = await addTo(number);
    expect(onResolved.status, JSON.stringify(onResolved.body)).toBe(200);

    // Closed, rejected and withdrawn are finished: one answer, naming the complaint and its status.
    expect((await people.owner.post(`/api/complaints/${number}/confirm`, {})).status).toBe(200);
    const rejected = await fileOne();
    expect((await people.plumber.post(`/api/staff/complaints/${rejected}/transitions`, { to: 'rejected', note: 'Not a water problem' })).status).toBe(200);
    const withdrawn = await fileOne();
    expect((await people.owner.send('POST', `/api/complaints/${withdrawn}/withdraw`)).status).toBe(200);
    for (const [finished, label] of [[number, 'closed'], [rejected, 'rejected'], [withdrawn, 'withdrawn']] as const) {
      const refused = await addTo(finished);
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('complaint_finished');
      expect(refused.body.error?.message).toBe(`${finished} is ${label}: it takes no more photos. File a new complaint if something is still wrong.`);
      expect(((await people.owner.get(`/api/complaints/${finished}/photos`)).body as unknown as ListBody).canAdd).toBe(false);
    }
  });

  it('photos added after filing are a timeline entry both sides read, between the replies (issue 40)', async () => {
    const number = String((await people.owner.post('/api/complaints', aComplaint({ category: 'water', subCategory: 'Shower' }))).body.number);
    expect((await people.plumber.post(`/api/staff/complaints/${number}/replies`, { text: 'Can you show us the tap?', internal: false })).status).toBe(204);
    const two = [(await uploaded(people.owner)).id, (await uploaded(people.owner)).id];
    expect((await people.owner.send('POST', `/api/complaints/${number}/photos`, { photoIds: two })).status).toBe(200);

    type Entry = { kind: string; note: string; fromStudent?: boolean };
    const studentTimeline = (await people.owner.get(`/api/complaints/${number}`)).body.timeline as Entry[];
    expect(studentTimeline.map((e) => e.kind).slice(-2)).toEqual(['reply', 'photos']);
    expect(studentTimeline.at(-1)).toMatchObject({ kind: 'photos', note: '2', fromStudent: true });
    const staffTimeline = (await people.plumber.get(`/api/staff/complaints/${number}`)).body.timeline as Entry[];
    expect(staffTimeline.at(-1)).toMatchObject({ kind: 'photos', note: '2' });
  });

  it('staff add "after" photos when resolving, and the student sees them', async () => {
    const number = String((await people.owner.post('/api/complaints', aComplaint({ category: 'water', subCategory: 'Shower' }))).body.number);
    const after = await uploaded(people.plumber, await aPhoneJpeg({ colour: '#2ecc71' }));

    const wrongStep = await people.plumber.post(`/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '', photoIds: [after.id] });
    expect(wrongStep.status).toBe(422);

    const resolved = await people.plumber.post(`/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'New shower head fitted', photoIds: [after.id] });
    expect(resolved.status).toBe(200);
    const list = (await people.owner.get(`/api/complaints/${number}/photos`)).body as unknown as ListBody;
    expect(list.items.map((p) => [p.id, p.stage])).toEqual([[after.id, 'after']]);
    expect((await fetchPhoto(people.owner, after.url)).status).toBe(200);
  });

  it("keeps a confidential complaint's photos to the student and the anti-ragging duty", async () => {
    const photo = await uploaded(people.owner);
    const filed = await people.owner.post('/api/complaints', aComplaint({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', photoIds: [photo.id] }));
    const number = String(filed.body.number);

    const desk = await people.othersDesk.get(`/api/complaints/${number}/photos`);
    expect(desk.status).toBe(200);
    expect(desk.body).toMatchObject({ items: [], withheld: 1 });
    expect((await fetchPhoto(people.othersDesk, photo.url)).status).toBe(404);
    expect((await fetchPhoto(people.othersDesk, photo.thumbUrl)).status).toBe(404);

    expect(((await people.duty.get(`/api/complaints/${number}/photos`)).body as unknown as ListBody).items).toHaveLength(1);
    expect((await fetchPhoto(people.duty, photo.url)).status).toBe(200);
    expect((await fetchPhoto(people.owner, photo.url)).status).toBe(200);
    expect((await fetchPhoto(people.otherStudent, photo.url)).status).toBe(404);
  });

  it('removes uploads nobody attached, and keeps attached ones', async () => {
    const abandoned = await uploaded(people.owner);
    const kept = await uploaded(people.owner);
    await people.owner.post('/api/complaints', aComplaint({ photoIds: [kept.id] }));

    expect(await removeAbandonedUploads(portal.app.db, portal.app.photoStorage, 0)).toBeGreaterThanOrEqual(1);
    expect((await fetchPhoto(people.owner, abandoned.url)).status).toBe(404);
    expect(await portal.app.db.select().from(photos).where(eq(photos.id, abandoned.id))).toEqual([]);
    expect((await fetchPhoto(people.owner, kept.url)).status).toBe(200);
  });
});

describe('photo upload rate', () => {
  let portal: TestApp;
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses the upload past the hourly limit with 429 and a message', async () => {
    portal = await startTestApp({ RATE_LIMIT_PHOTOS_PER_HOUR: '2' });
    const student = await ApiClient.withSession(portal, { email: 'photo.rate@vitbhopal.ac.in', name: 'Photo Rate 21BCE10024' });
    const tiny = await aPhoneJpeg({ width: 40, height: 30 });
    expect((await uploadPhoto(student, tiny)).status).toBe(201);
    expect((await uploadPhoto(student, tiny)).status).toBe(201);
    const third = await uploadPhoto(student, tiny);
    expect(third.status, JSON.stringify(third.body)).toBe(429);
    expect(third.body.error?.message).toMatch(/^You have uploaded as many photos as the portal takes in an hour\. You can add more photos after \d\d:\d\d\.$/);
    // Another student has their own allowance.
    const other = await ApiClient.withSession(portal, { email: 'photo.rate2@vitbhopal.ac.in', name: 'Photo Ratetwo 21BCE10025' });
    expect((await uploadPhoto(other, tiny)).status).toBe(201);
  });
});

describe('photos kept in S3-compatible storage', () => {
  let s3: LocalS3;
  let portal: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    portal = await startTestApp({ ...RELAXED_LIMITS, ...s3.env });
  });
  afterAll(async () => {
    await portal?.close();
    await s3?.close();
  });

  it('writes the bytes to the bucket, not the database, serves them, and removes abandoned ones', async () => {
    expect(portal.app.photoStorage.kind).toBe('s3');
    const student = await ApiClient.withSession(portal, { email: 'photo.s3@vitbhopal.ac.in', name: 'Photo Sthree 21BCE10026' });
    const photo = await uploaded(student, await aPhoneJpeg({ width: 2000, height: 1500 }));
    const [row] = await portal.app.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row).toMatchObject({ storage: 's3' });
    expect(row?.storedAt).not.toBeNull();
    expect(await portal.app.photoStorage.get(portal.app.db, photo.id, 'full')).not.toBeNull();

    const filed = await student.post('/api/complaints', aComplaint({ photoIds: [photo.id] }));
    expect(filed.status).toBe(201);
    const full = await fetchPhoto(student, photo.url);
    expect(full.status).toBe(200);
    const meta = await sharp(full.bytes).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 1600, undefined]);

    const abandoned = await uploaded(student);
    expect(await removeAbandonedUploads(portal.app.db, portal.app.photoStorage, 0)).toBe(1);
    expect(await portal.app.photoStorage.get(portal.app.db, abandoned.id, 'full')).toBeNull();
    expect(await portal.app.photoStorage.get(portal.app.db, abandoned.id, 'thumb')).toBeNull();
    expect((await fetchPhoto(student, photo.thumbUrl)).status).toBe(200);
  });
});
