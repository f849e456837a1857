import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  acceptCollaborationRequest,
  addCollaboratorRequest,
  claimRequest,
  resourceIdSchema,
  appIdResponse,
  claimInvitationInfoResponse,
  claimInvitationResponse,
  collaboratorsResponse,
} from '@buildai/domain';
import { clientIp, requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import type { AppChangeBus } from '../apps';
import type { SigningKey } from '../identity';
import { acceptCollaboration } from './accept-collaboration';
import { addCollaborator } from './add-collaborator';
import { claimApp } from './claim-app';
import { getClaimInvitation } from './get-claim-invitation';
import { getInvitationInfo } from './get-invitation-info';
import { listCollaborators } from './list-collaborators';
import { removeCollaborator } from './remove-collaborator';

const invitationParams = z.object({ invitationId: resourceIdSchema });
const collaboratorParams = z.object({ appId: resourceIdSchema, accountId: resourceIdSchema });

/** /api/apps/{appId}/settings/claimInvitation and /api/apps/{appId}/collaborators: the owner's side. */
export function appClaimRoutes(signingKey: SigningKey) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/settings/claimInvitation',
      response: claimInvitationResponse,
      summary: "The app's claim invitation (link and code), opened if none is",
      params: appParams,
    },
    async (c, { params }) =>
      c.json(
        await getClaimInvitation({
          platform: c.get('platform'),
          signingKey,
          caller: requireCaller(c),
          appId: params.appId,
        }),
      ),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/collaborators',
      response: collaboratorsResponse,
      summary: "The app's collaborators",
      params: appParams,
    },
    async (c, { params }) =>
      c.json(await listCollaborators(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/collaborators',
      response: collaboratorsResponse,
      summary: 'Adds a builder as a collaborator',
      params: appParams,
      body: addCollaboratorRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const { email } = await body();
      return c.json(
        await addCollaborator({
          platform: c.get('platform'),
          signingKey,
          caller,
          appId: params.appId,
          email,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/collaborators/{accountId}',
      response: collaboratorsResponse,
      summary: 'Removes a collaborator',
      params: collaboratorParams,
    },
    async (c, { params }) =>
      c.json(
        await removeCollaborator({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          accountId: params.accountId,
        }),
      ),
  );
  return r;
}

/** /api/claim/{invitationId}: the claim page's side. */
export function claimRoutes(signingKey: SigningKey, changes: AppChangeBus) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{invitationId}',
      response: claimInvitationInfoResponse,
      summary: 'What the claim page shows of an invitation',
      params: invitationParams,
    },
    async (c, { params }) => c.json(await getInvitationInfo(c.get('platform'), params.invitationId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{invitationId}',
      response: appIdResponse,
      summary: 'Claims the app with the code',
      params: invitationParams,
      body: claimRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const { claimCode } = await body();
      return c.json(
        await claimApp({
          platform: c.get('platform'),
          signingKey,
          changes,
          caller,
          invitationId: params.invitationId,
          claimCode,
          ip: clientIp(c),
        }),
      );
    },
  );
  return r;
}

/** /api/collaborations/*: the invited builder's side of an invitation to collaborate. */
export function collaborationRoutes(signingKey: SigningKey) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/accept',
      response: appIdResponse,
      summary: 'Accepts an invitation to collaborate on an app',
      body: acceptCollaborationRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      const { invite } = await body();
      return c.json(await acceptCollaboration({ platform: c.get('platform'), signingKey, caller, invite }));
    },
  );
  return r;
}
