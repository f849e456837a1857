import { LoginPage } from '@/features/auth/components/login-page';
import { DocumentNavigation } from '@/lib/document-navigation';
import { Providers } from '../providers';

const isLoginPath = (pathname: string) => pathname === '/login';

/**
 * The document a fresh visit of `/login` gets (`login.html`): the session, the query cache and the sign-in page,
 * without the router and the route table (docs/decisions/0005 "Page weight"). The page moves within itself (sign
 * in ↔ create an account); where it sends the user next (the builder, an app, the verify page) loads that
 * address's document. Inside the builder's document (a redirect to sign in) the router renders the same page.
 */
export function LoginDocument() {
  return (
    <Providers>
      <DocumentNavigation ownPath={isLoginPath}>
        <LoginPage />
      </DocumentNavigation>
    </Providers>
  );
}
