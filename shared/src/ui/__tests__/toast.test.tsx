// The lazy path of the site's toasts: nothing of react-toastify is mounted until the first toast, and the
// first toast (raised before the library is in) still shows. The other suites load the library up front.
import type * as Rtl from '@testing-library/react/pure';
import type * as ToastModule from '../toast';
import type * as HostModule from '../ToastHost';

interface Modules {
  rtl: typeof Rtl;
  toast: typeof ToastModule;
  host: typeof HostModule;
}

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

/** A module registry of its own: a toast module that has not loaded the library yet. */
async function freshModules(): Promise<Modules> {
  jest.resetModules();
  const rtl = await import('@testing-library/react/pure');
  cleanup = rtl.cleanup;
  return { rtl, toast: await import('../toast'), host: await import('../ToastHost') };
}

describe('toasts', () => {
  it('mounts no container before the first toast', async () => {
    const { rtl, toast, host } = await freshModules();
    rtl.render(<host.ToastHost />);
    expect(document.querySelector('.Toastify')).toBeNull();
    expect(toast.toastLibrary.current()).toBeNull();
  });

  it('shows the first toast once the library is in, and later ones too', async () => {
    const { rtl, toast, host } = await freshModules();
    rtl.render(<host.ToastHost />);
    toast.toast.success('Profile saved');
    expect(await rtl.screen.findByText('Profile saved')).toBeInTheDocument();
    expect(toast.toastLibrary.current()).not.toBeNull();
    toast.toast.error('Could not save');
    expect(await rtl.screen.findByText('Could not save')).toBeInTheDocument();
  });

  it('shows one toast at a time: the newest at once, the one before it closing', async () => {
    const { rtl, toast, host } = await freshModules();
    rtl.render(<host.ToastHost />);
    for (const text of ['Code sent', 'Email verified']) {
      toast.toast.success(text);
      await rtl.screen.findByText(text);
    }
    toast.toast.success('Referral approved');
    expect(await rtl.screen.findByText('Referral approved')).toBeInTheDocument();
    // The older ones are on their way out (their exit animation, which jsdom never ends).
    const state = (text: string) => rtl.screen.queryByText(text)?.closest('[data-in]');
    await rtl.waitFor(() => expect(state('Email verified')).toHaveAttribute('data-in', 'false'));
    expect(state('Code sent') ?? null).not.toHaveAttribute('data-in', 'true');
    expect(state('Referral approved')).toHaveAttribute('data-in', 'true');
  });

  it('keeps a toast raised before the host mounts', async () => {
    const { rtl, toast, host } = await freshModules();
    toast.toast.info('Welcome back');
    await toast.loadToastify();
    rtl.render(<host.ToastHost />);
    expect(await rtl.screen.findByText('Welcome back')).toBeInTheDocument();
  });
});

describe('where the toasts sit', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  const screenOf = (phone: boolean) => {
    window.matchMedia = ((query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  };

  it('at the bottom left on a wide screen, off the header and the page heading', async () => {
    screenOf(false);
    const { rtl, toast, host } = await freshModules();
    rtl.render(<host.ToastHost />);
    toast.toast.success('Saved');
    await rtl.screen.findByText('Saved');
    expect(document.querySelector('.Toastify__toast-container--bottom-left')).not.toBeNull();
    expect(document.querySelector('[class*="Toastify__toast-container--top"]')).toBeNull();
  });

  it('at the bottom centre on a phone, so no toast covers the page heading', async () => {
    screenOf(true);
    const { rtl, toast, host } = await freshModules();
    rtl.render(<host.ToastHost />);
    toast.toast.success('Saved');
    await rtl.screen.findByText('Saved');
    expect(document.querySelector('.Toastify__toast-container--bottom-center')).not.toBeNull();
    expect(document.querySelector('[class*="Toastify__toast-container--top"]')).toBeNull();
  });
});

describe('one toast per message', () => {
  it('shows a message raised three times while on screen only once', async () => {
    const { rtl, toast, host } = await freshModules();
    rtl.render(<host.ToastHost />);
    await toast.loadToastify();
    toast.toast.error('Could not load the counts');
    toast.toast.error('Could not load the counts');
    toast.toast.error('Could not load the counts');
    expect(await rtl.screen.findByText('Could not load the counts')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(rtl.screen.getAllByText('Could not load the counts')).toHaveLength(1);
  });

  it('shows a different message raised next, in place of the first', async () => {
    const { rtl, toast, host } = await freshModules();
    rtl.render(<host.ToastHost />);
    await toast.loadToastify();
    toast.toast.error('First problem');
    toast.toast.error('Second problem');
    expect(await rtl.screen.findByText('Second problem')).toBeInTheDocument();
    const first = () => rtl.screen.queryByText('First problem')?.closest('[data-in]') ?? null;
    await rtl.waitFor(() => expect(first()).not.toHaveAttribute('data-in', 'true'));
  });
});
