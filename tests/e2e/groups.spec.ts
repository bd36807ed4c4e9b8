import type { Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import { readSmsOutbox } from '../helpers/groups.ts';
import { createUser, e2eDataDir, signInAs, uniqueUsername } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { goOffline, goOnline, waitForServiceWorker } from './network-helpers.ts';
import {
  playOnceListed,
  record,
  saveRecording,
  useSpeakingMicrophone,
} from './recorder-helpers.ts';

/**
 * Issue 14, end to end: a private chat group by phone. A verifies a phone on the way to creating
 * a phone group and invites B by SMS; B opens the link signed out, signs in, comes back, verifies
 * a phone, joins and records into the group; A hears it; C, signed in but not a member, gets the
 * not-found view for the group and its wave and a 404 for its mp3; after B signs out, the
 * device serves none of the group's replies offline.
 */

useSpeakingMicrophone('groups', 'Hello group, this message is only for you.');

// Publication waits for the transcode job on a busy two-core machine.
test.describe.configure({ timeout: 240_000 });

const smsTo = (to: string) => readSmsOutbox(e2eDataDir()).filter((sms) => sms.to === to);

async function waitForSms(to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(() => {
      found = pattern.exec(smsTo(to).at(-1)?.body ?? '');
      return found !== null;
    })
    .toBe(true);
  return found!;
}

/** From /verifyphonenumber: the number, the code from the SMS outbox, back to the return address. */
async function verifyPhone(page: Page, national: string, e164: string) {
  await expect(page).toHaveURL(/\/verifyphonenumber/);
  await page.getByLabel('Phone number', { exact: true }).fill(national);
  await expect(page.getByText(`This number looks right: ${e164}`)).toBeVisible();
  const before = smsTo(e164).length;
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page).toHaveURL(/\/entersmscode/);
  await expect.poll(() => smsTo(e164).length).toBeGreaterThan(before);
  const code = /\b(\d{6})\b/.exec(smsTo(e164).at(-1)!.body)![1]!;
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

async function storedWave(title: string) {
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    return await db.kysely
      .selectFrom('waves')
      .select(['wave_name', 'channel_id', 'status', 'created_epoch_day'])
      .where('title', '=', title)
      .executeTakeFirst();
  } finally {
    await db.close();
  }
}

test('a phone group: create, invite by SMS, join after sign-in and phone verification, record, listen; outsiders see nothing', async ({
  browser,
}) => {
  const suffix = String(Date.now() % 100).padStart(2, '0');
  const phoneA = { national: `(415) 555-01${suffix}`, e164: `+141555501${suffix}` };
  const phoneB = { national: `(415) 555-02${suffix}`, e164: `+141555502${suffix}` };
  const a = await createUser({ username: uniqueUsername('admin') });
  const b = await createUser({ username: uniqueUsername('invitee') });
  const c = await createUser({ username: uniqueUsername('outsider') });
  const groupName = `Family ${suffix}`;

  // A: /chat/new without a confirmed phone → phone verification → back to the form → the group.
  const pageA = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await prepareVisitor(pageA, { language: 'en', consent: true });
  await signInAs(pageA, a);
  await pageA.goto('/chatgroups');
  await expect(
    pageA.getByText('You are not in any chat group yet.', { exact: false }),
  ).toBeVisible();
  await pageA.getByRole('link', { name: 'Create a group' }).click();
  // The Chat groups tab stays current in the whole group area.
  const groupsTab = pageA
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Chat groups' });
  await expect(pageA).toHaveURL(/\/chat\/new$/);
  await expect(groupsTab).toHaveAttribute('aria-current', 'page');
  await pageA.getByRole('button', { name: 'Create group' }).click();
  await expect(pageA.getByText('Group name is required.')).toBeVisible();
  await pageA.getByLabel('Group name').fill(groupName);
  await expect(pageA.getByLabel('Members with a verified phone number')).toBeChecked();
  await pageA.getByRole('button', { name: 'Create group' }).click();
  await verifyPhone(pageA, phoneA.national, phoneA.e164);
  await expect(pageA).toHaveURL(/\/chat\/new\?name=/);
  await expect(pageA.getByLabel('Group name')).toHaveValue(groupName);
  await pageA.getByRole('button', { name: 'Create group' }).click();
  await expect(pageA.getByRole('heading', { name: groupName })).toBeVisible();
  const groupPath = new URL(pageA.url()).pathname;
  expect(groupPath).toMatch(/^\/chat\/[\w-]+$/);
  const channelName = groupPath.split('/')[2]!;
  await expect(groupsTab).toHaveAttribute('aria-current', 'page');

  // A invites B by phone from the members tab.
  await pageA.getByRole('link', { name: 'Members' }).click();
  await expect(pageA.getByText('Joined on', { exact: false })).toBeVisible();
  await pageA.getByRole('button', { name: 'Invite someone' }).click();
  await pageA.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(pageA.getByText('Name is required.')).toBeVisible();
  await expect(pageA.getByText('Phone number is required for this chat group.')).toBeVisible();
  await pageA.getByLabel('Their name').fill('Bea');
  await pageA.getByLabel('Their phone number').fill(phoneB.national);
  await expect(pageA.getByText(`This number looks right: ${phoneB.e164}`)).toBeVisible();
  await pageA.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(pageA.getByText('Invitation sent by SMS to Bea.')).toBeVisible();
  const link = await waitForSms(phoneB.e164, /https?:\/\/[^\s]+\/chatinvitation\/([\w-]+)/);
  const invitationPath = `/chatinvitation/${link[1]}`;

  // B opens the SMS link signed out → sign-in → back to the invitation → phone → join.
  const pageB = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await prepareVisitor(pageB, { language: 'en', consent: true });
  await pageB.goto(invitationPath);
  await expect(pageB).toHaveURL(/\/signin/);
  await pageB.getByLabel('E-mail').fill(b.email);
  await pageB.getByLabel('Password').fill(b.password);
  await pageB.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(pageB).toHaveURL(new RegExp(`${invitationPath}$`));
  await expect(pageB.getByText(groupName)).toBeVisible();
  await pageB.getByRole('button', { name: 'Verify your phone number' }).click();
  await verifyPhone(pageB, phoneB.national, phoneB.e164);
  await expect(pageB).toHaveURL(new RegExp(`${invitationPath}$`));
  await pageB.getByRole('button', { name: 'Join the group' }).click();
  await expect(pageB).toHaveURL(new RegExp(`/chat/${channelName}$`));
  await expect(pageB.getByRole('heading', { name: groupName })).toBeVisible();

  // B records into the group and comes back to it.
  await pageB.getByRole('link', { name: 'Record' }).click();
  await expect(
    pageB.getByRole('heading', { name: `Record into the group “${groupName}”` }),
  ).toBeVisible();
  await record(pageB, 3);
  const title = `Hello group ${suffix}`;
  await pageB.getByLabel('Title (optional)').fill(title);
  await saveRecording(pageB, `/chat/${channelName}`);
  await expect
    .poll(async () => (await storedWave(title))?.status, { timeout: 120_000, intervals: [1000] })
    .toBe('published');
  const wave = (await storedWave(title))!;

  // A hears it.
  await playOnceListed(pageA, groupPath, title, b.username);

  // A's manage page lists every member: A marked as the admin, with no way to remove A.
  await pageA.getByRole('link', { name: 'Manage' }).click();
  await expect(pageA).toHaveURL(new RegExp(`/chat/manage/${channelName}$`));
  await expect(groupsTab).toHaveAttribute('aria-current', 'page');
  const managedMembers = pageA.getByRole('region', { name: 'Members' }).getByRole('listitem');
  await expect(managedMembers).toHaveCount(2);
  const adminRow = managedMembers.filter({ has: pageA.getByText('Admin', { exact: true }) });
  await expect(adminRow).toContainText(a.username);
  await expect(adminRow.getByRole('button')).toHaveCount(0);
  await expect(
    managedMembers.filter({ hasText: b.username }).getByRole('button', { name: /^Remove / }),
  ).toBeVisible();

  // C, signed in and not a member: the group, its wave link and its mp3 do not exist.
  const pageC = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await prepareVisitor(pageC, { language: 'en', consent: true });
  await signInAs(pageC, c);
  for (const target of [groupPath, `${groupPath}/${wave.wave_name}`, '/chat/g-does-not-exist']) {
    await pageC.goto(target);
    await expect(pageC.getByRole('heading', { name: 'Group not found' })).toBeVisible();
    await expect(pageC.getByText(title)).toHaveCount(0);
  }
  // An invitation code nobody issued, of any shape, is an invitation that does not exist.
  for (const code of ['doesnotexist', 'A'.repeat(24)]) {
    await pageC.goto(`/chatinvitation/${code}`);
    await expect(pageC.getByText('This invitation does not exist.')).toBeVisible();
  }
  const day = wave.created_epoch_day;
  const mp3 = `/media/audio/${wave.channel_id}/${day}/${wave.wave_name}/${wave.channel_id}_${wave.wave_name}.mp3`;
  expect((await pageC.request.get(mp3)).status()).toBe(404);
  expect((await pageA.request.get(mp3)).status()).toBe(200);

  // B uses the group through the service worker (its list, a wave, its media), then signs out:
  // offline, the device serves none of it, neither to the page nor to a direct request.
  await waitForServiceWorker(pageB);
  await playOnceListed(pageB, `${groupPath}/${wave.wave_name}`, title, b.username);
  const privateKeys = () =>
    pageB.evaluate(async () => {
      const cache = await caches.open('waves-private-v1');
      return (await cache.keys()).map((request) => request.url);
    });
  await expect
    .poll(async () => (await privateKeys()).some((url) => url.includes(`/chat/${channelName}/`)))
    .toBe(true);
  const cachedBefore = (await privateKeys()).filter((url) => /\/channel\//.test(url));
  // Signed in, offline, the device serves B's own group: what sign-out must take away.
  await goOffline(pageB.context());
  await pageB.goto(groupPath);
  await expect(
    pageB.getByRole('button', { name: `Play ${title} by @${b.username}` }),
  ).toBeVisible();
  await goOnline(pageB.context());
  await pageB.goto('/signout');
  await expect(pageB).toHaveURL(/\/newest$/);
  expect(
    (await privateKeys()).filter(
      (url) => url.includes(channelName) || url.includes(wave.wave_name),
    ),
  ).toEqual([]);

  await goOffline(pageB.context());
  for (const target of [groupPath, `${groupPath}/${wave.wave_name}`, '/chatgroups']) {
    await pageB.goto(target);
    await expect(pageB.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(pageB.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    await expect(pageB.getByText(title)).toHaveCount(0);
    await expect(pageB.getByText(groupName)).toHaveCount(0);
  }
  const direct = await pageB.evaluate(
    async (urls) =>
      Promise.all(
        urls.map(async (url) => {
          try {
            const response = await fetch(url);
            return { url, status: response.status, body: await response.text() };
          } catch {
            return { url, status: 0, body: '' };
          }
        }),
      ),
    [
      ...cachedBefore,
      `/api/v1/channel/name/${channelName}`,
      `/api/v1/channel/chat/${channelName}/waves`,
      `/api/v1/channel/chat/${channelName}/members`,
      `/api/v1/channel/chat/getchatswhereuserismember`,
      `/api/v1/wave/metadata/${wave.wave_name}`,
      `/api/v1/wave/thread/${wave.wave_name}`,
      mp3,
    ],
  );
  for (const reply of direct) {
    expect.soft(reply.status, reply.url).not.toBe(200);
    expect.soft(reply.status, reply.url).not.toBe(206);
    expect.soft(reply.body, reply.url).not.toContain(wave.wave_name);
    expect.soft(reply.body, reply.url).not.toContain(groupName);
  }
});
