import { pageStylesheets } from './stylesheets';

const manifest = {
  shared: [
    { name: 'react', assets: { css: { sync: [], async: [] } } },
    { name: '@referio/shared', assets: { css: { sync: ['996.d6b61f7f.css'], async: [] } } },
    {
      name: '@referio/shared/jobs',
      assets: { css: { sync: ['234.e3e2170a.css', '853.e3e2170a.css'], async: [] } },
    },
  ],
};
const expose = (sync: string[], async: string[]) => ({ assets: { css: { sync, async } } });

it("a page that uses a library entry gets that entry's stylesheet after its own, once", () => {
  const list = expose(
    ['__federation_expose_CompanyList.b4b814dc.css'],
    ['996.d6b61f7f.css', '853.e3e2170a.css', '310.062eccc4.css', '234.e3e2170a.css'],
  );
  expect(pageStylesheets(manifest, list)).toEqual([
    '__federation_expose_CompanyList.b4b814dc.css',
    '853.e3e2170a.css',
  ]);
});

it('a page that does not use a library entry gets its own stylesheets only', () => {
  const landing = expose(['__federation_expose_Landing.bd2a0f3a.css'], ['996.d6b61f7f.css']);
  expect(pageStylesheets(manifest, landing)).toEqual(['__federation_expose_Landing.bd2a0f3a.css']);
  expect(pageStylesheets({}, undefined)).toEqual([]);
});
