import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
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

  it('adds no banner or contentinfo landmark to the page around it', () => {
    render(
      <Modal open onClose={() => undefined} title="Job Updated!" footer={<Button>OK</Button>}>
        <p>Saved</p>
      </Modal>,
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
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
  it('wraps Shift+Tab from the first control to the last one', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
  });

  it('gives focus back to the opener when closed with its × button', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps focus on the dialog itself when it has nothing else to focus', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button>Outside</Button>
        <Modal open onClose={() => undefined} title="Working" hideCloseButton>
          <p>Please wait</p>
        </Modal>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Working' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toHaveFocus();
  });

  it('focuses the element it is told to focus first', async () => {
    const user = userEvent.setup();
    function WithInitialFocus() {
      const [open, setOpen] = useState(false);
      const ref = useRef<HTMLInputElement>(null);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Edit</Button>
          <Modal open={open} onClose={() => setOpen(false)} title="Edit Job" initialFocusRef={ref}>
            <input aria-label="Title" />
            <input aria-label="Salary" ref={ref} />
          </Modal>
        </>
      );
    }
    render(<WithInitialFocus />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Salary' })).toHaveFocus();
  });

  it('a confirm dialog cancels on Escape and gives focus back to its opener', async () => {
    const user = userEvent.setup();
    function LogOut() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Log out</Button>
          <ConfirmDialog
            open={open}
            title="Log out?"
            message="Are you sure you want to log out?"
            onConfirm={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </>
      );
    }
    render(<LogOut />);
    const opener = screen.getByRole('button', { name: 'Log out' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Log out?' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a busy confirm dialog ignores Escape until its work is done', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        open
        busy
        title="Log out"
        message="Are you sure you want to log out?"
        onConfirm={() => undefined}
        onCancel={onCancel}
      />,
    );
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Log out' })).toBeInTheDocument();
  });
});
