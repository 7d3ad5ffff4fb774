// The API's one door to the shared, React-free contract (request schemas, answer types, constants).
export * from '@referio/shared/contract';
