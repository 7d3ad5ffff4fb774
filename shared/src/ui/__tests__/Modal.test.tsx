import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { Modal } from '../Modal';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open details</Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Job details">
        <input aria-label="Note" />
        <Button>Save</Button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title, rendered outside the page tree', async () => {
    const user = userEvent.setup();
    const { container } = render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = screen.getByRole('dialog', { name: 'Job details' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
  });

  it('moves focus in and keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const note = screen.getByRole('textbox', { name: 'Note' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(note).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a confirm dialog offers its own cancel and confirm labels', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        open
        title="Confirm Decline"
        message="Decline this request?"
        cancelLabel="Cancel"
        confirmLabel="Yes, Decline"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Confirm Decline' })).toHaveAccessibleDescription(
      'Decline this request?',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, Decline' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
