import { HomeSections } from '../HomeSections';
import { CtaBand } from './CtaBand';

/** docs/public-site.md#pages-and-routes reading A, variant C: variant A with a call-to-action band. */
export function HomeVariantC() {
  return (
    <HomeSections>
      <CtaBand />
    </HomeSections>
  );
}
