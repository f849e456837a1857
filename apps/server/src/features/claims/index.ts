// The claims feature as other parts of the server see it (decision 0005, "Feature boundaries"): handing an app to
// a customer by invite link and code, and the builders who edit an app besides its owner.
export { appClaimRoutes, claimRoutes, collaborationRoutes } from './routes';
export { newClaimCode, normaliseClaimCode } from './invitation-code';
