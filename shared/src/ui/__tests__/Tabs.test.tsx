import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from '../Tabs';

type Key = 'pending' | 'approved' | 'declined';

function RequestTabs() {
  const [tab, setTab] = useState<Key>('pending');
  return (
    <Tabs<Key>
      label="Referral requests"
      value={tab}
      onChange={setTab}
      tabs={[
        { key: 'pending', label: 'Pending', count: 3 },
        { key: 'approved', label: 'Approved', count: 1 },
        { key: 'declined', label: 'Declined Requests', count: 0 },
      ]}
    >
      <p>{tab} list</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows a named tab list with counts and the selected panel', () => {
    render(<RequestTabs />);
    expect(screen.getByRole('tablist', { name: 'Referral requests' })).toBeInTheDocument();
    const pending = screen.getByRole('tab', { name: 'Pending 3' });
    expect(pending).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Pending 3' })).toHaveTextContent('pending list');
  });

  it('moves and selects with the arrow keys, wrapping, and Home/End', async () => {
    const user = userEvent.setup();
    render(<RequestTabs />);
    await user.click(screen.getByRole('tab', { name: /Pending/ }));
    await user.keyboard('{ArrowRight}');
    const approved = screen.getByRole('tab', { name: /Approved/ });
    expect(approved).toHaveFocus();
    expect(approved).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('approved list');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Declined/ })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('declined list');
  });

  it('keeps only the selected tab in the Tab order', () => {
    render(<RequestTabs />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });
});
