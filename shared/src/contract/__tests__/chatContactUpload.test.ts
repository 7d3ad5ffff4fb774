import { createMessageRequest, getMessagesQuery } from '../chat';
import { contactUsRequest } from '../contact';
import { MAX_UPLOAD_BYTES, MESSAGES, RESUME_ACCEPT } from '../constants';
import { sendReferralRequestRequest, updateReferralStatusRequest } from '../referral';
import { isImageFile, isResumeFile, isWithinUploadLimit } from '../upload';

const id = '0b5d8e59-8a4e-4a8f-9d6e-2f4b7f3b7a11';

describe('chat, referral, contact and upload contract', () => {
  it('refuses a blank message and one over 2000 characters, and trims the rest', () => {
    const base = { chatId: id, senderId: id, sender: 'Ana' };
    expect(createMessageRequest.safeParse({ ...base, content: '   ' }).success).toBe(false);
    expect(createMessageRequest.safeParse({ ...base, content: 'x'.repeat(2001) }).success).toBe(
      false,
    );
    expect(createMessageRequest.parse({ ...base, content: ' hi ' }).content).toBe('hi');
  });

  it('loads messages page 1, 20 at a time, by default', () => {
    expect(getMessagesQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('needs job, target and user ids to send a referral request, and only approves or declines', () => {
    expect(sendReferralRequestRequest.safeParse({ jobPostId: id, userId: id }).success).toBe(false);
    expect(updateReferralStatusRequest.safeParse({ status: 'pending' }).success).toBe(false);
    expect(updateReferralStatusRequest.parse({ status: 'approved' }).status).toBe('approved');
  });

  it('requires all five contact fields', () => {
    const r = contactUsRequest.safeParse({ firstName: 'Ana', email: 'ana@example.com' });
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(['lastName', 'phone', 'message']);
    expect(
      contactUsRequest.safeParse({
        firstName: 'Ana',
        lastName: 'Rao',
        email: 'ana@example.com',
        phone: '+91 98765 43210',
        message: 'Hello',
      }).success,
    ).toBe(true);
  });

  it('recognises resumes and images by extension or type, within 5 MB', () => {
    expect(isResumeFile({ name: 'cv.DOCX', type: '' })).toBe(true);
    expect(isResumeFile({ name: 'cv', type: 'application/pdf' })).toBe(true);
    expect(isResumeFile({ name: 'cv.txt', type: 'text/plain' })).toBe(false);
    expect(isImageFile({ name: 'me.png', type: 'image/png' })).toBe(true);
    expect(isWithinUploadLimit({ size: MAX_UPLOAD_BYTES })).toBe(true);
    expect(isWithinUploadLimit({ size: MAX_UPLOAD_BYTES + 1 })).toBe(false);
    expect(RESUME_ACCEPT).toContain('.docx');
  });

  it('words the empty-list toast with the status', () => {
    expect(MESSAGES.noRequestsOfStatus('approved')).toBe('No approved requests found');
  });
});
