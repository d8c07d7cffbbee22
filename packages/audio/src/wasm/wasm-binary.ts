import { concatBytes } from '../codec/pcm.ts';

/**
 * Just enough of the WebAssembly binary format to find a module's sections and function bodies and put one back
 * changed (https://webassembly.github.io/spec/core/binary/modules.html).
 */
export const SectionId = { import: 2, export: 7, code: 10 } as const;

export interface Section {
  id: number;
  /** [start, end) of the section's contents in the module, after its id and size. */
  start: number;
  end: number;
}

const HEADER_BYTES = 8;

export function sectionsOf(module: Uint8Array): Section[] {
  const reader = new ByteReader(module, HEADER_BYTES);
  const sections: Section[] = [];
  while (!reader.done) {
    const id = reader.byte();
    const size = reader.unsignedLeb();
    sections.push({ id, start: reader.position, end: reader.position + size });
    reader.skip(size);
  }
  return sections;
}

/** The bodies (locals and instructions) of the functions a module defines, in order. */
export function functionBodies(module: Uint8Array): Uint8Array[] {
  const code = sectionsOf(module).find((section) => section.id === SectionId.code);
  if (!code) return [];
  const reader = new ByteReader(module, code.start);
  return Array.from({ length: reader.unsignedLeb() }, () => reader.bytes(reader.unsignedLeb()));
}

/** The module with its code section rebuilt from `bodies` (one per defined function, as functionBodies gives). */
export function withFunctionBodies(module: Uint8Array, bodies: readonly Uint8Array[]): Uint8Array {
  return withSection(module, SectionId.code, concatBytes([unsignedLeb(bodies.length), ...bodies.flatMap((body) => [unsignedLeb(body.length), body])]));
}

/** The module with section `id`'s contents replaced (the section must exist). */
export function withSection(module: Uint8Array, id: number, contents: Uint8Array): Uint8Array {
  const section = sectionsOf(module).find((candidate) => candidate.id === id);
  if (!section) throw new Error(`The module has no section ${id}`);
  const headerStart = section.start - 1 - unsignedLeb(section.end - section.start).length;
  return concatBytes([module.subarray(0, headerStart), Uint8Array.of(id), unsignedLeb(contents.length), contents, module.subarray(section.end)]);
}

/** How many functions the module imports: the first defined function's index. */
export function importedFunctionCount(module: Uint8Array): number {
  const imports = sectionsOf(module).find((section) => section.id === SectionId.import);
  if (!imports) return 0;
  const reader = new ByteReader(module, imports.start);
  let functions = 0;
  for (let remaining = reader.unsignedLeb(); remaining > 0; remaining--) {
    reader.skip(reader.unsignedLeb()); // module name
    reader.skip(reader.unsignedLeb()); // field name
    const kind = reader.byte();
    if (kind === 0) {
      functions++;
      reader.unsignedLeb(); // type index
    } else if (kind === 1) {
      reader.byte(); // reference type
      skipLimits(reader);
    } else if (kind === 2) {
      skipLimits(reader);
    } else {
      reader.skip(2); // global: value type, mutability
    }
  }
  return functions;
}

function skipLimits(reader: ByteReader): void {
  const flags = reader.byte();
  reader.unsignedLeb();
  if (flags & 1) reader.unsignedLeb();
}

export function unsignedLeb(value: number): Uint8Array {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest >>>= 7;
    bytes.push(rest === 0 ? low : low | 0x80);
  } while (rest !== 0);
  return Uint8Array.from(bytes);
}

export class ByteReader {
  constructor(
    private readonly source: Uint8Array,
    public position: number,
  ) {}

  get done(): boolean {
    return this.position >= this.source.length;
  }

  byte(): number {
    if (this.done) throw new Error('Unexpected end of the WebAssembly module');
    return this.source[this.position++] as number;
  }

  unsignedLeb(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('Malformed LEB128 in the WebAssembly module');
  }

  bytes(length: number): Uint8Array {
    if (this.position + length > this.source.length) throw new Error('Unexpected end of the WebAssembly module');
    const slice = this.source.subarray(this.position, this.position + length);
    this.position += length;
    return slice;
  }

  skip(length: number): void {
    this.bytes(length);
  }
}

/** The parts of the global WebAssembly object used here (this package's type libraries declare only its types). */
export interface WebAssemblyApi {
  validate(bytes: Uint8Array): boolean;
  instantiate(bytes: Uint8Array, imports: Record<string, Record<string, unknown>>): Promise<{ instance: { exports: Record<string, unknown> } }>;
  compile(bytes: Uint8Array): Promise<object>;
  Module: {
    new (bytes: Uint8Array): object;
    imports(module: object): Array<{ module: string; name: string; kind: string }>;
    exports(module: object): Array<{ name: string; kind: string }>;
  };
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: Record<string, unknown> };
}

/** A WebAssembly memory as its exports hold it. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

export const WASM_PAGE_BYTES = 65_536;

/** Grows `memory` so it holds at least `bytes`. */
export function ensureMemory(memory: WasmMemory, bytes: number): void {
  const missing = bytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / WASM_PAGE_BYTES));
}

export function webAssembly(): WebAssemblyApi {
  return (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
}
