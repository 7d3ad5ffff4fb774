export * from './ResponsivenessLine';
