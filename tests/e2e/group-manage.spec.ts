import type { Browser, Page } from '@playwright/test';
import { ACCESS_RULE_EMAIL } from '../../src/api/contract/constants.ts';
import { createUser, signInAs, uniqueUsername, type TestUser } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';

/**
 * The manage page of a chat group (docs/product/channels-and-groups.md "Roles"), each of its
 * calls through the page: the admin renames the group, revokes a pending invitation, removes a
 * member and renews the shareable link; a member leaves. The group, the invitation and the
 * members are set up through the API.
 */

async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, user);
  await page.goto('/chatgroups');
  return page;
}

/** A call to the API from the page, with the page's own token; the reply's data. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: object) {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const token = (
        JSON.parse(localStorage.getItem('user') ?? '{}') as { json_web_token?: string }
      ).json_web_token;
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await response.json()) as { success: boolean; message: string; data: unknown };
    },
    { method, path, body },
  );
  expect(reply.success, `${method} ${path}: ${reply.message}`).toBe(true);
  return reply.data as T;
}

interface Group {
  channel_id: number;
  channel_name: string;
  description: string;
  channel_invitation_code: string | null;
}

test('the manage page: the admin renames, revokes an invitation, removes a member and renews the link; a member leaves', async ({
  browser,
}) => {
  const admin = await createUser({ username: uniqueUsername('admin') });
  const leaver = await createUser({ username: uniqueUsername('leaver') });
  const removed = await createUser({ username: uniqueUsername('removed') });
  const pageAdmin = await signedInPage(browser, admin);

  const { channel_id, channel_name } = await api<Group>(pageAdmin, 'POST', '/channel/new', {
    is_chatgroup: true,
    description: 'Book club',
    channel_access_rule: ACCESS_RULE_EMAIL,
    language_code_ui: 'en',
  });
  const group = () => api<Group>(pageAdmin, 'GET', `/channel/name/${channel_name}`);
  const firstLink = (await group()).channel_invitation_code!;
  await api(pageAdmin, 'POST', `/channel/chat/${channel_id}/invitationcreate`, {
    channel_id,
    invitee_name: 'Cleo',
    invitee_email: `cleo-${channel_id}@example.com`,
  });
  const pageLeaver = await signedInPage(browser, leaver);
  const pageRemoved = await signedInPage(browser, removed);
  for (const page of [pageLeaver, pageRemoved]) {
    await api(page, 'POST', `/channel/chat/${firstLink}/invitationaccept`, {});
  }

  await pageAdmin.goto(`/chat/manage/${channel_name}`);
  const members = pageAdmin.getByRole('region', { name: 'Members' }).getByRole('listitem');
  await expect(members).toHaveCount(3);

  // Rename: the page's heading and the group itself carry the new name.
  await pageAdmin.getByLabel('Name', { exact: true }).fill('Reading circle');
  await pageAdmin.getByRole('button', { name: 'Rename' }).click();
  await expect(pageAdmin.getByText('The group is renamed.')).toBeVisible();
  await expect(pageAdmin.getByRole('heading', { name: 'Reading circle' })).toBeVisible();
  expect((await group()).description).toBe('Reading circle');

  // Revoke Cleo's invitation: it leaves the pending list and the server's.
  const pending = pageAdmin.getByRole('region', { name: 'Pending invitations' });
  await pending.getByRole('button', { name: 'Revoke the invitation of Cleo' }).click();
  await expect(pageAdmin.getByText('The invitation is revoked.')).toBeVisible();
  await expect(pending.getByText('No pending invitations.')).toBeVisible();
  const invitations = await api<{ invitee_name: string; status: string }[]>(
    pageAdmin,
    'GET',
    `/channel/chat/${channel_name}/invitations`,
  );
  expect(invitations.map(({ invitee_name, status }) => [invitee_name, status])).toEqual([
    ['Cleo', 'revoked'],
  ]);

  // Remove a member, after confirming.
  pageAdmin.once('dialog', (dialog) => void dialog.accept());
  await members
    .filter({ hasText: removed.username })
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(members).toHaveCount(2);
  await expect(members.filter({ hasText: removed.username })).toHaveCount(0);

  // Renew the link: a new one, and the old one no longer lets anybody in.
  await pageAdmin.getByRole('button', { name: 'Renew the link' }).click();
  await expect(pageAdmin.getByText('The group has a new link.')).toBeVisible();
  const secondLink = (await group()).channel_invitation_code;
  expect(secondLink).toMatch(/^[\w-]{16,}$/);
  expect(secondLink).not.toBe(firstLink);

  // A member leaves, after confirming, and lands on their list of groups without this one.
  await pageLeaver.goto(`/chat/manage/${channel_name}`);
  await expect(pageLeaver.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await pageLeaver.getByRole('button', { name: 'Leave the group…' }).click();
  await pageLeaver.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(pageLeaver.getByText('You left the group.')).toBeVisible();
  await expect(pageLeaver).toHaveURL(/\/chatgroups$/);
  await expect(pageLeaver.getByText('Reading circle')).toHaveCount(0);
  await pageAdmin.reload();
  await expect(members).toHaveCount(1);
});
