// The accounts feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { getCurrentAccount, isAdminAccount, requireAccount, type AccountRow } from './get-current-account';
export { accountRoutes } from './routes';
export type { SaleClaims } from './create-account';
