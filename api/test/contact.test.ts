import { contactMessages } from '../src/db/schema';
import { setupTestContext } from './helper';
import { call } from './market-fixtures';

const ctx = setupTestContext();

const message = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'Asha@Example.com',
  phone: '+91 98765 43210',
  message: 'Hello there',
};

describe('POST /api/contactus/createContactUs', () => {
  it('stores the message and answers the spec text, without a session', async () => {
    const app = await ctx.build();
    const res = await call(app, null, 'POST', '/contactus/createContactUs', message);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Message sent successfully!' });
    const rows = await app.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, email: 'asha@example.com' });
  });

  it('refuses a missing field with its message and stores nothing', async () => {
    const app = await ctx.build();
    const res = await call(app, null, 'POST', '/contactus/createContactUs', {
      ...message,
      lastName: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Last name is required');
    expect(await app.db.$count(contactMessages)).toBe(0);
  });
});
