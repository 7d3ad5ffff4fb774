require('@testing-library/jest-dom');
// A test that makes a network call it did not mock is a bug: fail loudly instead of hanging.
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
