import { todayIsoDate } from '../lists';
import { updateProfileRequest, profileFormSchema } from '../profile';

const valid = {
  fullName: 'Ana Rao',
  homeAddress: 'Pune',
  mobileNo: '9876543210',
  officeAddress: '',
  dateOfBirth: '1990-04-02',
  email: 'Ana@Example.com',
};
const messagesOf = (input: unknown) =>
  profileFormSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('profile contract', () => {
  it('accepts a complete profile and normalises the e-mail', () => {
    expect(profileFormSchema.parse(valid).email).toBe('ana@example.com');
  });

  it("says 'Email is required' for a blank e-mail and 'Please enter a valid email address' for a malformed one", () => {
    expect(messagesOf({ ...valid, email: '  ' })).toEqual(['Email is required']);
    expect(messagesOf({ ...valid, email: 'ana@' })).toEqual(['Please enter a valid email address']);
  });

  it('takes digits only for the mobile number, at most 10', () => {
    expect(messagesOf({ ...valid, mobileNo: '98765-4321' })).toEqual([
      'Mobile number must contain digits only',
    ]);
    expect(messagesOf({ ...valid, mobileNo: '98765432101' })).toEqual([
      'Mobile number must be at most 10 digits',
    ]);
    expect(messagesOf({ ...valid, mobileNo: '' })).toEqual([]);
  });

  it('refuses a date of birth later than today and accepts today', () => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(messagesOf({ ...valid, dateOfBirth: todayIsoDate(tomorrow) })).toEqual([
      'Date of birth cannot be later than today',
    ]);
    expect(messagesOf({ ...valid, dateOfBirth: todayIsoDate() })).toEqual([]);
  });

  it('wraps the form in { userId, roleId, updatedData } for the update call', () => {
    const body = updateProfileRequest.parse({
      userId: '0b5d8e59-8a4e-4a8f-9d6e-2f4b7f3b7a11',
      roleId: '1',
      updatedData: { ...valid, skills: ['React'], summary: 'Engineer' },
    });
    expect(body.roleId).toBe(1);
    expect(body.updatedData.skills).toEqual(['React']);
  });
});
