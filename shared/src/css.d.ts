// Style sheets are bundled by webpack (style-loader) and stubbed in jest.
declare module '*.css';
