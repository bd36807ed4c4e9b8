import { afterAll, beforeAll, expect, it } from 'vitest';
import { followMessages } from '../../src/api/contract/constants.ts';
import { createMember, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

describeEachDatabase('follow', (dialect) => {
  let t: TestApp;
  let star: Member;
  let fan: Member;
  let other: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    star = await createMember(t, 'starsings1');
    fan = await createMember(t, 'fanlistens2');
    other = await createMember(t, 'otherfan3');
  });
  afterAll(() => t.close());

  const subscribe = (member: Member | null, teamId: number, issubscribed: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/team/subscribe/${teamId}`,
      payload: { issubscribed },
      headers: member ? member.auth : {},
    });
  const count = async (teamId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/team/subscribercount/${teamId}` })).json()
      .data.count as number;
  const isSubscribed = async (member: Member, teamId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/team/issubscribed/${teamId}`,
        headers: member.auth,
      })
    ).json().data.isSubscribed as boolean;
  const followers = async (member: Member) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/user/info/${member.userId}` })).json().data
      .followers_count as number;

  it('follow and unfollow move the subscriber count and the followers count together', async () => {
    expect(await count(star.homeTeamId)).toBe(0);
    expect(await isSubscribed(fan, star.homeTeamId)).toBe(false);

    const followed = await subscribe(fan, star.homeTeamId, true);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().data).toEqual({ isSubscribed: true, count: 1 });
    expect(await isSubscribed(fan, star.homeTeamId)).toBe(true);
    await subscribe(other, star.homeTeamId, 'TRUE');
    expect(await count(star.homeTeamId)).toBe(2);
    expect(await followers(star)).toBe(2);

    const unfollowed = await subscribe(fan, star.homeTeamId, false);
    expect(unfollowed.json().data).toEqual({ isSubscribed: false, count: 1 });
    expect(await isSubscribed(fan, star.homeTeamId)).toBe(false);
    expect(await followers(star)).toBe(1);
  });

  it('counts a repeated follow or unfollow once', async () => {
    const before = await count(star.homeTeamId);
    await subscribe(fan, star.homeTeamId, true);
    await subscribe(fan, star.homeTeamId, true);
    expect(await count(star.homeTeamId)).toBe(before + 1);
    await subscribe(fan, star.homeTeamId, false);
    await subscribe(fan, star.homeTeamId, false);
    expect(await count(star.homeTeamId)).toBe(before);
    expect(await followers(star)).toBe(before);
  });

  it('keeps the counts right when the same follow arrives many times at once', async () => {
    const before = await count(star.homeTeamId);
    await Promise.all(Array.from({ length: 8 }, () => subscribe(fan, star.homeTeamId, true)));
    expect(await count(star.homeTeamId)).toBe(before + 1);
    expect(await followers(star)).toBe(before + 1);
    await Promise.all(Array.from({ length: 8 }, () => subscribe(fan, star.homeTeamId, false)));
    expect(await count(star.homeTeamId)).toBe(before);
  });

  it('refuses following yourself', async () => {
    const reply = await subscribe(star, star.homeTeamId, true);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(followMessages.cannotFollowYourself);
    expect(await followers(star)).toBe(await count(star.homeTeamId));
  });

  it('is for signed-in users only; the count is public', async () => {
    const reply = await subscribe(null, star.homeTeamId, true);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe('must be signed in');
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/v1/team/issubscribed/${star.homeTeamId}`,
    });
    expect(check.statusCode).toBe(401);
    const publicCount = await t.app.inject({
      method: 'GET',
      url: `/api/v1/team/subscribercount/${star.homeTeamId}`,
    });
    expect(publicCount.statusCode).toBe(200);
  });

  it('answers an unknown team with 404 and a bad body with a field error', async () => {
    const missing = await subscribe(fan, 999_999, true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(followMessages.teamNotFound);
    const bad = await subscribe(fan, star.homeTeamId, 'perhaps');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().formFieldErrorMessages)).toEqual(['issubscribed']);
  });
});
