import { INTERACTION_EVENTS } from '@hap/contracts';
import { homeVariantOf } from '../home/home-variant';
import { formEmbedCodeOf } from '../landing/form-embed-code';
import type { PageState } from '../state/page-state';
import { isEditing } from '../landing/editing';
import type { PageView } from './views';

/**
 * When a server-rendered public page takes over in the browser.
 *
 * An ad click's page is complete as HTML: headline, links, images, the form's
 * fields. Script is needed only once the visitor acts (types in the form, opens
 * the legal text), so most pages hydrate at the first touch, key press or focus
 * and run no script before that: nothing competes with the first paint on a
 * mid-range phone (docs/public-site.md#page-speed; the figures are in infra/bench/README.md).
 *
 * A page hydrates at load when something on it must change without the
 * visitor acting: the unified page's countdown and its sticky bar on scroll, a
 * form embed growing to its content, a home variant chosen in the browser,
 * onboarding (its second step loads the catalogue while the first is filled in)
 * and the error screen.
 *
 * The page editor's page never does: the admin's editor drives it from its own script, and the
 * page brings none (docs/page-editor.md#marks).
 */
export type HydrationMoment = 'load' | 'interaction' | 'never';

export { INTERACTION_EVENTS };

export function hydrationMoment(view: PageView | 'error', state: Pick<PageState, 'landing'> & Partial<Pick<PageState, 'route'>>, search: string): HydrationMoment {
  if (view === 'service' && isEditing(state)) return 'never';
  if (view === 'error' || view === 'unified' || view === 'onboard') return 'load';
  if (view === 'home' && homeVariantOf(search) !== 'A') return 'load';
  if (view === 'service' && formEmbedCodeOf(state.landing?.content.service.formEmbedCode)) return 'load';
  return 'interaction';
}
