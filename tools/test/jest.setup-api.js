// The shell's and the remotes' tests run against a stand-in of the server: every function of
// '@referio/shared' that asks it is a jest.fn() (mockSharedApi in @referio/shared/test-utils), and a test
// gives the ones its page calls their answers (`jest.mocked(getMe).mockResolvedValue(...)`). A test file
// that needs another mock of '@referio/shared' calls jest.mock itself, which replaces this one.
jest.mock('@referio/shared', () =>
  jest.requireActual('@referio/shared/test-utils').mockSharedApi(),
);
