import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient, type Company, type Testimonial } from '@referio/shared';
import Landing from '..';
import { api, renderPage } from '@referio/shared/test-utils';

// The subscribe box posts through the shared HTTP client: the tests answer for the server there.
const mockSubscribe = () => jest.spyOn(apiClient, 'post');
/** The client's answer carrying `data` (the rest of the response is not read). */
const answer = (data: unknown) => ({ data }) as Awaited<ReturnType<typeof apiClient.post>>;

const companies: Company[] = Array.from({ length: 40 }, (_, i) => ({
  _id: `c${i}`,
  companyName: `Company ${i + 1}`,
  logo: null,
  industry: 'it',
  jobCount: i % 3,
}));
const stories: Testimonial[] = [
  {
    _id: 't1',
    name: 'Meera',
    profile: 'data:image/svg+xml,<svg/>',
    position: 'SDE II',
    description: 'Referred in a week.',
  },
  { _id: 't2', name: 'Arjun', profile: '', position: 'Analyst', description: 'Got the interview.' },
];

function renderLanding() {
  api.getAllCompany.mockResolvedValue({ data: companies, total: 120 });
  api.getAllTestimonials.mockResolvedValue(stories);
  return renderPage(<Landing />, { url: '/' });
}

describe('the landing page', () => {
  it('shows the first 40 companies, each leading to its page with its open job count, and "Explore more Companies"', async () => {
    renderLanding();
    const grid = await screen.findByRole('list', { name: 'Companies' });
    expect(api.getAllCompany).toHaveBeenCalledWith({ start: 0, limit: 40 });
    expect(within(grid).getAllByRole('link')).toHaveLength(40);
    const second = within(grid).getByRole('link', { name: /Company 2\b/ });
    expect(second).toHaveAttribute('href', '/company/c1/company-2');
    expect(second).toHaveTextContent('1 job');
    expect(within(grid).getByRole('link', { name: /Company 3\b/ })).toHaveTextContent('2 jobs');
    expect(screen.getByRole('link', { name: 'Explore more Companies' })).toHaveAttribute(
      'href',
      '/company-list',
    );
  });

  it('features the first 6 companies with "Browse All Companies"', async () => {
    renderLanding();
    const featured = await screen.findByRole('list', { name: 'Featured companies' });
    const names = within(featured)
      .getAllByRole('link')
      .map((a) => a.querySelector('.rf-company-tile__name')?.textContent);
    expect(names).toHaveLength(6);
    expect(names[0]).toBe('Company 1');
    expect(names[5]).toBe('Company 6');
    expect(screen.getByRole('link', { name: 'Browse All Companies' })).toHaveAttribute(
      'href',
      '/company-list',
    );
  });

  it('explains how it works in three steps and makes the two marketing claims', () => {
    renderLanding();
    const how = screen.getByRole('region', { name: 'How It Works' });
    expect(
      within(how)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Search Company', 'Request a Referral', 'Get Hired Faster']);
    expect(
      screen.getByText(
        'Referred candidates are 4X more likely to be hired, and 80% of jobs are filled via referrals.',
      ),
    ).toBeInTheDocument();
  });

  it('gives both pricing readings: the advertised plan and the early-access notice', () => {
    renderLanding();
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(within(pricing).getByText('14-day free trial')).toBeInTheDocument();
    expect(within(pricing).getByText('1 free referral')).toBeInTheDocument();
    expect(within(pricing).getByText('Unlimited referrals for ₹500/month')).toBeInTheDocument();
    expect(within(pricing).getByRole('note', { name: 'Early access' })).toHaveTextContent(
      /every premium feature is free/,
    );
  });

  it('shows each success story with photo, name, position and description', async () => {
    renderLanding();
    // The section is the stories' island once they are in (its spinner's section before): found after them.
    const slide = await screen.findByRole('listitem', { name: '1 of 2: Meera' });
    const carousel = screen.getByRole('region', { name: 'Success Stories' });
    expect(carousel).toContainElement(slide);
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(within(slide).getByRole('img', { name: 'Meera, profile photo' })).toBeInTheDocument();
    expect(within(slide).getByText('SDE II')).toBeInTheDocument();
    expect(within(slide).getByText('Referred in a week.')).toBeInTheDocument();
  });

  it('scrolls the stories 300 px per click and per arrow key', async () => {
    const user = userEvent.setup();
    const scrollBy = jest.fn();
    HTMLElement.prototype.scrollBy = scrollBy as unknown as typeof HTMLElement.prototype.scrollBy;
    try {
      renderLanding();
      await screen.findByRole('listitem', { name: '1 of 2: Meera' });
      const carousel = screen.getByRole('region', { name: 'Success Stories' });
      await user.click(within(carousel).getByRole('button', { name: 'Next stories' }));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
      await user.click(within(carousel).getByRole('button', { name: 'Previous stories' }));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: 'smooth' });

      const track = within(carousel).getByRole('list');
      track.focus();
      fireEvent.keyDown(track, { key: 'ArrowRight' });
      expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
      expect(scrollBy).toHaveBeenCalledTimes(3);
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
    }
  });

  it("subscribes an e-mail and shows the server's message", async () => {
    const user = userEvent.setup();
    const server = mockSubscribe().mockResolvedValue(
      answer({ success: true, message: 'Subscribed successfully' }),
    );
    renderLanding();
    await user.type(screen.getByLabelText('Email for new job alerts'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed successfully')).toBeInTheDocument();
    expect(server).toHaveBeenCalledWith('/subscribe/createSubscribe', { email: 'ana@example.com' });
    expect(screen.getByLabelText('Email for new job alerts')).toHaveValue('');
  });

  it("says 'Registration failed. Please try again.' when subscribing fails without a server message", async () => {
    const user = userEvent.setup();
    mockSubscribe().mockRejectedValue(new ApiError('boom', 500));
    renderLanding();
    await user.type(screen.getByLabelText('Email for new job alerts'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });

  it('refuses to subscribe a malformed e-mail', async () => {
    const user = userEvent.setup();
    const server = mockSubscribe();
    renderLanding();
    await user.type(screen.getByLabelText('Email for new job alerts'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });
});
