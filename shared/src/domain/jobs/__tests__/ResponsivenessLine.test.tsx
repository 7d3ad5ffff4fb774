import { render, screen } from '@testing-library/react';
import {
  answeredPercent,
  answerTimePhrase,
  responsivenessText,
} from '../../../contract/responsiveness';
import { ResponsivenessLine } from '../ResponsivenessLine';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe('answerTimePhrase', () => {
  it.each([
    [60, 'within 1 hour'],
    [HOUR, 'within 1 hour'],
    [HOUR + 1, 'within 2 hours'],
    [17.5 * HOUR, 'within 18 hours'],
    [DAY - 1, 'within 24 hours'],
    [DAY, 'within 1 day'],
    [DAY + 1, 'within 2 days'],
    [30 * HOUR, 'within 2 days'],
    [2 * DAY, 'within 2 days'],
    [6.2 * DAY, 'within 7 days'],
  ])('%d seconds → %s', (seconds, phrase) => {
    expect(answerTimePhrase(seconds)).toBe(phrase);
  });
});

describe('answeredPercent', () => {
  it('rounds down and never divides by zero', () => {
    expect(answeredPercent({ received: 5, answered: 4 })).toBe(80);
    expect(answeredPercent({ received: 3, answered: 2 })).toBe(66);
    expect(answeredPercent({ received: 250, answered: 249 })).toBe(99);
    expect(answeredPercent({ received: 0, answered: 0 })).toBe(0);
  });
});

describe('responsivenessText', () => {
  it('reads as the issue words it', () => {
    expect(responsivenessText({ received: 5, answered: 4, medianAnswerSeconds: 40 * HOUR })).toBe(
      'Usually answers within 2 days · 80% answered',
    );
  });

  it('is "New referrer" under 3 answered requests, whatever else', () => {
    expect(responsivenessText({ received: 9, answered: 2, medianAnswerSeconds: HOUR })).toBe(
      'New referrer',
    );
    expect(responsivenessText({ received: 0, answered: 0, medianAnswerSeconds: null })).toBe(
      'New referrer',
    );
    expect(responsivenessText(undefined)).toBe('New referrer');
    expect(responsivenessText({ received: 3, answered: 3, medianAnswerSeconds: 90 })).toBe(
      'Usually answers within 1 hour · 100% answered',
    );
  });
});

describe('<ResponsivenessLine>', () => {
  it('shows the figures', () => {
    render(
      <ResponsivenessLine value={{ received: 10, answered: 8, medianAnswerSeconds: 5 * HOUR }} />,
    );
    expect(screen.getByTestId('referrer-responsiveness')).toHaveTextContent(
      'Usually answers within 5 hours · 80% answered',
    );
  });

  it('shows "New referrer" with too little history', () => {
    render(<ResponsivenessLine value={{ received: 1, answered: 1, medianAnswerSeconds: 60 }} />);
    expect(screen.getByTestId('referrer-responsiveness')).toHaveTextContent('New referrer');
  });

  it('shows nothing when the answer carried no figures', () => {
    const { container } = render(<ResponsivenessLine value={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
