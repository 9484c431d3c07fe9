import { useLocation, useRoutes } from 'react-router';
import { AdminRoute } from './admin/AdminRoute';
import { ErrorBoundary } from './components/ErrorBoundary';
import { LoginRedirect } from './components/LoginRedirect';
import { NotFoundPage } from './components/NotFoundPage';
import { HomePage } from './home/HomePage';
import { PAGE_ROUTES, type PageKind } from './routes';

function Page({ kind }: { kind: PageKind }) {
  switch (kind) {
    case 'home':
      return <HomePage />;
    case 'admin':
      return <AdminRoute />;
    case 'login':
      return <LoginRedirect />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

const routes = PAGE_ROUTES.map(({ path, kind }) => ({ path, element: <Page kind={kind} /> }));

export function App() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  // Leaving a page that failed clears the error (without remounting the admin app on its own navigation).
  return <ErrorBoundary resetKey={pathname}>{element}</ErrorBoundary>;
}
