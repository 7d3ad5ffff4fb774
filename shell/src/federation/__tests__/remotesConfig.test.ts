import { fetchRemotesConfig, parseRemotesConfig, RemotesConfigError } from '../remotesConfig';

const good = [
  { name: 'mfe_public', entry: 'http://localhost:3001/mf-manifest.json' },
  { name: 'mfe_chat', entry: '/remotes/chat/mf-manifest.json' },
];

describe('remotes.json', () => {
  it('accepts a list of names and entry URLs, absolute or relative to the shell', () => {
    expect(parseRemotesConfig(good)).toEqual(good);
  });

  it.each([
    [{}, /JSON array/],
    [[{ name: 'mfe public', entry: 'http://x/mf-manifest.json' }], /federation name/],
    [[{ name: 'mfe_public' }], /"entry" must be an http\(s\) URL/],
    [[{ name: 'mfe_public', entry: 'javascript:alert(1)' }], /"entry" must be an http\(s\) URL/],
    [[good[0], good[0]], /lists "mfe_public" twice/],
    [['mfe_public'], /must be an object/],
  ])('refuses %j with a message that names the problem', (raw, message) => {
    expect(() => parseRemotesConfig(raw)).toThrow(RemotesConfigError);
    expect(() => parseRemotesConfig(raw)).toThrow(message);
  });

  it('is fetched past every cache and checked', async () => {
    const fetchImpl = jest.fn(
      async () => ({ ok: true, status: 200, json: async () => good }) as unknown as Response,
    );
    await expect(fetchRemotesConfig('/remotes.json', fetchImpl)).resolves.toEqual(good);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('fails clearly when the file is missing or not JSON', async () => {
    const missing = jest.fn(async () => ({ ok: false, status: 404 }) as unknown as Response);
    await expect(fetchRemotesConfig('/remotes.json', missing)).rejects.toThrow(
      '/remotes.json answered 404.',
    );
    const garbled = jest.fn(
      async () =>
        ({
          ok: true,
          status: 200,
          json: async () => {
            throw new SyntaxError('Unexpected token <');
          },
        }) as unknown as Response,
    );
    await expect(fetchRemotesConfig('/remotes.json', garbled)).rejects.toThrow(
      '/remotes.json is not valid JSON.',
    );
  });
});
