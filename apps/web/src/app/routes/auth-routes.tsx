// The pages of emailed links and signing out, loaded together on demand (see router.tsx).
export { AuthHandlerPage } from '@/features/auth/components/auth-handler-page';
export { LogoutPage } from '@/features/auth/components/logout-page';
export { VerifyEmailPage } from '@/features/auth/components/verify-email-page';
