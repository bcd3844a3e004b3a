import { createBrowserRouter } from 'react-router-dom';
import { routes } from '../routes.tsx';
import { AppProviders, createQueryClient } from './AppProviders.tsx';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

export function App() {
  return <AppProviders queryClient={queryClient} router={router} />;
}
