import { sendOtpRequest, verifyOtpRequest } from '../account';

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
});
