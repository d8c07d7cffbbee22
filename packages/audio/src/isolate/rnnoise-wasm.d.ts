// The package ships no types; rnnoise.ts narrows what the factory resolves to.
declare module '@echogarden/rnnoise-wasm' {
  const createRnnoiseModule: (options?: Record<string, unknown>) => Promise<unknown>;
  export default createRnnoiseModule;
}
