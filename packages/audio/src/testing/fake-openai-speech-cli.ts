import { startFakeOpenAiSpeechServer } from './fake-openai-speech.ts';

/**
 * `node --import tsx fake-openai-speech-cli.ts <port> <voice>...`: a Kokoro-FastAPI-shaped speech server for the
 * end-to-end run (scripts/e2e.mjs), which points SPEECH_PROVIDERS at it. Runs until killed.
 */
const [port, ...voices] = process.argv.slice(2);
const server = await startFakeOpenAiSpeechServer({ kind: 'kokoro', voices }, { port: Number(port) });
process.stdout.write(`fake OpenAI-compatible speech server at ${server.baseUrl}\n`);
