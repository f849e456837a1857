// The app's branding as CSS variables lives in lib/: the app's sign-in page wears it too.
export * from '@/lib/app-theme';
