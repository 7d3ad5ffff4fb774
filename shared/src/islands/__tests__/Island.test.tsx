import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, Island, isIslandName } from '..';

describe('Island', () => {
  it('wraps its part in a box-less element naming the module and holding the props as JSON', () => {
    const props = { items: [{ name: 'Meera "M" <SDE>', n: 1 }] };
    document.body.innerHTML = renderToString(
      <Island name="mfe_public/StoriesIsland" props={props}>
        <p>inside</p>
      </Island>,
    );
    const el = document.querySelector(`[${ISLAND_ATTR}]`) as HTMLElement;
    expect(el.getAttribute(ISLAND_ATTR)).toBe('mfe_public/StoriesIsland');
    expect(JSON.parse(el.getAttribute(ISLAND_PROPS_ATTR)!)).toEqual(props);
    expect(el.style.display).toBe('contents');
    expect(el.innerHTML).toBe('<p>inside</p>');
  });

  it('has no props attribute when it takes none', () => {
    document.body.innerHTML = renderToString(
      <Island name="shell/Navbar">
        <p>menu</p>
      </Island>,
    );
    expect(document.querySelector(`[${ISLAND_ATTR}]`)!.hasAttribute(ISLAND_PROPS_ATTR)).toBe(false);
  });

  it('names a module as <app>/<module>', () => {
    expect(isIslandName('mfe_public/StoriesIsland')).toBe(true);
    expect(isIslandName('shell/Navbar')).toBe(true);
    expect(isIslandName('mfe_public')).toBe(false);
    expect(isIslandName('../x/y')).toBe(false);
    expect(isIslandName('a/b/c')).toBe(false);
  });
});
