require('@testing-library/jest-dom');

// findBy*/waitFor give up after 1 s by default, which a loaded machine can take to render a page once; the
// wait ends as soon as the expectation holds, so a generous limit costs an idle machine nothing.
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });

// A test that makes a network call it did not mock is a bug: the call fails at once (rather than hang or
// reach whatever listens on localhost) and the test fails after it ends, even when the code under test
// caught the error and showed a message. Covered: XMLHttpRequest (axios in jsdom), fetch and EventSource.
// A test provides its own stand-in where it wants one (`globalThis.EventSource = FakeEventSource`, a mocked
// API function, an axios adapter); these refusals are put back before every test.
const unmocked = [];
function refuse(what) {
  const err = new Error(
    `A test made a network call it did not mock: ${what}. Mock the API function it reaches ` +
      '(mockSharedApi in @referio/shared/test-utils) or give it a stand-in.',
  );
  unmocked.push(err);
  return err;
}

class RefusedEventSource {
  constructor(url) {
    throw refuse(`EventSource ${url}`);
  }
}

if (typeof window !== 'undefined') {
  const xhr = window.XMLHttpRequest.prototype;
  const realOpen = xhr.open;
  beforeEach(() => {
    xhr.open = function open(method, url) {
      this.__referioRequest = `${method} ${url}`;
      return realOpen.apply(this, arguments);
    };
    xhr.send = function send() {
      throw refuse(`XMLHttpRequest ${this.__referioRequest ?? ''}`);
    };
    globalThis.fetch = window.fetch = (input) =>
      Promise.reject(refuse(`fetch ${typeof input === 'string' ? input : (input?.url ?? input)}`));
    globalThis.EventSource = window.EventSource = RefusedEventSource;
  });
}

afterEach(() => {
  const found = unmocked.splice(0);
  if (found.length > 0) throw found[0];
});

beforeEach(() => {
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
// In the browser react-toastify loads with the first toast (shared/src/ui/toast.ts). Tests load it up front,
// so a toast shows the moment it is raised, as it does on the site once the library is in; the lazy path
// itself is tested in shared/src/ui/__tests__/toast.test.tsx.
beforeAll(() => require('../../shared/src/ui/toast.ts').loadToastify());
