// The sign-in page and the root redirect, loaded on demand (see router.tsx).
export { LoginPage } from '@/features/auth/components/login-page';
export { RootRedirect } from '@/features/auth/components/require-auth';
