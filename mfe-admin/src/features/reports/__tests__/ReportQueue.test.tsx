import { screen } from '@testing-library/react';
import { ReportQueue } from '../components/ReportQueue';
import { makeReport, renderPage } from '../../../test/render';
import { api } from '@referio/shared/test-utils';

it('shows how many people reported a target when the API counts them', async () => {
  api.getAdminReports.mockResolvedValue([
    makeReport({ reporterCount: 3 }),
    makeReport({ _id: 'r2', reporterCount: 1 }),
    makeReport({ _id: 'r3' }),
  ]);
  renderPage(<ReportQueue />);
  expect(await screen.findByRole('listitem', { name: 'Report r1' })).toHaveTextContent(
    'reported by 3 people',
  );
  expect(screen.getByRole('listitem', { name: 'Report r2' })).toHaveTextContent(
    'reported by 1 person',
  );
  expect(screen.getByRole('listitem', { name: 'Report r3' })).not.toHaveTextContent('reported by');
});

it('offers Unsuspend instead of Suspend when the reported user is suspended', async () => {
  api.getAdminReports.mockResolvedValue([makeReport({ targetSuspended: true })]);
  renderPage(<ReportQueue />);
  expect(await screen.findByRole('button', { name: 'Unsuspend Rita Ref' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument();
});
