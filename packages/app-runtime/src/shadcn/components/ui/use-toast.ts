// Older shadcn projects import the toast hook from here.
export * from '@/hooks/use-toast';
