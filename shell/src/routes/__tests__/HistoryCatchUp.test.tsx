import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { HistoryCatchUp } from '../HistoryCatchUp';

/** Moves the browser's address once, while the router renders for the first time (a Back during hydration). */
function BackDuringFirstRender({ to }: { to: string }) {
  const moved = useRef(false);
  if (!moved.current) {
    moved.current = true;
    window.history.replaceState(window.history.state, '', to);
  }
  return null;
}

function Where() {
  const { pathname, search } = useLocation();
  return <p>{`${pathname}${search}`}</p>;
}

describe('HistoryCatchUp', () => {
  it('brings the router to the address the browser moved to before the router listened', () => {
    window.history.replaceState(null, '', '/company-list?jobType=Full-time&location=Remote');
    render(
      <BrowserRouter>
        <BackDuringFirstRender to="/company-list?jobType=Full-time" />
        <HistoryCatchUp />
        <Where />
      </BrowserRouter>,
    );
    expect(screen.getByText('/company-list?jobType=Full-time')).toBeInTheDocument();
    expect(window.location.search).toBe('?jobType=Full-time');
  });

  it('changes nothing when the router already shows the browser’s address', () => {
    window.history.replaceState(null, '', '/premium?x=1');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <HistoryCatchUp />
        <Where />
      </BrowserRouter>,
    );
    expect(screen.getByText('/premium?x=1')).toBeInTheDocument();
    expect(window.history.length).toBe(before);
  });
});
