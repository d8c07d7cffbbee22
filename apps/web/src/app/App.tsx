import { BrowserRouter } from 'react-router';
import { ThemeProvider } from '../features/theme/index.ts';
import { AppRoutes } from './router.tsx';

/** TanStack Query is not here: it loads with the pages that read server data (see `QueryLayer` in the router). */
export function App() {
  return (
    <ThemeProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}
