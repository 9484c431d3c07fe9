import { usePageState } from '../state/page-context';
import { PreviewPage } from './PreviewPage';
import { StyleA } from './StyleA';
import { StyleB } from './StyleB';
import { StyleC } from './StyleC';
import { Toaster } from './Toaster';
import './landing.css';

/**
 * A service landing page (public spec §2): the preview variant when asked
 * for, else style A (default), B (find-a-provider) or C (urgency), DESIGN §9.3.
 * The server renders it with its content, so there is no loading state here;
 * failures are the 'Service Not Available' view (ServiceUnavailable.tsx).
 */
export function ServicePage() {
  return (
    <>
      <ServiceStyle />
      <Toaster />
    </>
  );
}

function ServiceStyle() {
  const { route } = usePageState();
  if (route.preview) return <PreviewPage />;
  if (route.style === 'B') return <StyleB />;
  if (route.style === 'C') return <StyleC />;
  return <StyleA />;
}
