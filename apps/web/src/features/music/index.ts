export { MusicPage } from './components/MusicPage.tsx';
