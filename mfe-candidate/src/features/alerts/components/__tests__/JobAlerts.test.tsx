import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_ALERT_MESSAGES, type JobAlert } from '@referio/shared';
import { api, makeSession, renderPage } from '@referio/shared/test-utils';
import { JobAlerts, JOB_ALERTS_LOAD_FAILED } from '../JobAlerts';

const COMPANY = '5b1f2d1e-1c2b-4d3e-8f4a-1b2c3d4e5f60';
const react: JobAlert = {
  _id: 'a-1',
  search: 'react developer',
  filters: { location: 'Remote', jobType: 'Full-time' },
  companyName: null,
  frequency: 'instant',
  createdAt: '2026-11-27T10:00:00.000Z',
};
const acme: JobAlert = {
  _id: 'a-2',
  search: '',
  filters: { company: COMPANY },
  companyName: 'Acme Corp',
  frequency: 'daily',
  createdAt: '2026-11-26T10:00:00.000Z',
};

const open = () => renderPage(<JobAlerts />, { session: makeSession() });

describe('the job alerts on the profile', () => {
  it('lists each alert as people read it, how often it mails and a link to its jobs', async () => {
    api.getJobAlerts.mockResolvedValue([react, acme]);
    open();
    const list = await screen.findByRole('list', { name: 'Your job alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.cand-alerts__label')?.textContent)).toEqual([
      '"react developer" · Full-time · Remote',
      'Jobs at Acme Corp',
    ]);
    expect(
      within(items[0]!).getByRole('combobox', {
        name: 'How often: "react developer" · Full-time · Remote',
      }),
    ).toHaveValue('instant');
    expect(within(items[1]!).getByRole('combobox')).toHaveValue('daily');
    expect(
      within(items[1]!).getByRole('link', { name: 'See jobs for Jobs at Acme Corp' }),
    ).toHaveAttribute('href', `/company-list?company=${COMPANY}`);
    expect(screen.getByText(/2 of 20\./)).toBeInTheDocument();
  });

  it('changes how often an alert mails, paused included, and says so', async () => {
    api.getJobAlerts.mockResolvedValue([react]);
    api.updateJobAlert.mockResolvedValue({ ...react, frequency: 'paused' });
    open();
    const select = await screen.findByRole('combobox', { name: /How often/ });
    await userEvent.selectOptions(select, 'Paused');
    expect(api.updateJobAlert).toHaveBeenCalledWith('a-1', 'paused');
    expect(await screen.findByText(JOB_ALERT_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('paused'));
  });

  it('deletes an alert after asking, and the list is read again', async () => {
    api.getJobAlerts.mockResolvedValue([react, acme]);
    api.deleteJobAlert.mockResolvedValue(undefined);
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete job alert Jobs at Acme Corp' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this job alert?' });
    expect(dialog).toHaveTextContent('You will get no more e-mails for Jobs at Acme Corp.');
    api.getJobAlerts.mockResolvedValue([react]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.deleteJobAlert).toHaveBeenCalledWith('a-2');
    expect(await screen.findByText(JOB_ALERT_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('Jobs at Acme Corp')).not.toBeInTheDocument();
  });

  it('takes the focus when the page opens at #job-alerts, once the page above is ready', async () => {
    api.getJobAlerts.mockResolvedValue([react]);
    function ProfileBelow() {
      const [ready, setReady] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setReady(true)}>
            Profile loaded
          </button>
          <JobAlerts ready={ready} />
        </>
      );
    }
    renderPage(<ProfileBelow />, { session: makeSession(), url: '/dashboard/profile#job-alerts' });
    await screen.findByRole('list', { name: 'Your job alerts' });
    const heading = screen.getByRole('heading', { name: 'Job alerts' });
    expect(heading).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Profile loaded' }));
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('says how to make one when there are none, and when they cannot be loaded', async () => {
    api.getJobAlerts.mockResolvedValue([]);
    const { unmount } = open();
    expect(await screen.findByText(/No job alerts yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'href',
      '/dashboard/explore',
    );
    unmount();
    api.getJobAlerts.mockRejectedValue(new Error('down'));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(JOB_ALERTS_LOAD_FAILED);
  });
});
