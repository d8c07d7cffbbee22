/** The three snippets of the API page, filled with this server's own address and the key (or a placeholder). */
export interface ApiExamples {
  curl: string;
  python: string;
  javascript: string;
}

export const KEY_PLACEHOLDER = 'ss_your_key';

export function apiExamples(origin: string, key: string = KEY_PLACEHOLDER): ApiExamples {
  const baseUrl = `${origin}/v1`;
  const text = 'Hello from Sound Studio!';
  return {
    curl: [
      `curl ${baseUrl}/audio/speech \\`,
      `  -H "Authorization: Bearer ${key}" \\`,
      '  -H "Content-Type: application/json" \\',
      `  -d '{"model": "tts-1", "voice": "alloy", "input": "${text}"}' \\`,
      '  --output speech.mp3',
    ].join('\n'),
    python: [
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url="${baseUrl}", api_key="${key}")`,
      '',
      'with client.audio.speech.with_streaming_response.create(',
      `    model="tts-1", voice="alloy", input="${text}"`,
      ') as response:',
      '    response.stream_to_file("speech.mp3")',
    ].join('\n'),
    javascript: [
      "import OpenAI from 'openai';",
      "import { writeFile } from 'node:fs/promises';",
      '',
      `const client = new OpenAI({ baseURL: '${baseUrl}', apiKey: '${key}' });`,
      '',
      "const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: '" + text + "' });",
      "await writeFile('speech.mp3', Buffer.from(await speech.arrayBuffer()));",
    ].join('\n'),
  };
}
