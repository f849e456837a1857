import { z } from 'zod';
import { resourceIdSchema } from '@buildai/domain';

/** Path params and query values many routes share; every id is checked by shape (docs/decisions/0006). */
export const appParams = z.object({ appId: resourceIdSchema });
export const toolParams = z.object({ appId: resourceIdSchema, toolId: resourceIdSchema });
export const idParams = z.object({ id: resourceIdSchema });
/** `?appId=`: an app, or none (or empty) for the platform's own tenant. */
export const optionalAppQuery = z.object({ appId: resourceIdSchema.or(z.literal('')).optional() });
