import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterOperatorAction, errorMessage, toast } from '@referio/shared';

export const ACTION_FAILED = 'That did not work. Try again.';

/**
 * Runs an operator action: `done` as a toast when it worked, the server's refusal as a toast when not;
 * either way every section of the console loads again. Answers whether it worked.
 */
export function useOperatorAction(): (
  action: () => Promise<unknown>,
  done: string,
) => Promise<boolean> {
  const client = useQueryClient();
  return useCallback(
    async (action, done) => {
      try {
        await action();
        toast.success(done);
        return true;
      } catch (e) {
        toast.error(errorMessage(e, ACTION_FAILED));
        return false;
      } finally {
        await afterOperatorAction(client);
      }
    },
    [client],
  );
}
