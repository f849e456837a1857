// The identity feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { authenticate } from './authenticate';
export { completeEmailChange, sendResetPasswordEmail } from './email-flows';
export { googleDiscovery } from './google';
export { publicBaseUrl } from './links';
export { sendMagicLink, validateOtp } from './magic-link';
export { accessSubject } from './session';
export { resolveTenant } from './tenants';
export { serverKeyBytes } from './tokens';
export { findUser, normaliseEmail } from './users';
export { identityRoutes } from './routes';
