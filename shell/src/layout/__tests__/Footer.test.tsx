import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import { findPage, renderApp, resetApp } from '../../test/helpers';

const footer = () => screen.getByRole('contentinfo');
// The subscribe box posts through the shared HTTP client: the tests answer for the server there.
const post = () => jest.spyOn(apiClient, 'post');
/** The client's answer carrying `data` (the rest of the response is not read). */
const answer = (data: unknown) => ({ data }) as Awaited<ReturnType<typeof apiClient.post>>;

async function subscribe(email: string) {
  await userEvent.type(within(footer()).getByLabelText('Email address'), email);
  await userEvent.click(within(footer()).getByRole('button', { name: 'Subscribe' }));
}

beforeEach(async () => {
  resetApp();
  api.getMe.mockRejectedValue(new Error('not signed in'));
  renderApp('/');
  await findPage('mfe_public/Landing');
});

describe('the footer', () => {
  it('links the quick links and the three policies', () => {
    const f = within(footer());
    expect(f.getByRole('link', { name: 'Browse Companies' })).toHaveAttribute(
      'href',
      '/company-list',
    );
    expect(f.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    expect(f.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(f.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(f.getByRole('link', { name: 'Refund & Cancellation Policy' })).toHaveAttribute(
      'href',
      '/refund-cancellation-policy',
    );
  });

  it('names every social link for screen readers', () => {
    for (const name of ['LinkedIn', 'X', 'Instagram', 'Facebook']) {
      expect(within(footer()).getByRole('link', { name: `Referio on ${name}` })).toHaveAttribute(
        'rel',
        'noopener noreferrer',
      );
    }
  });

  it('shows the copyright', () => {
    expect(footer()).toHaveTextContent(
      `© ${new Date().getFullYear()} Referio. All rights reserved.`,
    );
  });

  it("subscribes an e-mail and shows the server's message", async () => {
    const server = post().mockResolvedValue(
      answer({ success: true, message: 'Subscribed successfully' }),
    );
    await subscribe('ana@example.com');
    expect(await screen.findByText('Subscribed successfully')).toBeInTheDocument();
    expect(server).toHaveBeenCalledWith('/subscribe/createSubscribe', { email: 'ana@example.com' });
    expect(within(footer()).getByLabelText('Email address')).toHaveValue('');
  });

  it("shows the server's refusal message", async () => {
    post().mockRejectedValue(new ApiError('Already subscribed', 409, 'Already subscribed'));
    await subscribe('ana@example.com');
    expect(await screen.findByText('Already subscribed')).toBeInTheDocument();
  });

  it("shows 'Registration failed. Please try again.' when the server gives no message", async () => {
    post().mockRejectedValue(new ApiError('Network error', 0));
    await subscribe('ana@example.com');
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });

  it('checks the e-mail before calling the server', async () => {
    const server = post();
    await subscribe('not-an-email');
    expect(within(footer()).getByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(within(footer()).getByLabelText('Email address')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(server).not.toHaveBeenCalled();
  });
});
