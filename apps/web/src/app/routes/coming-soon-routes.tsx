import { useParams } from 'react-router';
import { ToolLinkPage } from './tool-link-page';

/** `/tool/{path}` on the product's host: the short link finds its app (issue 32, item 29). */
export function ShortToolLink() {
  const { path = '' } = useParams();
  return <ToolLinkPage path={path} />;
}

export { NotFoundPage } from '@/features/coming-soon/components/not-found-page';
export { UnauthorizedPage } from '@/features/coming-soon/components/unauthorized-page';
export { RouteErrorPage } from '@/features/coming-soon/components/route-error-page';
