import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useSessionStore } from '../../session/sessionStore';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { useDashboardNavigate } from '../useDashboardNavigate';
import { useDebouncedValue } from '../useDebouncedValue';

describe('UI basics and hooks', () => {
  it('a busy button is disabled and shows its busy label', () => {
    render(
      <Button busy busyLabel="Sending OTP...">
        LOGIN
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sending OTP...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('a text field ties its label and error to the input', () => {
    render(<TextField label="Email" error="Email is required" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('debounces a value for 500 ms by default', () => {
    jest.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v), {
        initialProps: { v: 'a' },
      });
      rerender({ v: 'ab' });
      act(() => void jest.advanceTimersByTime(499));
      expect(result.current).toBe('a');
      act(() => void jest.advanceTimersByTime(1));
      expect(result.current).toBe('ab');
    } finally {
      jest.useRealTimers();
    }
  });

  it('dashboard navigation stores the page key and pushes /dashboard/<key>', async () => {
    const user = userEvent.setup();
    function Page() {
      const go = useDashboardNavigate();
      const { pathname } = useLocation();
      return (
        <>
          <p>at {pathname}</p>
          <button onClick={() => go('chat')}>Go to Chat</button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/dashboard/myReferralRequests']}>
        <Page />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Go to Chat' }));
    expect(screen.getByText('at /dashboard/chat')).toBeInTheDocument();
    expect(useSessionStore.getState().activePage).toBe('chat');
    expect(localStorage.getItem('activePage')).toBe('chat');
  });
});
