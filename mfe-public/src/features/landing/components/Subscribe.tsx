import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  MESSAGES,
  TextField,
  createSubscribe,
  errorMessage,
  subscribeRequest,
  toast,
  type SubscribeRequest,
} from '@referio/shared';

/** Subscribe by e-mail: the server's message on success, its message or the spec's fallback on failure. */
export function SubscribeSection() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubscribeRequest>({ resolver: zodResolver(subscribeRequest) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await createSubscribe({ email: values.email });
      toast.success(answer.message || 'Subscribed successfully!');
      reset();
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.subscribeFailed));
    }
  });

  return (
    <section className="rf-landing__section rf-subscribe" aria-labelledby="rf-landing-subscribe">
      <h2 id="rf-landing-subscribe">Get new jobs in your inbox</h2>
      <p>Subscribe and we will e-mail you when companies post new roles.</p>
      <form className="rf-subscribe__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label="Email for new job alerts"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" busy={isSubmitting} busyLabel="Subscribing...">
          Subscribe
        </Button>
      </form>
    </section>
  );
}
