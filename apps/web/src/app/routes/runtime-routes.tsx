import { RuntimeRoot } from '../runtime/runtime-root';

/**
 * `/app/*` reached inside the builder's document (a link followed without a reload): the same root as the public
 * pages' own document, which the server serves for a fresh visit.
 */
export function RuntimeRoute() {
  return <RuntimeRoot />;
}
