// The payments feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { createPaymentServices, OperatorProducts, type PaymentServices } from './services';
export { paymentRoutes, pingRoutes } from './routes';
export { paymentSettingsKeeper } from './keep-payment-settings';
export { saleClaims } from './claim-sale';
export { planLinks, manageLinkOf } from './plan-links';
export { registerPaymentJobs, END_PERIODS_EVERY_MS } from './register-payment-jobs';
export { endPaidPeriods, saleCounts } from './account-effects';
export { pingUrlOf } from './connect-payments';
export { GumroadClient, GumroadError } from './gumroad-client';
export { PING_ATTEMPTS, PROCESS_PING_JOB } from './ping-jobs';
export { processPing } from './process-ping';
export { retryFailedPings } from './retry-failed-pings';
export { operatorPingUrl } from './register-operator-pings';
export { connectedProductOf } from './connected-product';
export { recordSale } from './record-sale';
