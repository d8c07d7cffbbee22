import studioTexts from '../../locales/en-studio.json';
import { addStudioTexts } from '../../lib/i18n.ts';

// The share page lives outside the signed-in shell, so it brings the studio's English texts itself.
addStudioTexts(studioTexts);

/** The music feature's public pages (no sign-in), kept apart from the studio's so they load light. */
export { SharePage } from './components/SharePage.tsx';
