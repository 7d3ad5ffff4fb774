import { screen, within } from '@testing-library/react';
import { AuditLog } from '../components/AuditLog';
import { makeAuditEntry, renderPage } from '../../../test/render';
import { api } from '@referio/shared/test-utils';

it('shows who did what in words, with names and e-mails instead of ids and JSON', async () => {
  api.getAuditLog.mockResolvedValue([
    makeAuditEntry(),
    makeAuditEntry({
      _id: 'a2',
      action: 'domain.confirm',
      actorName: 'olga@referio.example',
      change: 'Confirmed @goog.example for Google',
      targetDetail: '',
    }),
  ]);
  renderPage(<AuditLog />);
  const table = await screen.findByRole('table', { name: 'Operator actions, newest first' });
  const [, first, second] = within(table).getAllByRole('row');
  expect(within(first!).getByRole('cell', { name: /Olga Operator/ })).toHaveTextContent(
    'Olga Operatorolga@referio.example',
  );
  expect(within(first!).getByRole('cell', { name: /Suspended/ })).toHaveTextContent(
    'Suspended Rita Ref: spamrita@goog-careers.example',
  );
  // An operator without a name is shown by their address, once.
  expect(within(second!).getAllByText('olga@referio.example')).toHaveLength(1);
  expect(within(second!).getByText('Confirmed @goog.example for Google')).toBeInTheDocument();
  expect(table).not.toHaveTextContent('u2');
  expect(table).not.toHaveTextContent('{');
});
