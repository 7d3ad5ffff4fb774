import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { SearchBox } from '../SearchBox';

describe('SearchBox on a page the server rendered', () => {
  it('takes the text typed before React took the page over as typed', async () => {
    const onChange = jest.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchBox value="" onChange={onChange} label="Search" />);
    document.body.appendChild(container);
    container.querySelector('input')!.value = 'Engineer';
    await act(async () => {
      hydrateRoot(container, <SearchBox value="" onChange={onChange} label="Search" />);
    });
    expect(onChange).toHaveBeenCalledWith('Engineer');
    expect(container.querySelector('input')!.value).toBe('Engineer');
  });

  it('changes nothing when nothing was typed', async () => {
    const onChange = jest.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchBox value="java" onChange={onChange} />);
    await act(async () => {
      hydrateRoot(container, <SearchBox value="java" onChange={onChange} />);
    });
    expect(onChange).not.toHaveBeenCalled();
  });
});
