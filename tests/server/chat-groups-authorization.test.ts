import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCESS_RULE_PHONE } from '../../src/api/contract/constants.ts';
import { confirmPhone } from '../helpers/groups.ts';
import { createMember, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { makeTone, publishWave } from '../helpers/waves.ts';

const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-audio-'));
const tone = makeTone(audioDir);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

type Role = 'anonymous' | 'outsider' | 'member' | 'groupAdmin' | 'siteAdmin';
const ROLES: Role[] = ['anonymous', 'outsider', 'member', 'groupAdmin', 'siteAdmin'];

/** What a cell expects: a status, or `H` — exactly the reply for an object that does not exist. */
type Expect = number | 'H';

/** The objects a call is about: the real group and wave, or ones that do not exist. */
interface Target {
  groupId: number;
  groupName: string;
  wave: string;
  day: number;
  /** A wave of the member's made for this one call (deleting, editing). */
  ownWave: string;
  code: string;
  invitationId: number;
  extraMemberId: number;
}

interface Row {
  call: string;
  request: (x: Target) => {
    method: 'GET' | 'POST' | 'HEAD';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  };
  /** anonymous, outsider, member, group admin, site admin */
  expect: [Expect, Expect, Expect, Expect, Expect];
  /** Also: the group wave never appears in the reply. */
  absent?: boolean;
  /** The call changes the group or uses up its objects: every cell gets fresh ones. */
  fresh?: boolean;
}

let phoneSequence = 100_000;
const nextPhone = () => `+49151${String((phoneSequence += 1)).padStart(8, '0')}`;

/**
 * The authorization matrix (docs/product/channels-and-groups.md "Roles" and "Privacy"): every
 * chat call, every wave call on a group's wave and the media paths, for anonymous, a signed-in
 * outsider, a member, the group's admin and a site admin. `H` cells must answer exactly as for
 * a group or wave that does not exist (status, message and field messages).
 */
const MATRIX: Row[] = [
  // Chat calls.
  {
    call: 'GET my groups',
    request: () => ({ method: 'GET', url: '/channel/chat/getchatswhereuserismember' }),
    expect: [401, 200, 200, 200, 200],
  },
  {
    call: 'GET channel by name',
    request: (x) => ({ method: 'GET', url: `/channel/name/${x.groupName}` }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'GET channel by id',
    request: (x) => ({ method: 'GET', url: `/channel/info/${x.groupId}` }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'GET group waves',
    request: (x) => ({ method: 'GET', url: `/channel/chat/${x.groupName}/waves` }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'GET members',
    request: (x) => ({ method: 'GET', url: `/channel/chat/${x.groupName}/members` }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'GET invitations',
    request: (x) => ({ method: 'GET', url: `/channel/chat/${x.groupName}/invitations` }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'POST invitationcreate',
    request: (x) => ({
      method: 'POST',
      url: `/channel/chat/${x.groupId}/invitationcreate`,
      payload: { channel_id: x.groupId, invitee_name: 'Friend', invitee_phone_number: nextPhone() },
    }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'GET invitation preview (holds the code)',
    request: (x) => ({ method: 'GET', url: `/channel/chat/invitation/${x.code}` }),
    expect: [200, 200, 200, 200, 200],
  },
  // Outsider and site admin have no confirmed phone: the phone rule refuses them at acceptance.
  {
    call: 'POST invitationaccept (link)',
    request: (x) => ({
      method: 'POST',
      url: `/channel/chat/${x.code}/invitationaccept`,
      payload: {},
    }),
    fresh: true,
    expect: [401, 403, 200, 200, 403],
  },
  {
    call: 'POST rename',
    request: (x) => ({
      method: 'POST',
      url: `/channel/chat/${x.groupId}/rename`,
      payload: { description: 'Renamed' },
    }),
    fresh: true,
    expect: ['H', 'H', 403, 200, 200],
  },
  {
    call: 'POST invitationrevoke',
    request: (x) => ({
      method: 'POST',
      url: `/channel/chat/${x.groupId}/invitationrevoke`,
      payload: { invitation_id: x.invitationId },
    }),
    fresh: true,
    expect: ['H', 'H', 403, 200, 200],
  },
  {
    call: 'POST memberremove',
    request: (x) => ({
      method: 'POST',
      url: `/channel/chat/${x.groupId}/memberremove`,
      payload: { user_id: x.extraMemberId },
    }),
    fresh: true,
    expect: ['H', 'H', 403, 200, 200],
  },
  {
    call: 'POST linkrenew',
    request: (x) => ({ method: 'POST', url: `/channel/chat/${x.groupId}/linkrenew`, payload: {} }),
    fresh: true,
    expect: ['H', 'H', 403, 200, 200],
  },
  {
    call: 'POST linkrevoke',
    request: (x) => ({ method: 'POST', url: `/channel/chat/${x.groupId}/linkrevoke`, payload: {} }),
    fresh: true,
    expect: ['H', 'H', 403, 200, 200],
  },
  {
    call: 'POST leave',
    request: (x) => ({ method: 'POST', url: `/channel/chat/${x.groupId}/leave`, payload: {} }),
    fresh: true,
    expect: ['H', 'H', 200, 200, 409],
  },
  {
    call: 'GET people in same groups',
    request: () => ({ method: 'GET', url: '/user/usersinsamechatgroups/phone' }),
    expect: [401, 200, 200, 200, 200],
  },
  // Wave calls on the group's wave.
  {
    call: 'GET thread',
    request: (x) => ({ method: 'GET', url: `/wave/thread/${x.wave}` }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'GET metadata',
    request: (x) => ({ method: 'GET', url: `/wave/metadata/${x.wave}` }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'POST logview',
    request: (x) => ({ method: 'POST', url: `/wave/logview/${x.wave}`, payload: {} }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'POST like',
    request: (x) => ({ method: 'POST', url: `/wave/like/${x.wave}`, payload: { isliked: true } }),
    expect: ['H', 'H', 200, 200, 200],
  },
  // The member owns the wave; the group's admin is not its editor.
  {
    call: 'POST metadata (title)',
    request: (x) => ({
      method: 'POST',
      url: `/wave/metadata/${x.ownWave}`,
      payload: { title: 'New title' },
    }),
    fresh: true,
    expect: ['H', 'H', 200, 403, 200],
  },
  {
    call: 'POST sponsor',
    request: (x) => ({
      method: 'POST',
      url: `/wave/sponsor/${x.ownWave}`,
      payload: { is_sponsored: 'FALSE' },
    }),
    fresh: true,
    expect: ['H', 'H', 403, 403, 200],
  },
  {
    call: 'POST delete',
    request: (x) => ({
      method: 'POST',
      url: `/wave/delete/${x.ownWave}`,
      payload: { confirm: 'delete' },
    }),
    fresh: true,
    expect: ['H', 'H', 200, 403, 200],
  },
  // Upload status is for the wave's creator (or its upload token) only.
  {
    call: 'GET uploadstatus',
    request: (x) => ({ method: 'GET', url: `/wave/uploadstatus/${x.ownWave}` }),
    expect: ['H', 'H', 200, 403, 'H'],
  },
  {
    call: 'POST uploadaudio',
    request: (x) => ({ method: 'POST', url: `/uploadaudio/${x.ownWave}` }),
    expect: ['H', 'H', 400, 403, 'H'],
  },
  {
    call: 'POST newwave into the group',
    request: (x) => ({
      method: 'POST',
      url: '/wave/newwave',
      payload: { channel_id: x.groupId, language_code_ui: 'en', captcha: 'x' },
    }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'POST newwave replying to the group wave',
    request: (x) => ({
      method: 'POST',
      url: '/wave/newwave',
      payload: { in_reply_to_wave_wave_name: x.wave, language_code_ui: 'en', captcha: 'x' },
    }),
    expect: ['H', 'H', 200, 200, 200],
  },
  // Public lists: the group's wave is in none of them, for anyone.
  {
    call: 'GET newest',
    request: () => ({ method: 'GET', url: '/wave/wavelistpublicnewest/en' }),
    expect: [200, 200, 200, 200, 200],
    absent: true,
  },
  {
    call: 'GET trending',
    request: () => ({ method: 'GET', url: '/wave/wavelistpublictrending/en' }),
    expect: [200, 200, 200, 200, 200],
    absent: true,
  },
  {
    call: 'GET by username (the author)',
    request: () => ({ method: 'GET', url: '/wave/wavelistpublicbyusername/member-m1' }),
    expect: [200, 200, 200, 200, 200],
    absent: true,
  },
  {
    call: 'GET public channel list of the group',
    request: (x) => ({ method: 'GET', url: `/wave/wavelistpublicbychannelname/${x.groupName}` }),
    expect: ['H', 'H', 'H', 'H', 'H'],
  },
  {
    call: 'GET channel lists',
    request: () => ({ method: 'GET', url: '/channel/list/bylanguage/en' }),
    expect: [200, 200, 200, 200, 200],
    absent: true,
  },
  // Media at its paths (docs/product/api.md "Media").
  {
    call: 'GET audio mp3',
    request: (x) => ({
      method: 'GET',
      url: `/media/audio/${x.groupId}/${x.day}/${x.wave}/${x.groupId}_${x.wave}.mp3`,
    }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'HEAD audio mp3',
    request: (x) => ({
      method: 'HEAD',
      url: `/media/audio/${x.groupId}/${x.day}/${x.wave}/${x.groupId}_${x.wave}.mp3`,
    }),
    expect: ['H', 'H', 200, 200, 200],
  },
  {
    call: 'GET audio mp3, range',
    request: (x) => ({
      method: 'GET',
      url: `/media/audio/${x.groupId}/${x.day}/${x.wave}/${x.groupId}_${x.wave}.mp3`,
      headers: { range: 'bytes=0-9' },
    }),
    expect: ['H', 'H', 206, 206, 206],
  },
  // No portrait video is rendered in tests: 404 for everyone, members included.
  {
    call: 'GET video mp4',
    request: (x) => ({
      method: 'GET',
      url: `/media/audio/${x.groupId}/${x.day}/${x.wave}/${x.groupId}_${x.wave}.mp4`,
    }),
    expect: ['H', 'H', 404, 404, 404],
  },
  {
    call: 'GET audiogram card png',
    request: (x) => ({ method: 'GET', url: `/media/card/${x.wave}.png` }),
    expect: ['H', 'H', 200, 200, 200],
  },
];

describeEachDatabase('chat groups: the authorization matrix', (dialect) => {
  let t: TestApp;
  const people = {} as Record<Exclude<Role, 'anonymous'>, Member>;
  let real: Omit<Target, 'ownWave' | 'invitationId' | 'extraMemberId' | 'code'>;
  let extraCount = 0;

  /** Every cell starts from the same group: the admin, the member, a fresh link. */
  async function resetGroup() {
    const db = t.db.kysely;
    await db.deleteFrom('channel_members').where('channel_id', '=', real.groupId).execute();
    await db
      .insertInto('channel_members')
      .values([
        {
          channel_id: real.groupId,
          user_id: people.groupAdmin.userId,
          role: 'admin',
          member_since: 1,
        },
        {
          channel_id: real.groupId,
          user_id: people.member.userId,
          role: 'member',
          member_since: 2,
        },
      ])
      .execute();
    const code = `link${String(Date.now())}${String((extraCount += 1)).padStart(8, '0')}`;
    await db
      .updateTable('channels')
      .set({ channel_invitation_code: code })
      .where('id', '=', real.groupId)
      .execute();
    return code;
  }

  /** A published wave of the member's in the group, without audio (for editing and deleting). */
  async function memberWave() {
    const created = await t.services.wavePublisher.createWave({
      userId: people.member.userId,
      channelId: real.groupId,
      title: 'Mine',
    });
    return created.wave_name;
  }

  async function cellTarget(): Promise<Target> {
    const code = await resetGroup();
    const extra = await createMember(t, `extra-${String((extraCount += 1))}`);
    await t.db.kysely
      .insertInto('channel_members')
      .values({ channel_id: real.groupId, user_id: extra.userId, role: 'member', member_since: 3 })
      .execute();
    const invitationId = Number(
      (
        await t.db.kysely
          .insertInto('invitations')
          .values({
            channel_id: real.groupId,
            inviter_user_id: people.groupAdmin.userId,
            invitee_name: 'Someone',
            invitee_phone_number: nextPhone(),
            invited_at: t.clock.now(),
            expires_at: t.clock.now() + 60_000,
            code_hash: `hash-${String(extraCount)}-${dialect}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    return {
      ...real,
      ownWave: await memberWave(),
      code,
      invitationId,
      extraMemberId: extra.userId,
    };
  }

  const missing: Target = {
    groupId: 999_999,
    groupName: 'g-doesnotexist000000',
    wave: 'nosuchwave00001',
    day: 20_000,
    ownWave: 'nosuchwave00002',
    code: 'nosuchcodenosuchcode0000',
    invitationId: 999_999,
    extraMemberId: 999_999,
  };

  async function send(request: ReturnType<Row['request']>, role: Role) {
    const who = role === 'anonymous' ? null : people[role];
    const reply = await t.app.inject({
      method: request.method,
      // Media paths live outside the API prefix.
      url: request.url.startsWith('/media/') ? request.url : `/api/v1${request.url}`,
      headers: { ...(who ? who.auth : {}), ...request.headers },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    let body: { message?: string; formFieldErrorMessages?: object } = {};
    // A HEAD reply carries the JSON content type without a body.
    if (reply.body && reply.headers['content-type']?.toString().includes('json'))
      body = reply.json();
    return {
      status: reply.statusCode,
      message: body.message,
      fields: body.formFieldErrorMessages,
      text: reply.body,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    people.outsider = await createMember(t, 'outsider-o1');
    people.member = await createMember(t, 'member-m1');
    people.groupAdmin = await createMember(t, 'admin-a1');
    people.siteAdmin = await createMember(t, 'site-admin-s1', { is_admin: 1 });
    await confirmPhone(t, people.groupAdmin, '+4915111111111');
    await confirmPhone(t, people.member, '+4915122222222');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/channel/new',
      headers: people.groupAdmin.auth,
      payload: {
        is_chatgroup: true,
        description: 'Private',
        channel_access_rule: ACCESS_RULE_PHONE,
        language_code_ui: 'en',
      },
    });
    const group = created.json().data as { channel_id: number; channel_name: string };
    await t.db.kysely
      .insertInto('channel_members')
      .values({
        channel_id: group.channel_id,
        user_id: people.member.userId,
        role: 'member',
        member_since: 2,
      })
      .execute();
    const wave = await publishWave(t, tone, {
      userId: people.member.userId,
      channelId: group.channel_id,
      title: 'Secret',
    });
    real = {
      groupId: group.channel_id,
      groupName: group.channel_name,
      wave: wave.wave_name,
      day: wave.created_epoch_day,
    };
  }, 60_000);
  afterAll(() => t.close());

  it(`answers every cell as the table says (${MATRIX.length} calls × ${ROLES.length} roles)`, async () => {
    const mismatches: string[] = [];
    let cells = 0;
    let target = await cellTarget();
    for (const row of MATRIX) {
      const started = performance.now();
      for (const [index, role] of ROLES.entries()) {
        const expected = row.expect[index]!;
        if (row.fresh) target = await cellTarget();
        const got = await send(row.request(target), role);
        cells += 1;
        if (expected === 'H') {
          const absentTarget = { ...missing, code: target.code };
          const none = await send(row.request(absentTarget), role);
          const same =
            got.status === none.status &&
            got.message === none.message &&
            JSON.stringify(got.fields) === JSON.stringify(none.fields);
          if (!same || got.status < 400) {
            mismatches.push(
              `${row.call} / ${role}: ${got.status} ${got.message ?? ''} ${JSON.stringify(got.fields ?? {})} ≠ missing ${none.status} ${none.message ?? ''} ${JSON.stringify(none.fields ?? {})}`,
            );
          }
        } else if (got.status !== expected) {
          mismatches.push(
            `${row.call} / ${role}: expected ${expected}, got ${got.status} ${got.message ?? ''}`,
          );
        }
        if (row.absent && got.text.includes(real.wave)) {
          mismatches.push(`${row.call} / ${role}: the group's wave appears in the reply`);
        }
      }
      if (row.fresh) target = await cellTarget();
      if (process.env.MATRIX_TIMES) console.log(row.call, Math.round(performance.now() - started));
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(MATRIX.length * ROLES.length);
  }, 900_000);
});
