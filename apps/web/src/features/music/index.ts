export { MusicPage } from './components/MusicPage.tsx';
export { DiscoverMusic } from './components/DiscoverMusic.tsx';
export { HomeMusicComposer } from './components/HomeMusicComposer.tsx';
