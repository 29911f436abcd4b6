import { inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { complaints } from '../../db/schema.js';
import { aCleaningRequest, aComplaint } from '../../../../tests/factories/complaints.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

let portal: TestApp;

const it = portalTest({ env: RELAXED_LIMITS });
it.beforeAll(({ portal: app }) => {
  portal = app;
});

type Listed = Array<{ number: string; status: string }>;

describe("the student's list by state", () => {
  it('finds an old unfinished complaint behind twenty newer finished requests', async ({ newStudent: student }) => {
    const old = String((await student.post('/api/complaints', aComplaint())).body.number);
    const resolved = String((await student.post('/api/complaints', aComplaint({ roomNo: '313' }))).body.number);
    const cleanings: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      cleanings.push(String((await student.post('/api/cleaning-requests', aCleaningRequest({ roomNo: 200 + i }))).body.number));
    }
    // Weekly cleaning: done and closed long after the complaint was filed.
    const { db } = portal.database;
    await db.update(complaints).set({ status: 'closed' }).where(inArray(complaints.number, cleanings));
    await db.update(complaints).set({ status: 'resolved' }).where(inArray(complaints.number, [resolved]));
    await db.execute(sql`update complaints set created_at = created_at - interval '30 days' where number in (${old}, ${resolved})`);

    const everything = await student.get('/api/complaints/mine');
    expect((everything.body.items as Listed).map((c) => c.number)).not.toContain(old);

    const unfinished = await student.get('/api/complaints/mine?state=unfinished');
    expect(unfinished.status).toBe(200);
    // A resolved complaint waits for the student's answer: it is not finished.
    expect((unfinished.body.items as Listed).map((c) => c.number).sort()).toEqual([old, resolved].sort());
    expect(unfinished.body.nextCursor).toBeNull();

    const finished = await student.get('/api/complaints/mine?state=finished&limit=100');
    expect((finished.body.items as Listed).map((c) => c.number).sort()).toEqual([...cleanings].sort());
  });

  it('pages within the state filter', async ({ newStudent: student }) => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      numbers.push(String((await student.post('/api/complaints', aComplaint({ roomNo: `${400 + i}` }))).body.number));
      await student.post('/api/cleaning-requests', aCleaningRequest({ roomNo: 400 + i }));
    }
    await portal.database.db.update(complaints).set({ status: 'closed' }).where(sql`${complaints.kind} = 'cleaning'`);
    const first = await student.get('/api/complaints/mine?state=unfinished&limit=2');
    const second = await student.get(`/api/complaints/mine?state=unfinished&limit=2&cursor=${String(first.body.nextCursor)}`);
    expect([...(first.body.items as Listed), ...(second.body.items as Listed)].map((c) => c.number)).toEqual([...numbers].reverse());
    expect(second.body.nextCursor).toBeNull();
  });

  it('refuses a state it does not know, naming the field', async ({ newStudent: student }) => {
    const { status, body } = await student.get('/api/complaints/mine?state=pending');
    expect(status).toBe(400);
    expect(body.error?.fields).toHaveProperty('state');
  });

  it('documents the filter in the OpenAPI document', async () => {
    const response = await fetch(`${portal.baseUrl}/api/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }> } }>;
    };
    const state = document.paths['/api/complaints/mine']?.get?.parameters?.find((p) => p.name === 'state');
    expect(state).toMatchObject({ in: 'query', schema: { enum: ['unfinished', 'waiting', 'finished'] } });
  });
});
