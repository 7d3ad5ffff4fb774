import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@referio/shared';
import ContactUs from '..';
import { api, renderPage } from '@referio/shared/test-utils';

const location = () => screen.getByTestId('location').textContent;

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Ana');
  await user.type(screen.getByLabelText(/Last name/), 'Rao');
  await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
  await user.type(screen.getByLabelText(/^Phone/), '+91 98765 43210');
  await user.type(screen.getByLabelText(/^Message/), 'How do referrals work?');
}

describe('contact us', () => {
  it('requires every field, with an e-mail field of type email, and sends nothing until they are filled', async () => {
    const user = userEvent.setup();
    renderPage(<ContactUs />, { url: '/contact-us' });
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.createContactUs).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail address', async () => {
    const user = userEvent.setup();
    renderPage(<ContactUs />, { url: '/contact-us' });
    await fill(user);
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.createContactUs).not.toHaveBeenCalled();
  });

  it("sends the message, toasts 'Message sent successfully!' and goes home 2 seconds later", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      api.createContactUs.mockResolvedValue({ success: true, message: 'Thanks!' });
      renderPage(<ContactUs />, { url: '/contact-us' });
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Send message' }));
      expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
      expect(api.createContactUs).toHaveBeenCalledWith({
        firstName: 'Ana',
        lastName: 'Rao',
        email: 'ana@example.com',
        phone: '+91 98765 43210',
        message: 'How do referrals work?',
      });
      act(() => jest.advanceTimersByTime(1999));
      expect(location()).toBe('/contact-us');
      act(() => jest.advanceTimersByTime(1));
      expect(location()).toBe('/');
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the server's message when it refuses the message", async () => {
    const user = userEvent.setup();
    api.createContactUs.mockRejectedValue(
      new ApiError('Too many messages', 429, 'Too many messages'),
    );
    renderPage(<ContactUs />, { url: '/contact-us' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Too many messages')).toBeInTheDocument();
    expect(location()).toBe('/contact-us');
  });

  it("says 'Failed to send message. Please try again.' when the server fails", async () => {
    const user = userEvent.setup();
    api.createContactUs.mockRejectedValue(new ApiError('boom', 500));
    renderPage(<ContactUs />, { url: '/contact-us' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Failed to send message. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('shows our support e-mail and hours beside the form', () => {
    renderPage(<ContactUs />, { url: '/contact-us' });
    expect(screen.getByRole('link', { name: 'support@referio.com' })).toHaveAttribute(
      'href',
      'mailto:support@referio.com',
    );
    expect(screen.getByText(/Monday to Friday/)).toBeInTheDocument();
  });
});
