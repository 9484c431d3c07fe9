import { Toaster } from '../landing/Toaster';
import { UnifiedLayout } from './UnifiedLayout';
import './unified.css';

/**
 * /unified/{path}: the rich hormone-therapy-style service page built from
 * the unified content (docs/public-site.md#pages-and-routes, docs/public-site.md#page-styles). Its own chunk with its
 * own stylesheet, both preloaded by the server.
 */
export function UnifiedPage() {
  return (
    <>
      <UnifiedLayout />
      <Toaster />
    </>
  );
}
