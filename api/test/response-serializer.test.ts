// The API's response serializer: the job search's page is written by fast-json-stringify (less CPU and
// garbage than zod's parse-then-stringify), and it must write what zod would, field for field.
import Fastify, { type FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { jobListAnswer } from '../src/contract';
import { checkJsonText, responseSerializerCompiler } from '../src/lib/response-serializer';

const job = (i: number, extra: Record<string, unknown> = {}) => ({
  _id: `a1b2c3d4-0000-4000-8000-00000000000${i}`,
  userId: `u-${i}`,
  jobTitle: 'Senior "Data" Engineer \u2028 ünïcode',
  companyName: 'Cedar Iron Labs',
  jobLocation: 'Hybrid',
  address: 'Bengaluru, Karnataka',
  companyLogo: '',
  logo: i % 2 ? null : '/api/companies/logo/x.png',
  industry: 'it',
  experience: '3-6',
  jobType: 'Full-time',
  salaryRange: '12-18',
  requiredSkills: ['react', 'node.js'],
  jobDescription: ['Build <things>', 'and\nmore'],
  notes: [],
  status: 'active',
  totalReferrals: i,
  referralBonus: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  isApplied: i === 1,
  verifiedAtCompany: i % 3 === 0 ? null : 'confirmed',
  ...(i % 2 ? { verifiedDomain: 'cedar.example' } : {}),
  ...(i % 2 ? {} : { responsiveness: { received: 4, answered: 3, medianAnswerSeconds: null } }),
  ...extra,
});

const page = (extra: Record<string, unknown> = {}) => ({
  success: true,
  data: [0, 1, 2, 3].map((i) => job(i, extra)),
  total: 1000,
  totalCapped: true,
  company: null,
  start: 0,
  limit: 9,
});

const route = {
  schema: jobListAnswer,
  method: 'POST',
  url: '/api/jobPost/getAllJobPost',
  httpStatus: '200',
};
const zodWrite = (serializerCompiler as FastifySerializerCompiler<unknown>)(route);

describe('the job page serializer', () => {
  it('writes what zod writes, nulls, optional fields and escapes included', () => {
    const fast = responseSerializerCompiler(false)(route);
    expect(JSON.parse(fast(page()))).toEqual(JSON.parse(zodWrite(page())));
  });

  it('leaves out a field the schema does not list, as zod does', () => {
    const fast = responseSerializerCompiler(false)(route);
    const written = JSON.parse(fast(page({ email: 'secret@example.com' })));
    expect(written.data[0]).not.toHaveProperty('email');
  });

  it('in the test suite, refuses a field the schema would drop', () => {
    const strict = responseSerializerCompiler(true)(route);
    expect(() => strict(page({ email: 'secret@example.com' }))).toThrow(/drops data\[0\]\.email/);
    expect(JSON.parse(strict(page()))).toEqual(JSON.parse(zodWrite(page())));
  });
});

describe('a job page sent as JSON text, in the test suite', () => {
  /** A route of the job page's schema that sends `text` as it is (as the search sends the database's JSON). */
  async function sending(text: string) {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler(true));
    checkJsonText(app);
    app.post('/page', { schema: { response: { 200: jobListAnswer } } }, (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(text),
    );
    const res = await app.inject({ method: 'POST', url: '/page' });
    await app.close();
    return res;
  }

  it('goes out as it is when the schema writes the same JSON', async () => {
    const text = JSON.stringify(page());
    const res = await sending(text);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(text);
  });

  it('fails when it holds a field the schema does not list or a value it refuses', async () => {
    expect((await sending(JSON.stringify(page({ email: 'secret@example.com' })))).statusCode).toBe(
      500,
    );
    expect((await sending(JSON.stringify(page({ isApplied: 'no' })))).statusCode).toBe(500);
  });
});
