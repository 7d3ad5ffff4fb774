import { useState } from 'react';
import { blockUser, Button, errorMessage, toast } from '@referio/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

export interface BlockButtonProps {
  userId: string;
  /** Their name, for the button's accessible name and the confirmation. */
  name: string;
  onBlocked?: () => void;
  size?: 'sm' | 'md';
}

/** "Block": after a confirmation, POST /trust/block (undone from the profile's blocked users). */
export function BlockButton({ userId, name, onBlocked, size = 'sm' }: BlockButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const { message } = await blockUser(userId);
      toast.success(message);
      setOpen(false);
      onBlocked?.();
    } catch (e) {
      toast.error(errorMessage(e, 'Could not block them. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size={size}
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={`Block ${name}`}
      >
        Block
      </Button>
      <ConfirmDialog
        open={open}
        title={`Block ${name}?`}
        message={`${name} will no longer be able to send you requests or messages, and their jobs and requests leave your lists. You can unblock them from your profile.`}
        confirmLabel="Block"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
