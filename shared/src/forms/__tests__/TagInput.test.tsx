import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TagInput } from '../TagInput';

function Harness({ separator }: { separator: ',' | '.' }) {
  const [items, setItems] = useState<string[]>([]);
  return (
    <TagInput
      label="Required Skills"
      itemName="skill"
      separator={separator}
      items={items}
      onChange={setItems}
    />
  );
}

const chips = () =>
  screen.queryByRole('list', { name: 'Required Skills' })
    ? Array.from(
        screen.getByRole('list', { name: 'Required Skills' }).querySelectorAll('li > span'),
      ).map((el) => el.textContent)
    : [];

describe('a chip input', () => {
  it('adds the typed text, trimmed, on Enter and on its separator', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="," />);
    const input = screen.getByRole('textbox', { name: 'Required Skills' });
    await user.type(input, '  React  {Enter}');
    await user.type(input, 'Node,');
    expect(chips()).toEqual(['React', 'Node']);
    expect(input).toHaveValue('');
  });

  it('adds a sentence once the next begins, and the last one on Enter', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="." />);
    await user.type(
      screen.getByRole('textbox', { name: 'Required Skills' }),
      'Build the product. Ship it.{Enter}',
    );
    expect(chips()).toEqual(['Build the product', 'Ship it']);
  });

  it('keeps a full stop inside a word: "Use Node.js daily" stays one sentence', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="." />);
    const input = screen.getByRole('textbox', { name: 'Required Skills' });
    await user.type(input, 'Use Node.js daily. Review v2.1 releases.{Enter}');
    expect(chips()).toEqual(['Use Node.js daily', 'Review v2.1 releases']);
  });

  it('splits pasted sentences where sentences end, keeping "e.g. 3.5 years" whole', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="." />);
    const input = screen.getByRole('textbox', { name: 'Required Skills' });
    await user.click(input);
    await user.paste('Ship Node.js services. Mentor juniors. Write docs');
    expect(chips()).toEqual(['Ship Node.js services', 'Mentor juniors']);
    expect(input).toHaveValue('Write docs');
    await user.clear(input);
    await user.type(input, 'Have e.g. 3.5 years of React. Own it.{Enter}');
    expect(chips()).toEqual([
      'Ship Node.js services',
      'Mentor juniors',
      'Have e.g. 3.5 years of React',
      'Own it',
    ]);
  });

  it('treats "react" after "React" as a duplicate', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="," />);
    await user.type(screen.getByRole('textbox', { name: 'Required Skills' }), 'React,react,REACT,');
    expect(chips()).toEqual(['React']);
  });

  it('adds what is still typed when the field is left, so nothing is lost', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="," />);
    const input = screen.getByRole('textbox', { name: 'Required Skills' });
    await user.type(input, 'React,Go');
    await user.tab();
    expect(chips()).toEqual(['React', 'Go']);
    expect(input).toHaveValue('');
  });

  it('ignores blanks and duplicates', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="," />);
    const input = screen.getByRole('textbox', { name: 'Required Skills' });
    await user.type(input, 'React,   ,React,{Enter}');
    expect(chips()).toEqual(['React']);
  });

  it('removes an item with its labelled button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="," />);
    await user.type(screen.getByRole('textbox', { name: 'Required Skills' }), 'React,CSS,');
    await user.click(screen.getByRole('button', { name: 'Remove skill React' }));
    expect(chips()).toEqual(['CSS']);
  });

  it("adds each pasted ',' separated part and keeps the last in the box", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness separator="," />);
    const input = screen.getByRole('textbox', { name: 'Required Skills' });
    await user.click(input);
    await user.paste('Go, SQL, Rust');
    expect(chips()).toEqual(['Go', 'SQL']);
    expect(input).toHaveValue('Rust');
  });

  it('shows an error, tied to the field, and names the chip list as asked', () => {
    render(
      <TagInput
        label="Skills"
        listLabel="Your skills"
        separator=","
        items={['Go']}
        onChange={() => {}}
        error="At most 30 skills"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Skills' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/At most 30 skills/);
    expect(screen.getByRole('list', { name: 'Your skills' })).toHaveTextContent('Go');
  });
});
