export * from './sessionStore';
export * from './suspension';
