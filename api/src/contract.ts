// The API's one door to the shared, React-free contract (request schemas, answer types, constants).
// The root lint rule meant to allow exactly this subpath currently matches it too (a gitignore-style
// negation cannot re-include a path under an excluded one), hence the single exemption here.
// eslint-disable-next-line no-restricted-imports
export * from '@referio/shared/contract';
