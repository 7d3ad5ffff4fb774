// The federation runtime in every shell test (Jest uses a node module's mock in the roots' __mocks__ without
// being asked): nothing is fetched, and a test says what a remote serves with
// `jest.mocked(loadRemote).mockImplementation(...)` (src/test/helpers.tsx has the usual ones).
export const loadRemote = jest.fn();
export const registerRemotes = jest.fn();
export const preloadRemote = jest.fn();
