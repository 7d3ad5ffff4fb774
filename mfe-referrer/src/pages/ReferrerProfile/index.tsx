import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EmailChangeDialog,
  Button,
  EmailPreferences,
  IMAGE_ACCEPT,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  ROLE_REFERRER,
  Spinner,
  TextAreaField,
  TextField,
  formatDate,
  isAcceptedFile,
  messageWithReason,
  profileImgUpload,
  todayIsoDate,
  toast,
  updateById,
  useCurrentUser,
  useSessionStore,
  profileQueries,
  afterProfileChange,
  type Profile,
} from '@referio/shared';
import { dateOfBirthSchema, profileEmailSchema } from '@referio/shared/contract';
import { TagInput } from '../../components/TagInput';

const NOT_AN_IMAGE = 'Please choose a JPG, PNG, GIF or WEBP image.';
import '../../referrer.css';

interface Form {
  fullName: string;
  homeAddress: string;
  mobileNo: string;
  officeAddress: string;
  dateOfBirth: string;
  email: string;
  position: string;
  overAllExperience: string;
  summary: string;
  skills: string[];
}

const toForm = (p: Profile): Form => ({
  fullName: p.fullName ?? '',
  homeAddress: p.homeAddress ?? '',
  mobileNo: p.mobileNo ?? '',
  officeAddress: p.officeAddress ?? '',
  dateOfBirth: p.dateOfBirth ?? '',
  email: p.email ?? '',
  position: p.position ?? '',
  overAllExperience:
    p.overAllExperience === null || p.overAllExperience === undefined
      ? ''
      : String(p.overAllExperience),
  summary: p.summary ?? '',
  skills: p.skills ?? [],
});

const emailError = (v: string): string | null => {
  const r = profileEmailSchema.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? MESSAGES.emailInvalid);
};
const dobError = (v: string): string | null => {
  const r = dateOfBirthSchema.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
};

/** 'referrarProfile': the candidate profile's fields without the resume, plus the work e-mail history. */
export default function ReferrerProfile() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const queryClient = useQueryClient();
  const setUser = useSessionStore((s) => s.setUser);
  const photo = useSessionStore((s) => s.profileImageLink);
  const setPhoto = useSessionStore((s) => s.setProfileImageLink);

  const profile = useQuery(profileQueries.referrer(userId));
  useEffect(() => {
    if (profile.isError) toast.error(MESSAGES.profileLoadFailed, { toastId: 'rr-profile' });
  }, [profile.isError]);

  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<{ email?: string | null; dateOfBirth?: string | null }>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  /** A new e-mail waiting for the code sent to it (the save kept the old one meanwhile). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  useEffect(() => {
    if (profile.data) setForm(toForm(profile.data));
  }, [profile.data]);

  if (!form) {
    return (
      <section className="rr-page" aria-labelledby="rr-profile-title">
        <h1 id="rr-profile-title">Profile</h1>
        {profile.isError ? (
          <p>{MESSAGES.profileLoadFailed}</p>
        ) : (
          <Spinner label="Loading profile" />
        )}
      </section>
    );
  }

  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const text = (key: Exclude<keyof Form, 'skills'>) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set({ [key]: e.target.value }),
  });

  const onPhoto = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') || !isAcceptedFile(file, IMAGE_ACCEPT)) {
      toast.error(`${MESSAGES.profileImageUploadFailed}\n${NOT_AN_IMAGE}`);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast.error(MESSAGES.profileImageTooLarge);
      return;
    }
    setUploading(true);
    try {
      const answer = await profileImgUpload(file, userId);
      setPhoto(answer.profileImageLink);
      if (user) setUser({ ...user, profileLink: answer.profileImageLink });
      toast.success(MESSAGES.profileImageUploaded);
    } catch (err) {
      console.error('[referio] profile image upload failed', err);
      toast.error(messageWithReason(err, MESSAGES.profileImageUploadFailed));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { email: emailError(form.email), dateOfBirth: dobError(form.dateOfBirth) };
    setErrors(next);
    if (next.email || next.dateOfBirth) return;
    const exp = form.overAllExperience.trim();
    setSaving(true);
    try {
      const saved = await updateById(userId, {
        userId,
        roleId: ROLE_REFERRER,
        updatedData: {
          fullName: form.fullName,
          homeAddress: form.homeAddress,
          mobileNo: form.mobileNo,
          officeAddress: form.officeAddress,
          dateOfBirth: form.dateOfBirth,
          email: form.email,
          position: form.position,
          overAllExperience: exp === '' ? null : Number(exp),
          summary: form.summary,
          skills: form.skills,
        },
      });
      if (user && saved) {
        setUser({
          ...user,
          fullName: saved.fullName ?? user.fullName,
          email: saved.email ?? user.email,
          overAllExperience: saved.overAllExperience ?? null,
          summary: saved.summary ?? '',
          skills: saved.skills ?? [],
        });
      }
      await afterProfileChange(queryClient, userId);
      toast.success(MESSAGES.profileUpdated);
      setPendingEmail(saved?.pendingEmail ?? null);
    } catch (err) {
      console.error('[referio] profile update failed', err);
      toast.error(MESSAGES.profileUpdateFailed);
    } finally {
      setSaving(false);
    }
  };

  const history = profile.data?.workEmailHistory ?? [];
  const photoUrl = photo ?? profile.data?.profileLink ?? null;

  return (
    <section className="rr-page" aria-labelledby="rr-profile-title">
      <h1 id="rr-profile-title">Profile</h1>
      <div className="rf-card rr-photo">
        {photoUrl ? (
          <img src={photoUrl} alt="Profile photo" className="rr-photo__img" />
        ) : (
          <span className="rr-photo__img rr-photo__placeholder" aria-hidden="true">
            {(form.fullName || form.email).slice(0, 1).toUpperCase()}
          </span>
        )}
        <label className="rf-btn rf-btn--secondary rf-btn--sm rr-photo__change">
          {uploading ? 'Uploading...' : 'Change photo'}
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            className="rf-visually-hidden"
            disabled={uploading}
            onChange={(e) => void onPhoto(e)}
          />
        </label>
      </div>

      <form className="rf-card rr-form rr-form--two" noValidate onSubmit={submit}>
        <TextField label="Full Name" autoComplete="name" {...text('fullName')} />
        <TextField label="Home Address" autoComplete="street-address" {...text('homeAddress')} />
        <TextField
          label="Mobile Number"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={10}
          value={form.mobileNo}
          onChange={(e) => set({ mobileNo: e.target.value.replace(/\D/g, '').slice(0, 10) })}
        />
        <TextField label="Work Address" {...text('officeAddress')} />
        <TextField
          label="Date of Birth"
          type="date"
          max={todayIsoDate()}
          value={form.dateOfBirth}
          error={errors.dateOfBirth}
          onChange={(e) => {
            set({ dateOfBirth: e.target.value });
            setErrors((x) => ({ ...x, dateOfBirth: dobError(e.target.value) }));
          }}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          error={errors.email}
          onChange={(e) => {
            set({ email: e.target.value });
            setErrors((x) => ({ ...x, email: emailError(e.target.value) }));
          }}
          onBlur={(e) => setErrors((x) => ({ ...x, email: emailError(e.target.value) }))}
        />
        <TextField label="Position" {...text('position')} />
        <TextField
          label="Experience (years)"
          type="number"
          min={0}
          max={60}
          {...text('overAllExperience')}
        />
        <TextAreaField label="Summary" rows={3} className="rr-span" {...text('summary')} />
        <div className="rr-span">
          <TagInput
            label="Skills"
            itemName="skill"
            separator=","
            items={form.skills}
            onChange={(skills) => set({ skills })}
            placeholder="Type a skill, then Enter or ','"
          />
        </div>
        <div className="rr-form__actions rr-span">
          <Button type="submit" busy={saving} busyLabel="Updating...">
            Update Profile
          </Button>
        </div>
      </form>

      <section className="rf-card rr-history" aria-labelledby="rr-history-title">
        <h2 id="rr-history-title">Work Email History</h2>
        {history.length === 0 ? (
          <p className="rr-muted">No verified work e-mail yet.</p>
        ) : (
          <table className="rr-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Company</th>
                <th scope="col">Start Date</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h._id}>
                  <td data-label="Email">{h.email}</td>
                  <td data-label="Company">{h.companyName}</td>
                  <td data-label="Start Date">{formatDate(h.startDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <EmailChangeDialog
        pendingEmail={pendingEmail}
        onClose={() => setPendingEmail(null)}
        onConfirmed={(changed) => {
          setPendingEmail(null);
          if (user) setUser({ ...user, email: changed.email });
          void afterProfileChange(queryClient, userId);
        }}
      />
      <EmailPreferences />
    </section>
  );
}
