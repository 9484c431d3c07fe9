import type { ComponentType } from 'react';
import { showsPreviewVariant } from '../routes';
import { usePageState } from '../state/page-context';
import type { PageState } from '../state/page-state';
import { StyleA } from './StyleA';
import { StyleB } from './StyleB';
import { StyleC } from './StyleC';
import { Toaster } from './Toaster';
import './landing.css';

/**
 * A service landing page (docs/public-site.md#pages-and-routes): style A (default), B
 * (find-a-provider) or C (urgency), docs/public-site.md#page-styles. The server renders it with
 * its content, so there is no loading state here; failures are the 'Service
 * Not Available' view (ServiceUnavailable.tsx). An admin's preview is
 * PreviewView, whose code a visitor's page does not carry.
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
  if (route.style === 'B') return <StyleB />;
  if (route.style === 'C') return <StyleC />;
  return <StyleA />;
}

/** The component a service page hydrates: the page, or the preview the server rendered (its chunk loads only then). */
export function serviceViewFor(state: Pick<PageState, 'route'>): Promise<ComponentType> {
  if (showsPreviewVariant(state.route)) return import('./PreviewPage').then((m) => m.PreviewView);
  return Promise.resolve(ServicePage);
}
