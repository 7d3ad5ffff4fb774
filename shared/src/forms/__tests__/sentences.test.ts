import { sentenceItem, splitSentences, takeFinishedSentences } from '../sentences';

const items = (text: string) => splitSentences(text).map(sentenceItem);

describe('job description sentences (Intl.Segmenter)', () => {
  it('keeps "e.g. 3.5 years" in one sentence', () => {
    expect(items('Experience with React, e.g. 3.5 years in production. Mentor juniors.')).toEqual([
      'Experience with React, e.g. 3.5 years in production',
      'Mentor juniors',
    ]);
  });

  it('keeps decimals, versions and dotted names whole', () => {
    expect(items('Salary up to 3.5 LPA. Use Node.js and v2.1 of the SDK. Ship weekly')).toEqual([
      'Salary up to 3.5 LPA',
      'Use Node.js and v2.1 of the SDK',
      'Ship weekly',
    ]);
  });

  it('goes on after i.e., vs., titles and dotted initials', () => {
    expect(
      items('Own the API, i.e. Fastify routes. Report to Dr. Rao. Work with the U.S. team. Go'),
    ).toEqual([
      'Own the API, i.e. Fastify routes',
      'Report to Dr. Rao',
      'Work with the U.S. team',
      'Go',
    ]);
  });

  it('gives the text back when its parts are joined', () => {
    const text = 'One e.g. 2.5 things.  Two! Three? Four';
    expect(splitSentences(text).join('')).toBe(text);
  });

  it('while typing, holds a sentence until the next one begins', () => {
    expect(takeFinishedSentences('Build APIs. ')).toEqual({ done: [], rest: 'Build APIs. ' });
    expect(takeFinishedSentences('Needs e.g. 3')).toEqual({ done: [], rest: 'Needs e.g. 3' });
    expect(takeFinishedSentences('Build APIs. T')).toEqual({ done: ['Build APIs'], rest: 'T' });
  });
});
