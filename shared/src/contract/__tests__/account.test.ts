import { sendOtpRequest, updateNameRequest, verifyOtpRequest } from '../account';
import { safeReturnPath } from '../returnPath';

describe('account contract', () => {
  it('normalises the e-mail and accepts string or number role ids', () => {
    expect(sendOtpRequest.parse({ email: '  Ana@Example.COM ', roleId: '1' })).toEqual({
      email: 'ana@example.com',
      roleId: 1,
    });
    expect(sendOtpRequest.parse({ email: 'ana@example.com', roleId: 0 }).roleId).toBe(0);
  });

  it('refuses a malformed e-mail, an unknown role and a code that is not 4 digits', () => {
    const bad = sendOtpRequest.safeParse({ email: 'nope', roleId: 7 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid email address',
      'Please choose Applicant or Referrer',
    ]);
    const otp = verifyOtpRequest.safeParse({ email: 'a@b.co', otp: '12a4', roleId: 0 });
    expect(otp.error?.issues[0]?.message).toBe('Please enter a valid OTP');
  });

  it('takes a return path of this site only (`next`), and refuses every other kind with a message', () => {
    expect(
      sendOtpRequest.parse({ email: 'ana@example.com', roleId: 0, next: '/job-details/7?x=1' })
        .next,
    ).toBe('/job-details/7?x=1');
    for (const next of [
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/sign-up?next=/x',
      'job',
    ]) {
      const res = sendOtpRequest.safeParse({ email: 'ana@example.com', roleId: 0, next });
      expect(res.error?.issues.map((i) => i.message)).toEqual([
        'Please give a page of this site to return to',
      ]);
      expect(safeReturnPath(next)).toBeNull();
    }
    expect(safeReturnPath('/job-details/1\tx')).toBeNull();
  });

  it('checks a name: trimmed, required, at most 100 characters, letters, not an address', () => {
    expect(updateNameRequest.parse({ fullName: '  Ana Rao ' })).toEqual({ fullName: 'Ana Rao' });
    expect(updateNameRequest.parse({ fullName: 'Zoë Ó Súilleabháin' }).fullName).toBe(
      'Zoë Ó Súilleabháin',
    );
    const message = (fullName: unknown) =>
      updateNameRequest.safeParse({ fullName }).error?.issues[0]?.message;
    expect(message('  ')).toBe('Please enter your name.');
    expect(message(undefined)).toBe('Please enter your name.');
    expect(message('a'.repeat(101))).toBe('Your name must be at most 100 characters.');
    expect(message('ana@example.com')).toBe('Please enter your name, not an email address.');
    expect(message('12 34')).toBe('Your name must contain letters.');
  });
});
