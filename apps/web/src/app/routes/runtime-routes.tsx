import { RuntimeRoot } from '../runtime/runtime-root';
// the whole app's stylesheet, after the first one (see public.css)
import '@/index.css';

/**
 * `/app/*` reached inside the builder's document (a link followed without a reload): the same root as the public
 * pages' own document, which the server serves for a fresh visit.
 */
export function RuntimeRoute() {
  return <RuntimeRoot />;
}
