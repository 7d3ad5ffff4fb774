require('@testing-library/jest-dom');
// A test that makes a network call it did not mock is a bug: fail loudly instead of hanging.
beforeEach(() => {
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
