// The package ships no types; espeak-module.ts narrows what the factory resolves to.
declare module '@echogarden/espeak-ng-emscripten' {
  const createEspeakModule: (options?: Record<string, unknown>) => Promise<unknown>;
  export default createEspeakModule;
}
