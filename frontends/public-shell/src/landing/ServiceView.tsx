import { showsPreviewVariant } from '../routes';
import { usePageState } from '../state/page-context';
import { PreviewView } from './PreviewPage';
import { ServicePage } from './ServicePage';

/** What the server renders for a service page: the page, or an admin's preview (`?preview=1`); the page editor's is the page itself. */
export function ServiceView() {
  const { route } = usePageState();
  return showsPreviewVariant(route) ? <PreviewView /> : <ServicePage />;
}
