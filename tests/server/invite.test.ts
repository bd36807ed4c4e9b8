import { afterAll, beforeAll, expect, it } from 'vitest';
import { inviteMessages } from '../../src/api/contract/constants.ts';
import { createMember, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

describeEachDatabase('invite someone', (dialect) => {
  let t: TestApp;
  let host: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    host = await createMember(t, 'hostinvites1', { displayname: 'Hanna' });
  });
  afterAll(() => t.close());

  const invite = (body: Record<string, unknown>, member: Member | null = host) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/invitesomeone',
      payload: body,
      headers: member ? member.auth : {},
    });

  it('returns a personal invitation text with the link to the team’s page', async () => {
    const reply = await invite({ invitee_name: '  Grandma  ', team_id: host.homeTeamId });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({
      invitee_name: 'Grandma',
      team_name: 'hostinvites1',
      invite_url: 'http://localhost:8080/u/hostinvites1',
      invite_text:
        'Hi Grandma, Hanna invites you to hostinvites1 on Waves: http://localhost:8080/u/hostinvites1',
    });
  });

  it('invites to the caller’s home team when the payload is the name alone', async () => {
    const reply = await invite({ invitee_name: 'Grandpa' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      team_name: 'hostinvites1',
      invite_url: 'http://localhost:8080/u/hostinvites1',
    });
  });

  it('requires a name and a known team, and a signed-in inviter', async () => {
    const empty = await invite({ invitee_name: '   ', team_id: host.homeTeamId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().formFieldErrorMessages.invitee_name).toBe(inviteMessages.nameRequired);
    expect((await invite({ invitee_name: 'Ann', team_id: 999_999 })).statusCode).toBe(404);
    const anonymous = await invite({ invitee_name: 'Ann', team_id: host.homeTeamId }, null);
    expect(anonymous.statusCode).toBe(401);
  });
});
