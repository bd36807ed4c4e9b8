import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import { profileMessages } from '../../src/api/contract/constants.ts';
import { createMember, multipart, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

const validProfile = {
  displayname: 'Ada Lovelace',
  about: 'Counting engines and voices.',
  private_by_default: 'TRUE',
  play_beep: 'FALSE',
  usercountrycode: 'DE',
  userregionname: 'Berlin',
};

describeEachDatabase('profiles', (dialect) => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await createMember(t, 'adalove1');
    bob = await createMember(t, 'bobbuilds2');
  });
  afterAll(() => t.close());

  const postProfile = async (
    fields: Record<string, string>,
    headers: Record<string, string>,
    files?: Parameters<typeof multipart>[1],
  ) => {
    const body = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/user/me',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const info = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/user/info/${id}` })).json().data;

  describe('only the owner edits a profile', () => {
    it('saves the signed-in user’s own fields and returns the updated user', async () => {
      const reply = await postProfile(validProfile, ada.auth);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data).toMatchObject({
        username: 'adalove1',
        displayname: 'Ada Lovelace',
        about: 'Counting engines and voices.',
        private_by_default: true,
        play_beep: false,
        usercountrycode: 'DE',
        userregionname: 'Berlin',
        usercountryname: 'Germany',
      });
    });

    it('ignores a user id smuggled into the form: Bob can only change Bob', async () => {
      const reply = await postProfile(
        {
          ...validProfile,
          displayname: 'Hijacked',
          user_id: String(ada.userId),
          id: String(ada.userId),
        },
        bob.auth,
      );
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data.user_id).toBe(bob.userId);
      expect((await info(ada.userId)).displayname).toBe('Ada Lovelace');
      expect((await info(bob.userId)).displayname).toBe('Hijacked');
    });

    it('takes the avatar and the cover in the same multipart form as the fields', async () => {
      const image = await sharp({
        create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 200, b: 90 } },
      })
        .png()
        .toBuffer();
      const reply = await postProfile(validProfile, ada.auth, {
        avatar: { data: image, filename: 'a.png', type: 'image/png' },
        cover: { data: image, filename: 'c.png', type: 'image/png' },
      });
      expect(reply.statusCode).toBe(200);
      const data = reply.json().data;
      expect(data.avatar_version).toMatch(/^[a-f0-9]{12}$/);
      expect(data.cover_version).toMatch(/^[a-f0-9]{12}$/);
      expect((await info(ada.userId)).avatar_version).toBe(data.avatar_version);
    });

    it('refuses the anonymous user with "must be signed in"', async () => {
      const reply = await postProfile(validProfile, {});
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toMatchObject({ success: false, message: 'must be signed in' });
    });

    it('refuses a revoked session as anonymous', async () => {
      const carol = await createMember(t, 'carolsings3');
      const session = await t.services.sessions.resolve(carol.token);
      await t.services.sessions.revoke(session!.sessionId!);
      const reply = await postProfile(validProfile, carol.auth);
      expect(reply.statusCode).toBe(401);
    });

    it('refuses a cookie-authenticated edit from another site (CSRF)', async () => {
      const body = await multipart(validProfile);
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/me',
        payload: body.payload,
        headers: {
          ...body.headers,
          cookie: `waves_session=${ada.token}`,
          origin: 'https://evil.example',
        },
      });
      expect(reply.statusCode).toBe(403);
      expect((await info(ada.userId)).displayname).toBe('Ada Lovelace');
    });
  });

  describe('the profile rules (docs/product/accounts.md, Profile settings)', () => {
    it('refuses a display name over 50 and an about text over 160 characters', async () => {
      const reply = await postProfile(
        { ...validProfile, displayname: 'x'.repeat(51), about: 'y'.repeat(161) },
        ada.auth,
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json().formFieldErrorMessages).toEqual({
        displayname: profileMessages.displaynameTooLong,
        about: profileMessages.aboutTooLong,
      });
    });

    it('accepts exactly 50 and 160 characters', async () => {
      const reply = await postProfile(
        { ...validProfile, displayname: 'x'.repeat(50), about: 'y'.repeat(160) },
        ada.auth,
      );
      expect(reply.statusCode).toBe(200);
    });

    it('requires a known country and a region of that country', async () => {
      const noCountry = await postProfile({ ...validProfile, usercountrycode: '' }, ada.auth);
      expect(noCountry.json().formFieldErrorMessages.usercountrycode).toBe(
        profileMessages.countryRequired,
      );
      const wrongRegion = await postProfile(
        { ...validProfile, usercountrycode: 'US', userregionname: 'Berlin' },
        ada.auth,
      );
      expect(wrongRegion.json().formFieldErrorMessages).toEqual({
        userregionname: profileMessages.regionRequired,
      });
    });

    it('reads play_beep and private_by_default only as TRUE or FALSE', async () => {
      const reply = await postProfile({ ...validProfile, play_beep: 'maybe' }, ada.auth);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().formFieldErrorMessages).toEqual({ play_beep: 'must be TRUE or FALSE' });
    });

    it('streams an 11 MB avatar in the profile form and refuses it with 413, storing nothing', async () => {
      const dir = path.join(t.dataDir, 'media', 'avatars', String(ada.userId));
      const before = existsSync(dir) ? readdirSync(dir) : [];
      const versionBefore = (await info(ada.userId)).avatar_version;
      const data = Buffer.alloc(11 * 1024 * 1024, 1);
      Buffer.from([0xff, 0xd8, 0xff]).copy(data);
      const reply = await postProfile(validProfile, ada.auth, {
        avatar: { data, filename: 'big.jpg', type: 'image/jpeg' },
      });
      expect(reply.statusCode).toBe(413);
      expect(reply.json().formFieldErrorMessages).toEqual({ avatar: profileMessages.imageTooBig });
      expect(existsSync(dir) ? readdirSync(dir) : []).toEqual(before);
      expect((await info(ada.userId)).avatar_version).toBe(versionBefore);
      expect(readdirSync(t.services.uploadPaths.forms)).toEqual([]);
    });
  });

  describe('user info', () => {
    it('answers /user/info/{id} with every field of docs/product/api.md, User calls', async () => {
      const data = await info(ada.userId);
      expect(Object.keys(data).sort()).toEqual(
        [
          'about',
          'avatar_version',
          'cover_version',
          'displayname',
          'followers_count',
          'home_team_id',
          'id',
          'memberofteams',
          'phoneconfirmed',
          'play_beep',
          'private_by_default',
          'total_likes_count',
          'user_id',
          'usercountrycode',
          'usercountryname',
          'username',
          'userregionname',
        ].sort(),
      );
      expect(data.memberofteams[0]).toEqual({ team_id: ada.homeTeamId, team_name: 'adalove1' });
      expect(data.home_team_id).toBe(ada.homeTeamId);
    });

    it('finds a user page by username, whatever its case, and 404s an unknown one', async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/api/v1/user/byusername/ADALOVE1' });
      expect(reply.json().data.user_id).toBe(ada.userId);
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/byusername/nobody99',
      });
      expect(missing.statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/byusername/anonymous',
      });
      expect(anonymous.json().data).toMatchObject({ username: 'anonymous', home_team_id: null });
    });

    it('never shows private fields in user info', async () => {
      const reply = await t.app.inject({ method: 'GET', url: `/api/v1/user/info/${ada.userId}` });
      expect(reply.body).not.toContain('adalove1@example.com');
      expect(reply.json().data.email).toBeUndefined();
    });
  });

  describe('the people list', () => {
    it('lists members newest first, without the anonymous user or unconfirmed sign-ups, in keyset pages', async () => {
      const names = ['pageone01', 'pagetwo02', 'pagethree03', 'pagefour04'];
      for (const name of names) await createMember(t, name);
      // A sign-up that has not confirmed its e-mail address yet is not listed.
      const now = t.clock.now();
      await usersRepository(t.db.kysely).insertWithHomeTeam({
        username: 'pending05',
        username_lower: 'pending05',
        email: 'pending05@example.com',
        email_confirmed_at: null,
        created_at: now,
        updated_at: now,
      });
      const first = await t.app.inject({ method: 'GET', url: '/api/v1/user/users?limit=2' });
      const page1 = first.json().data as { username: string; cursor: string }[];
      expect(page1.map((person) => person.username)).toEqual(['pagefour04', 'pagethree03']);
      const second = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/users?limit=2&after=${page1[1]!.cursor}`,
      });
      expect(second.json().data.map((person: { username: string }) => person.username)).toEqual([
        'pagetwo02',
        'pageone01',
      ]);
      const all = await t.app.inject({ method: 'GET', url: '/api/v1/user/users?limit=60' });
      const usernames = all.json().data.map((person: { username: string }) => person.username);
      expect(usernames).not.toContain('anonymous');
      expect(usernames).not.toContain('pending05');
      expect(usernames).toContain('adalove1');
    });

    it('tells a signed-in caller whom they follow', async () => {
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/team/subscribe/${ada.homeTeamId}`,
        payload: { issubscribed: true },
        headers: bob.auth,
      });
      const reply = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/users?limit=60',
        headers: bob.auth,
      });
      const people = reply.json().data as { username: string; is_subscribed: boolean }[];
      expect(people.find((person) => person.username === 'adalove1')?.is_subscribed).toBe(true);
      expect(people.find((person) => person.username === 'pageone01')?.is_subscribed).toBe(false);
    });

    it('refuses a malformed cursor or limit with a field error', async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/api/v1/user/users?after=x;drop' });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().formFieldErrorMessages.after).toBe('invalid cursor');
      const tooMany = await t.app.inject({ method: 'GET', url: '/api/v1/user/users?limit=1000' });
      expect(tooMany.statusCode).toBe(400);
    });
  });
});
