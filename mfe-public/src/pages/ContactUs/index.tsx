import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  CONTACT_REDIRECT_DELAY_MS,
  MESSAGES,
  TextAreaField,
  TextField,
  createContactUs,
  errorMessage,
  toast,
  type ContactUsRequest,
  useDocumentHead,
  paths,
} from '@referio/shared';
import { contactUsRequest } from '@referio/shared/contract';
import '../../components/InfoPage.css';
import { heads } from '../../ssr/heads';

/** Where people reach us (shown beside the form). */
export const SUPPORT_EMAIL = 'support@referio.com';
export const SUPPORT_HOURS = 'Monday to Friday, 10:00–18:00 IST';

/** /contact-us: five required fields, then home 2 s after 'Message sent successfully!'. */
export default function ContactUs() {
  useDocumentHead(heads.ContactUs);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<ContactUsRequest>({
    resolver: zodResolver(contactUsRequest),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createContactUs(values);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.contactFailed));
      throw err; // keeps the form unsent
    }
    toast.success(MESSAGES.contactSent);
    reset(values);
    timer.current = setTimeout(() => void navigate(paths.home()), CONTACT_REDIRECT_DELAY_MS);
  });

  return (
    <section className="rf-info" aria-labelledby="rf-contact-title">
      <header>
        <h1 id="rf-contact-title">Contact Us</h1>
        <p className="rf-info__lead">
          Questions about referrals, your account or a job post? Write to us and we will answer by
          e-mail.
        </p>
      </header>
      <div className="rf-contact">
        <form
          className="rf-stack rf-card"
          noValidate
          aria-label="Contact form"
          onSubmit={(e) => void onSubmit(e).catch(() => undefined)}
        >
          <div className="rf-contact__names">
            <TextField
              label="First name"
              autoComplete="given-name"
              required
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              required
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            required
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextAreaField
            label="Message"
            rows={5}
            required
            error={errors.message?.message}
            {...register('message')}
          />
          <Button
            type="submit"
            busy={isSubmitting}
            busyLabel="Sending..."
            disabled={isSubmitSuccessful}
          >
            Send message
          </Button>
        </form>
        <aside className="rf-contact__details rf-card" aria-labelledby="rf-contact-details">
          <h2 id="rf-contact-details">Reach us</h2>
          <dl>
            <dt>Support e-mail</dt>
            <dd>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </dd>
            <dt>Hours</dt>
            <dd>{SUPPORT_HOURS}</dd>
            <dt>Response time</dt>
            <dd>Within two working days</dd>
          </dl>
        </aside>
      </div>
    </section>
  );
}
