// The API keys feature as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0010).
export { authenticateKey, bearerOf, type KeyCaller } from './authenticate-key';
export { hashApiKey, newApiKey } from './key-format';
export { apiKeyRoutes } from './routes';
export { createApiKey } from './create-api-key';
export { listApiKeys } from './list-api-keys';
export { revokeApiKey } from './revoke-api-key';
