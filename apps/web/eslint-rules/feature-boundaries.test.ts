import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints snippets with the repository's own eslint.config.js, so this checks the rule and how it is configured.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return results.flatMap((result) => result.messages).filter((message) => message.ruleId === 'web/feature-boundaries').map((message) => message.message);
}

describe('web/feature-boundaries', () => {
  it('lets a feature use a cross-cutting feature through its index.ts, and its own files freely', async () => {
    const code = [
      "import { usePlayer } from '../../player/index.ts';",
      "import { useCreditSummary } from '../../credits/index.ts';",
      "import { useEngagement } from '../hooks/use-engagement.ts';",
      "import { cn } from '../../../lib/cn.ts';",
      'export const used = [usePlayer, useCreditSummary, useEngagement, cn];',
    ].join('\n');
    expect(await boundaryMessages('features/music/components/Example.tsx', code)).toEqual([]);
  });

  it("refuses a reach into another feature's inner files, however it is imported", async () => {
    const code = [
      "import { formatTime } from '../../player/player-rules.ts';",
      "export { usePreferences } from '../../preferences/api/preferences-api.ts';",
      "export const later = () => import('../../credits/components/CreditsPopover.tsx');",
      'export const used = formatTime;',
    ].join('\n');
    expect(await boundaryMessages('features/music/components/Example.tsx', code)).toEqual([
      "Import features/player through its public face (index.ts or public.ts), not its internal file 'player-rules.ts'.",
      "Import features/preferences through its public face (index.ts or public.ts), not its internal file 'api/preferences-api.ts'.",
      "Import features/credits through its public face (index.ts or public.ts), not its internal file 'components/CreditsPopover.tsx'.",
    ]);
  });

  it('refuses a feature that uses a page feature: pages meet in app/', async () => {
    const code = "export { MusicPage } from '../music/index.ts';";
    expect(await boundaryMessages('features/voices/example.ts', code)).toEqual([
      'features/voices may not use features/music: only cross-cutting features are shared. Compose the two in app/, or move what both need into shared code.',
    ]);
  });

  it('refuses imports that flow upwards', async () => {
    expect(await boundaryMessages('features/music/example.ts', "export { router } from '../../app/router.tsx';")).toEqual([
      'features/music may not import from app: the app composes features, not the other way round.',
    ]);
    expect(await boundaryMessages('lib/example.ts', "export { usePlayer } from '../features/player/index.ts';")).toEqual([
      'lib/ is shared code: it may not import from features (imports flow shared -> features -> app).',
    ]);
    expect(await boundaryMessages('components/ui/example.tsx', "export { router } from '../../app/router.tsx';")).toEqual([
      'components/ is shared code: it may not import from app (imports flow shared -> features -> app).',
    ]);
  });

  it("lets app/ compose any feature through its entry files, but not reach inside", async () => {
    const code = [
      "export { MusicPage } from '../features/music/index.ts';",
      "export { SharePage } from '../features/music/public.ts';",
      "export { TrackCard } from '../features/music/components/TrackCard.tsx';",
    ].join('\n');
    expect(await boundaryMessages('app/example.tsx', code)).toEqual([
      "Import features/music through its public face (index.ts or public.ts), not its internal file 'components/TrackCard.tsx'.",
    ]);
  });
});
