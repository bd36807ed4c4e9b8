import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatGroupListReplySchema,
  chatMemberListReplySchema,
  invitationAcceptReplySchema,
  invitationCreateReplySchema,
  invitationListReplySchema,
  invitationPreviewReplySchema,
  sameGroupPeopleReplySchema,
} from '../../src/api/contract/chat.ts';
import { newChannelReplySchema } from '../../src/api/contract/channel.ts';
import {
  ACCESS_RULE_ANY,
  ACCESS_RULE_EMAIL,
  chatMessages,
  INVITATION_TTL_MS,
} from '../../src/api/contract/constants.ts';
import { caller, confirmPhone, invitationCodeIn, readSmsOutbox } from '../helpers/groups.ts';
import { createMember, type Member } from '../helpers/members.ts';
import { lastMailTo } from '../helpers/outbox.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

describeEachDatabase('chat groups', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;

  const createGroup = async (who: Member, payload: object) => {
    const { status, body } = await call('POST', '/channel/new', who, {
      is_chatgroup: true,
      language_code_ui: 'en',
      ...payload,
    });
    return { status, body, data: status === 200 ? newChannelReplySchema.parse(body).data! : null };
  };
  const invite = (who: Member, channelId: number, payload: object) =>
    call('POST', `/channel/chat/${channelId}/invitationcreate`, who, {
      channel_id: channelId,
      invitee_name: 'Friend',
      ...payload,
    });
  const lastSmsCode = (to: string) => {
    const sms = readSmsOutbox(t.dataDir)
      .filter((message) => message.to === to)
      .at(-1);
    if (!sms) throw new Error(`no SMS to ${to}`);
    return { code: invitationCodeIn(sms.body), body: sms.body };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t);
    alice = await createMember(t, 'alice-a1', { displayname: 'Alice' });
    bob = await createMember(t, 'bob-b1', { displayname: 'Bob', language_code_ui: 'de' });
    carol = await createMember(t, 'carol-c1', { displayname: 'Carol' });
    dave = await createMember(t, 'dave-d1', { displayname: 'Dave' });
  });
  afterAll(() => t.close());

  describe('creating a group', () => {
    it('sends a user without a confirmed phone to verification for a phone group (the default rule)', async () => {
      const { status, body } = await createGroup(carol, { description: 'Family' });
      expect(status).toBe(403);
      expect(body.message).toBe(chatMessages.phoneNeededToCreate);
      expect(body.formFieldErrorMessages.channel_access_rule).toBe(
        chatMessages.phoneNeededToCreate,
      );
    });

    it('makes the creator the admin and answers data.channel_id', async () => {
      await confirmPhone(t, alice, '+4915112345678');
      const { status, data } = await createGroup(alice, { description: '  Family  ' });
      expect(status).toBe(200);
      expect(data!.channel_id).toBeGreaterThan(0);
      const mine = chatGroupListReplySchema.parse(
        (await call('GET', '/channel/chat/getchatswhereuserismember', alice)).body,
      ).data!;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        channel_id: data!.channel_id,
        description: 'Family',
        role: 'admin',
        member_count: 1,
        is_chatgroup: true,
        channel_access_rule: 'CHANNEL_MEMBERS_PHONE_VERIFIED',
      });
      expect(mine[0]!.channel_invitation_code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    });

    it('refuses a missing name, a long name and an unknown rule with the form texts', async () => {
      expect((await createGroup(alice, { description: ' ' })).body.formFieldErrorMessages).toEqual({
        description: chatMessages.groupNameRequired,
      });
      expect(
        (await createGroup(alice, { description: 'x'.repeat(81) })).body.formFieldErrorMessages,
      ).toEqual({ description: chatMessages.groupNameTooLong });
      const rule = await createGroup(alice, { description: 'A', channel_access_rule: 'OPEN' });
      expect(rule.status).toBe(400);
      expect(rule.body.formFieldErrorMessages).toEqual({
        channel_access_rule: chatMessages.invalidAccessRule,
      });
    });

    it('refuses anonymous callers', async () => {
      expect((await call('POST', '/channel/new', null, { is_chatgroup: true })).status).toBe(401);
    });
  });

  describe('inviting by phone and accepting', () => {
    let groupId: number;
    let groupName: string;

    beforeAll(async () => {
      const { data } = await createGroup(alice, { description: 'Hikers' });
      groupId = data!.channel_id;
      groupName = data!.channel_name;
    });

    it('checks the phone with the numbering plan and names the field', async () => {
      const missing = await invite(alice, groupId, {});
      expect(missing.status).toBe(400);
      expect(missing.body.formFieldErrorMessages).toEqual({
        invitee_phone_number: chatMessages.phoneRequired,
      });
      const bad = await invite(alice, groupId, { invitee_phone_number: '+49 123' });
      expect(bad.body.formFieldErrorMessages).toEqual({
        invitee_phone_number: chatMessages.phoneInvalid,
      });
      const noName = await invite(alice, groupId, {
        invitee_name: ' ',
        invitee_phone_number: '+4915199999999',
      });
      expect(noName.body.formFieldErrorMessages).toEqual({
        invitee_name: chatMessages.inviteeNameRequired,
      });
    });

    it('sends the link by SMS in the invitee’s language; the code is stored only hashed', async () => {
      await confirmPhone(t, bob, '+4915122223333');
      const { status, body } = await invite(alice, groupId, {
        invitee_name: 'Bob',
        invitee_phone_number: '0151 2222 3333',
        country: 'DE',
      });
      expect(status).toBe(200);
      const data = invitationCreateReplySchema.parse(body).data!;
      expect(data.sent_via).toBe('sms');
      const sms = lastSmsCode('+4915122223333');
      expect(sms.body).toContain('lädt dich in die Gruppe „Hikers“ ein');
      expect(sms.body).toContain(`http://localhost:8080/chatinvitation/${sms.code}`);
      expect(sms.code).toHaveLength(24);
      const rows = await t.db.kysely.selectFrom('invitations').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(sms.code);

      const preview = invitationPreviewReplySchema.parse(
        (await call('GET', `/channel/chat/invitation/${sms.code}`, null)).body,
      ).data!;
      expect(preview).toMatchObject({
        channel_id: groupId,
        description: 'Hikers',
        inviter_displayname: 'Alice',
        status: 'valid',
        is_member: false,
      });

      const accepted = await call('POST', `/channel/chat/${sms.code}/invitationaccept`, bob);
      expect(accepted.status).toBe(200);
      expect(invitationAcceptReplySchema.parse(accepted.body).data).toEqual({
        channel_id: groupId,
        channel_name: groupName,
      });
      const members = chatMemberListReplySchema.parse(
        (await call('GET', `/channel/chat/${groupName}/members`, bob)).body,
      ).data!;
      expect(members.map((member) => [member.username, member.role])).toEqual([
        ['alice-a1', 'admin'],
        ['bob-b1', 'member'],
      ]);
      // A phone group's members know each other by phone, never by e-mail.
      expect(members[1]).toMatchObject({ phone_number: '+4915122223333', email: null });

      // Single use: another account cannot use the same code.
      await confirmPhone(t, dave, '+4915144445555');
      const again = await call('POST', `/channel/chat/${sms.code}/invitationaccept`, dave);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(chatMessages.invitationUsed);
      // The one who accepted it just opens the group again.
      expect((await call('POST', `/channel/chat/${sms.code}/invitationaccept`, bob)).status).toBe(
        200,
      );
      const list = invitationListReplySchema.parse(
        (await call('GET', `/channel/chat/${groupName}/invitations`, alice)).body,
      ).data!;
      expect(list[0]).toMatchObject({
        inviter_username: 'alice-a1',
        invitee_username: 'bob-b1',
        invitee_phone_number: '+4915122223333',
        status: 'accepted',
      });
    });

    it('needs a confirmed phone to join a phone group', async () => {
      await invite(alice, groupId, { invitee_phone_number: '+4915166667777' });
      const { code } = lastSmsCode('+4915166667777');
      const refused = await call('POST', `/channel/chat/${code}/invitationaccept`, carol);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(chatMessages.phoneNeededToJoin);
      // Nothing was used up: after verifying, the same link works.
      await confirmPhone(t, carol, '+4915166667777');
      expect((await call('POST', `/channel/chat/${code}/invitationaccept`, carol)).status).toBe(
        200,
      );
    });

    it('lets a code expire after 14 days', async () => {
      await invite(alice, groupId, { invitee_phone_number: '+4915188889999' });
      const { code } = lastSmsCode('+4915188889999');
      t.clock.advance(INVITATION_TTL_MS + 1);
      const expired = await call('POST', `/channel/chat/${code}/invitationaccept`, dave);
      expect(expired.status).toBe(409);
      expect(expired.body.message).toBe(chatMessages.invitationExpired);
      const preview = invitationPreviewReplySchema.parse(
        (await call('GET', `/channel/chat/invitation/${code}`, dave)).body,
      ).data!;
      expect(preview.status).toBe('expired');
    });

    it('lets the admin revoke a pending invitation, which then stops working', async () => {
      const created = await invite(alice, groupId, { invitee_phone_number: '+4915100001111' });
      const id = invitationCreateReplySchema.parse(created.body).data!.invitation_id;
      const { code } = lastSmsCode('+4915100001111');
      expect(
        (
          await call('POST', `/channel/chat/${groupId}/invitationrevoke`, bob, {
            invitation_id: id,
          })
        ).status,
      ).toBe(403);
      const revoked = await call('POST', `/channel/chat/${groupId}/invitationrevoke`, alice, {
        invitation_id: id,
      });
      expect(revoked.status).toBe(200);
      const refused = await call('POST', `/channel/chat/${code}/invitationaccept`, dave);
      expect(refused.body.message).toBe(chatMessages.invitationRevoked);
      const twice = await call('POST', `/channel/chat/${groupId}/invitationrevoke`, alice, {
        invitation_id: id,
      });
      expect(twice.body.message).toBe(chatMessages.invitationNotPending);
    });

    it('renews and revokes the shareable link; the old token stops working', async () => {
      const before = chatGroupListReplySchema
        .parse((await call('GET', '/channel/chat/getchatswhereuserismember', alice)).body)
        .data!.find((group) => group.channel_id === groupId)!.channel_invitation_code!;
      expect((await call('POST', `/channel/chat/${groupId}/linkrenew`, bob)).status).toBe(403);
      const renewed = await call('POST', `/channel/chat/${groupId}/linkrenew`, alice);
      const token = (renewed.body.data as { channel_invitation_code: string })
        .channel_invitation_code;
      expect(token).not.toBe(before);
      const old = await call('POST', `/channel/chat/${before}/invitationaccept`, dave);
      expect(old.status).toBe(404);
      expect(old.body.message).toBe(chatMessages.invitationNotFound);
      expect((await call('POST', `/channel/chat/${token}/invitationaccept`, dave)).status).toBe(
        200,
      );
      await call('POST', `/channel/chat/${groupId}/linkrevoke`, alice);
      expect(
        (await call('POST', `/channel/chat/${token}/invitationaccept`, carol)).body.message,
      ).not.toBe('ok');
    });

    it('lists the people one shares groups with, with phones from phone groups', async () => {
      const people = sameGroupPeopleReplySchema.parse(
        (await call('GET', '/user/usersinsamechatgroups/phone', bob)).body,
      ).data!;
      expect(people.map((person) => person.username).sort()).toEqual(
        ['alice-a1', 'carol-c1', 'dave-d1'].sort(),
      );
      expect(people.find((person) => person.username === 'alice-a1')).toMatchObject({
        phone_number: '+4915112345678',
        shared_groups: 1,
      });
    });

    it('lets the admin rename and remove members, and any member leave', async () => {
      const renamed = await call('POST', `/channel/chat/${groupId}/rename`, alice, {
        description: 'Mountain hikers',
      });
      expect(renamed.body.data).toMatchObject({ description: 'Mountain hikers' });
      expect(
        (await call('POST', `/channel/chat/${groupId}/rename`, bob, { description: 'Mine' }))
          .status,
      ).toBe(403);
      const removed = await call('POST', `/channel/chat/${groupId}/memberremove`, alice, {
        user_id: dave.userId,
      });
      expect(removed.status).toBe(200);
      expect((await call('GET', `/channel/chat/${groupName}/members`, dave)).status).toBe(404);
      expect((await call('POST', `/channel/chat/${groupId}/leave`, carol)).status).toBe(200);
      // When the admin leaves, the longest-standing member takes over.
      expect((await call('POST', `/channel/chat/${groupId}/leave`, alice)).status).toBe(200);
      const members = chatMemberListReplySchema.parse(
        (await call('GET', `/channel/chat/${groupName}/members`, bob)).body,
      ).data!;
      expect(members.map((member) => [member.username, member.role])).toEqual([
        ['bob-b1', 'admin'],
      ]);
    });
  });

  describe('e-mail groups and groups for anyone with the link', () => {
    it('invites by e-mail and needs a confirmed address at acceptance', async () => {
      const { data } = await createGroup(carol, {
        description: 'Book club',
        channel_access_rule: ACCESS_RULE_EMAIL,
      });
      const id = data!.channel_id;
      const missing = await invite(carol, id, {});
      expect(missing.body.formFieldErrorMessages).toEqual({
        invitee_email: chatMessages.emailRequired,
      });
      expect((await invite(carol, id, { invitee_email: 'dave-d1@example.com' })).status).toBe(200);
      const mail = lastMailTo(t.dataDir, 'dave-d1@example.com')!;
      const code = invitationCodeIn(mail.text);
      await t.db.kysely
        .updateTable('users')
        .set({ email_confirmed_at: null })
        .where('id', '=', dave.userId)
        .execute();
      const refused = await call('POST', `/channel/chat/${code}/invitationaccept`, dave);
      expect(refused.body.message).toBe(chatMessages.emailNeededToJoin);
      await t.db.kysely
        .updateTable('users')
        .set({ email_confirmed_at: t.clock.now() })
        .where('id', '=', dave.userId)
        .execute();
      expect((await call('POST', `/channel/chat/${code}/invitationaccept`, dave)).status).toBe(200);
    });

    it('gives "Invalid access rule" for named invitations to an any-user group', async () => {
      const { data } = await createGroup(dave, {
        description: 'Open',
        channel_access_rule: ACCESS_RULE_ANY,
      });
      const refused = await invite(dave, data!.channel_id, { invitee_email: 'x@example.com' });
      expect(refused.status).toBe(400);
      expect(refused.body.formFieldErrorMessages).toEqual({
        channel_access_rule: chatMessages.invalidAccessRule,
      });
    });
  });
});
