/** What ffmpeg prints about its input at `-v info`, parsed from standard error. */
export interface FfmpegInputInfo {
  /** Null when the container does not say (MediaRecorder WebM, raw ADTS, MP3 read from a pipe). */
  durationSeconds: number | null;
  audioCodec: string | null;
  sampleRate: number | null;
  channels: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
}

/** ffmpeg's input section ends where it starts describing the output. */
const INPUT_SECTION_END = /^(Stream mapping:|Output #0)/m;

export function parseInputInfo(stderr: string): FfmpegInputInfo {
  const end = stderr.search(INPUT_SECTION_END);
  const input = end >= 0 ? stderr.slice(0, end) : stderr;
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(input);
  const audio = /Stream #\d+:\d+\S*: Audio: ([A-Za-z0-9_]+)[^\n]*/.exec(input);
  const audioLine = audio?.[0] ?? '';
  return {
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    audioCodec: audio?.[1] ?? null,
    sampleRate: numberOrNull(/(\d+) Hz/.exec(audioLine)?.[1]),
    channels: channelCount(audioLine),
    hasAudio: audio !== null,
    hasVideo: /Stream #\d+:\d+\S*: Video: /.test(input),
  };
}

/** The header has been read once ffmpeg moves on to mapping streams or complains that no output was given. */
export function inputHeaderComplete(stderr: string): boolean {
  return INPUT_SECTION_END.test(stderr) || stderr.includes('At least one output file must be specified');
}

function numberOrNull(text: string | undefined): number | null {
  return text === undefined ? null : Number(text);
}

const LAYOUT_CHANNELS: Readonly<Record<string, number>> = { mono: 1, stereo: 2, '2.1': 3, quad: 4, '4.0': 4, '5.0': 5, '5.1': 6, '6.1': 7, '7.1': 8 };

function channelCount(audioLine: string): number | null {
  const explicit = /(\d+) channels/.exec(audioLine)?.[1];
  if (explicit) return Number(explicit);
  const layout = /Hz, ([^,]+),/.exec(audioLine)?.[1]?.replace(/\(.*\)$/, '').trim();
  return layout ? (LAYOUT_CHANNELS[layout] ?? null) : null;
}

/** The last line that reads like an error, for messages about files that did not decode. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  const errors = lines.filter((line) => /error|invalid|could not|failed|no such|not found/i.test(line));
  return (errors.at(-1) ?? lines.at(-1) ?? '').slice(0, 300);
}
