import type { RegisterOptions } from 'react-hook-form';

export const EMAIL_REQUIRED = 'Enter your email address.';

/** The sign-in page's email fields: something must be typed; the server judges the address itself. */
export const emailRules = {
  validate: (value: string) => value.trim() !== '' || EMAIL_REQUIRED,
} satisfies RegisterOptions<{ email: string }, 'email'>;
