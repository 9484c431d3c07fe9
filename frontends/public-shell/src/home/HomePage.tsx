import { lazy, Suspense } from 'react';
import { useIsClient } from '../components/use-is-client';
import { homeVariantOf } from './home-variant';
import { HomeSections } from './HomeSections';

// Variants B and C are previews (only A is ever selected, docs/public-site.md#home-pages): their code loads only when asked for.
const HomeVariantB = lazy(() => import('./variants/HomeVariantB').then((m) => ({ default: m.HomeVariantB })));
const HomeVariantC = lazy(() => import('./variants/HomeVariantC').then((m) => ({ default: m.HomeVariantC })));

/**
 * docs/public-site.md#pages-and-routes client home page, reading A (template home). Variant A is the
 * page (docs/public-site.md#home-pages). `?variant=b|c` on a home path previews B or C: the page
 * state carries no query, so the server renders A and the browser switches
 * after hydration.
 */
export function HomePage() {
  const isClient = useIsClient();
  const variant = isClient ? homeVariantOf(window.location.search) : 'A';
  if (variant === 'A') return <HomeVariantA />;
  return <Suspense fallback={<HomeVariantA />}>{variant === 'B' ? <HomeVariantB /> : <HomeVariantC />}</Suspense>;
}

/** Variant A: sticky top bar, hero, 'Our Services', about, the team when there is one, footer. */
export function HomeVariantA() {
  return <HomeSections />;
}
