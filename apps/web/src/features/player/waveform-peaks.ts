/** How many bars the waveform draws; enough for a 1440 px bar, cheap to compute. */
const BAR_COUNT = 800;

export interface Peaks {
  channel: Float32Array;
  duration: number;
}

const cache = new Map<string, Promise<Peaks>>();

/**
 * Decodes the file once and keeps the loudest sample of each slice. Handing these to wavesurfer (instead of a URL)
 * keeps it from swapping the shared audio element's source mid-play.
 */
export function loadPeaks(audioUrl: string): Promise<Peaks> {
  let pending = cache.get(audioUrl);
  if (!pending) {
    pending = decodePeaks(audioUrl);
    pending.catch(() => cache.delete(audioUrl));
    cache.set(audioUrl, pending);
  }
  return pending;
}

async function decodePeaks(audioUrl: string): Promise<Peaks> {
  const response = await fetch(audioUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  const context = new OfflineAudioContext(1, 1, 22_050);
  const decoded = await context.decodeAudioData(buffer);
  const samples = decoded.getChannelData(0);
  const bucket = Math.max(1, Math.floor(samples.length / BAR_COUNT));
  const channel = new Float32Array(Math.ceil(samples.length / bucket));
  for (let bar = 0; bar < channel.length; bar += 1) {
    let peak = 0;
    const end = Math.min(samples.length, (bar + 1) * bucket);
    for (let at = bar * bucket; at < end; at += 1) {
      const value = Math.abs(samples[at] ?? 0);
      if (value > peak) peak = value;
    }
    channel[bar] = peak;
  }
  return { channel, duration: decoded.duration };
}
