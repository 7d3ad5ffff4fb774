import { useEffect, useState } from 'react';
import {
  Button,
  errorMessage,
  formatDate,
  getBlockedUsers,
  toast,
  unblockUser,
  type BlockedUser,
} from '@referio/shared';

/**
 * The profile's "Blocked users", each with Unblock: a block is undone here (docs/trust-and-safety.md).
 * Shows nothing while there are none.
 */
export function BlockedUsers() {
  const [users, setUsers] = useState<BlockedUser[] | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    getBlockedUsers().then(
      (u) => live && setUsers(u),
      () => live && setUsers([]),
    );
    return () => {
      live = false;
    };
  }, [tick]);
  if (!users || users.length === 0) return null;
  const unblock = async (u: BlockedUser) => {
    try {
      const { message } = await unblockUser(u._id);
      toast.success(message);
    } catch (e) {
      toast.error(errorMessage(e, 'Could not unblock them. Try again.'));
    }
    setTick((t) => t + 1);
  };
  return (
    <section className="rf-card rf-blocked" aria-labelledby="rf-blocked-title">
      <h2 id="rf-blocked-title">Blocked users</h2>
      <ul>
        {users.map((u) => (
          <li key={u._id}>
            {u.fullName || u.email} · blocked on{' '}
            <time dateTime={u.blockedAt}>{formatDate(u.blockedAt)}</time>{' '}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void unblock(u)}
              aria-label={`Unblock ${u.fullName || u.email}`}
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
