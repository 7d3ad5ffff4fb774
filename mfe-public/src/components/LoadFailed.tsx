import { Button, EmptyState, errorMessage } from '@referio/shared';

/** A page whose data could not be read: what failed, the reason, and 'Try again'. */
export function LoadFailed({
  title,
  error,
  retry,
}: {
  title: string;
  error: unknown;
  retry: () => void;
}) {
  return (
    <EmptyState
      title={title}
      description={errorMessage(error, 'Please try again later.')}
      action={
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      }
    />
  );
}
