/** The music feature's public pages (no sign-in), kept apart from the studio's so they load light. */
export { SharePage } from './components/SharePage.tsx';
