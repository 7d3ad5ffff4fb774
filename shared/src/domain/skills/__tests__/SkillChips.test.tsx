import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SkillChips } from '..';

const LONG = 'Amazon Web Services (AWS) Lambda';
const items = () => within(screen.getByRole('list', { name: 'Skills' })).getAllByRole('listitem');

describe('SkillChips', () => {
  it('shows every skill when no maximum is given', () => {
    render(<SkillChips skills={['Go', 'SQL', 'Rust']} />);
    expect(items().map((li) => li.textContent)).toEqual(['Go', 'SQL', 'Rust']);
  });

  it("shows the first `max` and counts the rest as '+N more'", () => {
    render(<SkillChips skills={['A', 'B', 'C', 'D', 'E']} max={3} />);
    expect(items().map((li) => li.textContent)).toEqual(['A', 'B', 'C', '+2 more']);
  });

  it("has no '+N more' when all fit", () => {
    render(<SkillChips skills={['A', 'B', 'C']} max={3} />);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('renders nothing without skills', () => {
    const { container } = render(<SkillChips skills={null} />);
    expect(container).toBeEmptyDOMElement();
    render(<SkillChips skills={[]} max={3} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('names the list as asked', () => {
    render(<SkillChips skills={['Go']} label="Required skills" />);
    expect(screen.getByRole('list', { name: 'Required skills' })).toBeInTheDocument();
  });

  it('shows usual names whole and cuts only a really long one, keeping its whole name for screen readers and the title', () => {
    render(<SkillChips skills={[LONG, 'JavaScript']} cut />);
    const [long, short] = items();
    expect(long).toHaveAttribute('title', LONG);
    expect(within(long!).getByText('Amazon Web Services (AWS…')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(within(long!).getByRole('button', { name: LONG })).toBeInTheDocument();
    expect(short).not.toHaveAttribute('title');
    expect(short).toHaveTextContent(/^JavaScript$/);
    expect(within(short!).queryByRole('button')).toBeNull();
  });

  it('shows the whole name in a tooltip on focus, on hover and on tap; Escape hides it', async () => {
    const user = userEvent.setup();
    render(<SkillChips skills={[LONG, 'Go']} cut />);
    const chip = screen.getByRole('button', { name: LONG });
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.tab();
    expect(chip).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(LONG);
    expect(chip).toHaveAccessibleDescription(LONG);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseEnter(items()[0]!);
    expect(screen.getByRole('tooltip')).toHaveTextContent(LONG);
    fireEvent.mouseLeave(items()[0]!);
    expect(screen.queryByRole('tooltip')).toBeNull();

    // A tap (no hover on a phone): the click toggles it; a tap elsewhere hides it.
    fireEvent.click(chip);
    expect(screen.getByRole('tooltip')).toHaveTextContent(LONG);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
