export { ApiAccessPage } from './components/ApiAccessPage.tsx';
