import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { OtpInput } from '../OtpInput';

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` });

describe('OtpInput', () => {
  it('shows four numeric single-digit boxes named for screen readers', () => {
    render(<OtpInput />);
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
  });

  it("keeps one digit per box: a digit typed after a full box's digit replaces it", async () => {
    const user = userEvent.setup();
    render(<OtpInput />);
    await user.click(box(1));
    await user.keyboard('7');
    // Back in box 1 with the caret after its digit (not selected), as after a click at the end.
    const first = box(1) as HTMLInputElement;
    first.focus();
    first.setSelectionRange(1, 1);
    await user.keyboard('5');
    expect(box(1)).toHaveValue('5');
    expect(box(2)).toHaveFocus();
  });

  it('clears a box in place, in a controlled form too', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [code, setCode] = useState('');
      return (
        <>
          <OtpInput value={code} onChange={setCode} />
          <output>{code}</output>
        </>
      );
    }
    render(<Controlled />);
    await user.click(box(1));
    await user.keyboard('1234');
    await user.clear(box(1));
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual([
      '',
      '2',
      '3',
      '4',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('234');
    await user.click(box(1));
    await user.keyboard('9');
    expect(screen.getByRole('status')).toHaveTextContent('9234');
  });

  it('moves to the next box on each digit and completes once with the whole code', async () => {
    const user = userEvent.setup();
    const onComplete = jest.fn();
    render(<OtpInput onComplete={onComplete} />);
    await user.click(box(1));
    await user.keyboard('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('234');
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('ignores letters', async () => {
    const user = userEvent.setup();
    render(<OtpInput />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
  });

  it('goes back a box on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    render(<OtpInput />);
    await user.click(box(1));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
    expect(box(1)).toHaveValue('1');
  });

  it('fills every box from a pasted code and completes once', async () => {
    const user = userEvent.setup();
    const onComplete = jest.fn();
    const onChange = jest.fn();
    render(<OtpInput onComplete={onComplete} onChange={onChange} />);
    await user.click(box(1));
    await user.paste('98 76');
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual([
      '9',
      '8',
      '7',
      '6',
    ]);
    expect(onChange).toHaveBeenLastCalledWith('9876');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('9876');
    expect(box(4)).toHaveFocus();
  });

  it('works controlled and can be disabled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [code, setCode] = useState('');
      return (
        <>
          <OtpInput value={code} onChange={setCode} disabled={code.length === 4} />
          <output>{code}</output>
        </>
      );
    }
    render(<Controlled />);
    await user.click(box(1));
    await user.keyboard('4321');
    expect(screen.getByRole('status')).toHaveTextContent('4321');
    expect(box(1)).toBeDisabled();
  });

  it('puts the focus back in the first box each time `focusFirst` changes (a wrong code)', () => {
    const { rerender } = render(<OtpInput value="" focusFirst={0} />);
    box(3).focus();
    rerender(<OtpInput value="" focusFirst={1} />);
    expect(box(1)).toHaveFocus();
    box(4).focus();
    rerender(<OtpInput value="" focusFirst={1} />);
    expect(box(4)).toHaveFocus();
    rerender(<OtpInput value="" focusFirst={2} />);
    expect(box(1)).toHaveFocus();
  });
});
