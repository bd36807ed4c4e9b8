import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatChannelIdParamsSchema,
  chatChannelNameParamsSchema,
  chatGroupListReplySchema,
  chatMemberListReplySchema,
  groupLinkReplySchema,
  groupWavesQuerySchema,
  groupWavesReplySchema,
  invitationAcceptReplySchema,
  invitationCodeParamsSchema,
  invitationCreateBodySchema,
  invitationCreateReplySchema,
  invitationListReplySchema,
  invitationPreviewReplySchema,
  leaveGroupReplySchema,
  removeMemberBodySchema,
  removeMemberReplySchema,
  renameGroupBodySchema,
  renameGroupReplySchema,
  revokeInvitationBodySchema,
  revokeInvitationReplySchema,
  sameGroupPeopleReplySchema,
} from '../../src/api/contract/chat.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { callerOfRequests } from '../http/caller.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

/** Empty bodies: nothing, or an empty JSON object. */
const emptyBody = z.object({}).optional();

/**
 * The chat-group calls (docs/product/api.md "Chat-group calls"). Every reply is private to the
 * caller (`private, no-store`): a group's data never sits in a shared cache.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const callerOf = callerOfRequests(services.viewerKeys);
  const groups = services.groups;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const signedIn = { preValidation: requireSignedIn };

  app.get(
    '/channel/chat/getchatswhereuserismember',
    { ...signedIn, schema: { tags: ['chat'], response: { 200: chatGroupListReplySchema } } },
    async (request) => ok(await groups.mine(request.viewer)),
  );

  app.get(
    '/channel/chat/invitation/:code',
    {
      schema: {
        tags: ['chat'],
        params: invitationCodeParamsSchema,
        response: { 200: invitationPreviewReplySchema },
      },
    },
    async (request) => ok(await groups.preview(request.params.code, request.viewer, request.ip)),
  );

  app.post(
    '/channel/chat/:code/invitationaccept',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: invitationCodeParamsSchema,
        body: emptyBody,
        response: { 200: invitationAcceptReplySchema },
      },
    },
    async (request) => ok(await groups.accept(request.params.code, request.viewer, request.ip)),
  );

  app.get(
    '/channel/chat/:channel_name/members',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelNameParamsSchema,
        response: { 200: chatMemberListReplySchema },
      },
    },
    async (request) => ok(await groups.members(request.params.channel_name, request.viewer)),
  );

  app.get(
    '/channel/chat/:channel_name/invitations',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelNameParamsSchema,
        response: { 200: invitationListReplySchema },
      },
    },
    async (request) => ok(await groups.invitations(request.params.channel_name, request.viewer)),
  );

  app.get(
    '/channel/chat/:channel_name/waves',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelNameParamsSchema,
        querystring: groupWavesQuerySchema,
        response: { 200: groupWavesReplySchema },
      },
    },
    async (request) => {
      const channel = await groups.readableByName(request.params.channel_name, request.viewer);
      return ok(await services.waveLists.byGroup(channel.id, request.query, callerOf(request)));
    },
  );

  app.post(
    '/channel/chat/:channel_id/invitationcreate',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelIdParamsSchema,
        body: invitationCreateBodySchema,
        response: { 200: invitationCreateReplySchema },
      },
    },
    async (request) =>
      ok(await groups.invite(request.params.channel_id, request.body, request.viewer, request.log)),
  );

  app.post(
    '/channel/chat/:channel_id/rename',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelIdParamsSchema,
        body: renameGroupBodySchema,
        response: { 200: renameGroupReplySchema },
      },
    },
    async (request) =>
      ok(await groups.rename(request.params.channel_id, request.body.description, request.viewer)),
  );

  app.post(
    '/channel/chat/:channel_id/invitationrevoke',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelIdParamsSchema,
        body: revokeInvitationBodySchema,
        response: { 200: revokeInvitationReplySchema },
      },
    },
    async (request) =>
      ok(
        await groups.revokeInvitation(
          request.params.channel_id,
          request.body.invitation_id,
          request.viewer,
        ),
      ),
  );

  app.post(
    '/channel/chat/:channel_id/memberremove',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelIdParamsSchema,
        body: removeMemberBodySchema,
        response: { 200: removeMemberReplySchema },
      },
    },
    async (request) =>
      ok(
        await groups.removeMember(request.params.channel_id, request.body.user_id, request.viewer),
      ),
  );

  for (const [path, renew] of [
    ['/channel/chat/:channel_id/linkrenew', true],
    ['/channel/chat/:channel_id/linkrevoke', false],
  ] as const) {
    app.post(
      path,
      {
        ...signedIn,
        schema: {
          tags: ['chat'],
          params: chatChannelIdParamsSchema,
          body: emptyBody,
          response: { 200: groupLinkReplySchema },
        },
      },
      async (request) => ok(await groups.setLink(request.params.channel_id, renew, request.viewer)),
    );
  }

  app.post(
    '/channel/chat/:channel_id/leave',
    {
      ...signedIn,
      schema: {
        tags: ['chat'],
        params: chatChannelIdParamsSchema,
        body: emptyBody,
        response: { 200: leaveGroupReplySchema },
      },
    },
    async (request) => ok(await groups.leave(request.params.channel_id, request.viewer)),
  );

  app.get(
    '/user/usersinsamechatgroups/phone',
    { ...signedIn, schema: { tags: ['chat'], response: { 200: sameGroupPeopleReplySchema } } },
    async (request) => ok(await groups.peopleInSameGroups(request.viewer)),
  );
};
