import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  createJobAlert,
  getJobAlerts,
  JOB_ALERT_MESSAGES,
  type JobAlert,
} from '@referio/shared';
import { makeSession, renderPage } from '@referio/shared/test-utils';
import type * as TestUtils from '@referio/shared/test-utils';
import { SaveAlertButton } from '..';

jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi(['getJobAlerts', 'createJobAlert']),
);

const COMPANY = '5b1f2d1e-1c2b-4d3e-8f4a-1b2c3d4e5f60';

const alert = (over: Partial<JobAlert> = {}): JobAlert => ({
  _id: 'a-1',
  search: 'react',
  filters: { location: 'Remote' },
  companyName: null,
  frequency: 'daily',
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

beforeEach(() => {
  jest.mocked(getJobAlerts).mockResolvedValue([]);
});

describe('SaveAlertButton', () => {
  it('offers nothing for a list without a search or a filter', () => {
    renderPage(<SaveAlertButton search="  " filters={{}} />, { session: makeSession() });
    expect(screen.queryByRole('button', { name: /alert/i })).not.toBeInTheDocument();
  });

  it('saves the search and filters with the frequency chosen, then says the alert is on', async () => {
    jest.mocked(createJobAlert).mockResolvedValue(alert({ frequency: 'instant' }));
    renderPage(<SaveAlertButton search=" React " filters={{ location: 'Remote' }} />, {
      session: makeSession(),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Get alerts for this search' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Get job alerts' });
    expect(dialog).toHaveAccessibleDescription(/^New jobs for "react" · Remote ?, by e-mail\.$/);
    expect(within(dialog).getByText(/^New jobs for/)).toHaveTextContent(
      'New jobs for "react" · Remote, by e-mail.',
    );
    expect(within(dialog).getByRole('radio', { name: /Daily/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Instant/ }));

    jest.mocked(getJobAlerts).mockResolvedValue([alert({ frequency: 'instant' })]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(createJobAlert).toHaveBeenCalledWith(' React ', { location: 'Remote' }, 'instant');
    expect(await screen.findByText(JOB_ALERT_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const manage = await screen.findByRole('link', { name: 'Manage alerts' });
    expect(manage).toHaveAttribute('href', '/dashboard/profile#job-alerts');
    expect(manage.closest('[role="status"]')).toHaveTextContent(
      'Alert on: instant e-mails. Manage alerts',
    );
  });

  it("names the company for a company's jobs, and shows a refusal's reason", async () => {
    jest
      .mocked(createJobAlert)
      .mockRejectedValue(new ApiError('Bad request', 400, JOB_ALERT_MESSAGES.tooMany));
    renderPage(<SaveAlertButton search="" filters={{ company: COMPANY }} companyName="Acme" />, {
      session: makeSession(),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Alert me about jobs at Acme' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Get job alerts' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText(JOB_ALERT_MESSAGES.tooMany)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('leads a signed-out visitor to sign in and back to the list', () => {
    renderPage(<SaveAlertButton search="react" filters={{}} />, {
      session: null,
      url: '/company-list?search=react',
    });
    expect(screen.getByRole('link', { name: 'Get alerts for this search' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Fcompany-list%3Fsearch%3Dreact',
    );
    expect(getJobAlerts).not.toHaveBeenCalled();
  });
});
