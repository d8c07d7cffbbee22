import { describe, expect, it } from 'vitest';
import { encodeMp3 } from '../codec/mp3.ts';
import { encodeWav } from '../codec/wav.ts';
import { sine } from '../codec/test-signals.ts';
import { describeUnsupported, sniffContainer } from './sniff.ts';

const bytes = (...values: Array<number | string>): Uint8Array =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));
const padded = (head: Uint8Array, length = 64): Uint8Array => {
  const result = new Uint8Array(Math.max(length, head.length));
  result.set(head);
  return result;
};

describe('content sniffing', () => {
  it('recognises every accepted container by its magic bytes', () => {
    expect(sniffContainer(encodeWav(sine(440, 0.1, 8000), 8000))).toBe('wav');
    expect(sniffContainer(padded(bytes('FORM', 0, 0, 0, 0, 'AIFF')))).toBe('aiff');
    expect(sniffContainer(padded(bytes('FORM', 0, 0, 0, 0, 'AIFC')))).toBe('aiff');
    expect(sniffContainer(padded(bytes('OggS', 0, 2)))).toBe('ogg');
    expect(sniffContainer(padded(bytes('fLaC', 0, 0, 0, 34)))).toBe('flac');
    expect(sniffContainer(padded(bytes(0, 0, 0, 0x20, 'ftyp', 'M4A ')))).toBe('mp4');
    expect(sniffContainer(padded(bytes(0, 0, 0, 0x20, 'ftyp', 'qt  ')))).toBe('mp4');
    expect(sniffContainer(padded(bytes(0, 0, 0, 8, 'wide', 0, 0, 0, 8, 'mdat')))).toBe('mp4');
    expect(sniffContainer(padded(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 'webm')))).toBe('webm');
    expect(sniffContainer(padded(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, 'matroska')))).toBe('matroska');
    // ADTS: sync 0xFFF, MPEG-4, layer 0, AAC LC at 44.1 kHz, a 371-byte frame.
    expect(sniffContainer(padded(bytes(0xff, 0xf1, 0x50, 0x80, 0x2e, 0x7f, 0xfc)))).toBe('aac');
  });

  it('finds MP3 behind an ID3 tag and by frame sync alone', async () => {
    const mp3 = await encodeMp3(sine(440, 0.5, 24_000), { sampleRate: 24_000 });
    expect(sniffContainer(mp3)).toBe('mp3');
    const tagged = new Uint8Array(10 + 20 + mp3.length);
    tagged.set(bytes('ID3', 4, 0, 0, 0, 0, 0, 20));
    tagged.set(mp3, 30);
    expect(sniffContainer(tagged)).toBe('mp3');
  });

  it('rejects images, documents, archives, text and noise, and says what they look like', () => {
    const png = padded(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 'IHDR'));
    const pdf = padded(bytes('%PDF-1.7\n%âãÏÓ'));
    const zip = padded(bytes('PK', 3, 4, 20, 0));
    const jpeg = padded(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'));
    const text = new TextEncoder().encode('ID,name\n1,This is not audio at all, only a CSV file with words.\n');
    const webp = padded(bytes('RIFF', 0, 0, 0, 0, 'WEBP'));
    for (const file of [png, pdf, zip, jpeg, text, webp, new Uint8Array(0)]) expect(sniffContainer(file)).toBeNull();
    expect(describeUnsupported(png)).toBe('a PNG image');
    expect(describeUnsupported(pdf)).toBe('a PDF document');
    expect(describeUnsupported(zip)).toContain('ZIP');
    expect(describeUnsupported(text)).toBe('text');
    expect(describeUnsupported(webp)).toContain('WEBP');
  });

  it('does not take random bytes that happen to start with 0xFF for MPEG audio', () => {
    // A frame-sync-looking start whose "next frame" is not there.
    const fake = new Uint8Array(4096).fill(0x41);
    fake.set([0xff, 0xfb, 0x90, 0x64]);
    expect(sniffContainer(fake)).toBeNull();
  });
});
