import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DomainClaim } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import AdminConsole from '../AdminConsole';
import { makeAdminUser, makeReport, renderPage } from '../../test/render';

const claim: DomainClaim = {
  domain: 'goog-careers.example',
  companyId: 'c1',
  companyName: 'Google',
  state: 'unconfirmed',
  claimedBy: { _id: 'u2', fullName: 'Rita Ref', email: 'rita@goog-careers.example' },
  createdAt: '2026-01-04T10:00:00.000Z',
};

it('suspends a reported user for the reason the operator confirms, closing the report', async () => {
  api.getAdminReports.mockResolvedValueOnce([makeReport()]).mockResolvedValue([]);
  api.suspendUser.mockResolvedValue(makeAdminUser());
  api.resolveReport.mockResolvedValue(makeReport({ status: 'actioned' }));
  const user = userEvent.setup();
  renderPage(<AdminConsole />);
  const item = await screen.findByRole('listitem', { name: 'Report r1' });
  expect(within(item).getByText('Not who they say they are')).toBeInTheDocument();
  expect(within(item).getByText('Note: Not at Google')).toBeInTheDocument();
  await user.click(within(item).getByRole('button', { name: 'Suspend Rita Ref…' }));
  // Nothing happens before the operator confirms.
  const dialog = screen.getByRole('dialog', { name: 'Suspend Rita Ref?' });
  expect(api.suspendUser).not.toHaveBeenCalled();
  const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
  expect(reason).toHaveValue('Not who they say they are');
  await user.clear(reason);
  await user.type(reason, 'Posts jobs for a company they do not work at');
  await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
  await waitFor(() => expect(api.resolveReport).toHaveBeenCalledWith('r1', 'actioned'));
  expect(api.suspendUser).toHaveBeenCalledWith('u2', {
    reason: 'Posts jobs for a company they do not work at',
  });
  expect(await screen.findByText('Rita Ref is suspended.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await screen.findByText('No open reports.')).toBeInTheDocument();
});

it('confirms a claimed company domain from the Domain claims tab', async () => {
  api.getAdminReports.mockResolvedValue([]);
  api.getDomainClaims.mockResolvedValueOnce([claim]).mockResolvedValue([]);
  api.decideDomain.mockResolvedValue({ ...claim, state: 'confirmed' });
  const user = userEvent.setup();
  renderPage(<AdminConsole />);
  await user.click(screen.getByRole('tab', { name: 'Domain claims' }));
  await user.click(
    await screen.findByRole('button', { name: 'Confirm @goog-careers.example for Google' }),
  );
  expect(api.decideDomain).toHaveBeenCalledWith('goog-careers.example', 'confirm');
  expect(await screen.findByText('No domain claims to decide.')).toBeInTheDocument();
});
