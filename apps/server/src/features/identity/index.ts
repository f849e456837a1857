// The identity feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { authenticate } from './authenticate';
export { completeEmailChange } from './complete-email-change';
export { sendResetPasswordEmail } from './send-reset-password-email';
export { OpenIdProvider } from './google';
export { sendAfterAnswer } from './deliver';
export { publicBaseUrl } from './links';
export { sendMagicLink } from './send-magic-link';
export { validateOtp } from './validate-otp';
export { accessSubject } from './session';
export { resolveTenant } from './tenants';
export { SigningKey, signAccessToken } from './tokens';
export { openSecret, packSealed, sealSecret, unpackSealed, type Sealed } from './secret-box';
export { LoginThrottle, type LoginThrottleOptions } from './throttle';
export { createIdentityServices, type IdentityServices } from './services';
export { findUser, normaliseEmail } from './users';
export { identityRoutes } from './routes';
