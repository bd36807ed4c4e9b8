import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import maxMetadata from 'libphonenumber-js/max/metadata';
import minMetadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import { newChannelBodySchema } from '../../src/api/contract/channel.ts';
import {
  invitationCreateBodySchema,
  invitationProblems,
  newChatGroupFormSchema,
} from '../../src/api/contract/chat.ts';
import {
  ACCESS_RULE_ANY,
  ACCESS_RULE_EMAIL,
  ACCESS_RULE_PHONE,
  chatMessages,
  GROUP_ACCESS_RULES,
  GROUP_NAME_MAX,
} from '../../src/api/contract/constants.ts';
import { checkPhoneNumber } from '../../src/api/contract/phone.ts';

/** Everyday addresses (browser-style validation, like sign-up; fc.emailAddress() also makes RFC oddities). */
const everydayEmail = fc.stringMatching(
  /^[a-z0-9]{1,20}([._-][a-z0-9]{1,10})?@[a-z0-9]{1,20}\.[a-z]{2,6}$/,
);
const exampleCountries = Object.keys(examples) as (keyof typeof examples)[];
const checkWith = (metadata: typeof minMetadata, country: string) => (input: string) =>
  checkPhoneNumber(input, country, metadata);
const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );

/** docs/product/channels-and-groups.md "Chat groups" and "Invitations": the form rules. */
describe('chat group form rules', () => {
  it('takes any group name of 1 to 80 characters after trimming, and no other', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        const trimmed = name.trim();
        const body = newChannelBodySchema.safeParse({
          is_chatgroup: true,
          description: name,
          language_code_ui: 'en',
        });
        const form = newChatGroupFormSchema.safeParse({ description: name });
        if (trimmed.length === 0) {
          expect(fieldsOf(body)).toEqual({ description: chatMessages.groupNameRequired });
          expect(form.success).toBe(false);
        } else if (trimmed.length > GROUP_NAME_MAX) {
          expect(fieldsOf(body)).toEqual({ description: chatMessages.groupNameTooLong });
          expect(form.success).toBe(false);
        } else {
          expect(body.success).toBe(true);
          expect(body.data).toMatchObject({
            description: trimmed,
            channel_access_rule: ACCESS_RULE_PHONE,
          });
          expect(form.success).toBe(true);
        }
      }),
    );
  });

  it('says "Invalid access rule" for every value but the three rules, and defaults to phone', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...GROUP_ACCESS_RULES)), (rule) => {
        const result = newChannelBodySchema.safeParse({
          is_chatgroup: 'TRUE',
          description: 'Friends',
          channel_access_rule: rule,
          language_code_ui: 'de',
        });
        if (rule === '') {
          expect(result.data?.channel_access_rule).toBe(ACCESS_RULE_PHONE);
        } else if ((GROUP_ACCESS_RULES as readonly string[]).includes(rule)) {
          expect(result.data?.channel_access_rule).toBe(rule);
        } else {
          expect(fieldsOf(result)).toEqual({ channel_access_rule: chatMessages.invalidAccessRule });
        }
      }),
    );
  });

  it('needs a valid phone for phone groups: the example numbers of every country pass, on both sides', () => {
    fc.assert(
      fc.property(fc.constantFrom(...exampleCountries), (country) => {
        const national = examples[country];
        for (const metadata of [minMetadata, maxMetadata]) {
          expect(
            invitationProblems(
              ACCESS_RULE_PHONE,
              { invitee_phone_number: national },
              checkWith(metadata, country),
            ),
          ).toEqual({});
        }
      }),
    );
  });

  it('refuses a missing or unparseable phone for phone groups, whatever the e-mail', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(''),
          fc.constant('   '),
          fc.stringMatching(/^[a-z]{1,12}$/),
          fc.stringMatching(/^\+?[0-9]{1,3}$/),
        ),
        fc.option(fc.emailAddress(), { nil: undefined }),
        (phone, email) => {
          const problems = invitationProblems(
            ACCESS_RULE_PHONE,
            { invitee_phone_number: phone, invitee_email: email },
            checkWith(maxMetadata, 'DE'),
          );
          expect(problems).toEqual({
            invitee_phone_number:
              phone.trim() === '' ? chatMessages.phoneRequired : chatMessages.phoneInvalid,
          });
        },
      ),
    );
  });

  it('needs an e-mail address for e-mail groups, and never asks them for a phone', () => {
    const check = checkWith(maxMetadata, 'DE');
    fc.assert(
      fc.property(everydayEmail, fc.option(fc.string(), { nil: undefined }), (email, phone) => {
        expect(
          invitationProblems(
            ACCESS_RULE_EMAIL,
            { invitee_email: email, invitee_phone_number: phone },
            check,
          ),
        ).toEqual(email.length > 254 ? { invitee_email: chatMessages.emailTooLong } : {});
      }),
    );
    expect(invitationProblems(ACCESS_RULE_EMAIL, { invitee_email: ' ' }, check)).toEqual({
      invitee_email: chatMessages.emailRequired,
    });
    expect(
      invitationProblems(ACCESS_RULE_EMAIL, { invitee_email: 'not-an-address' }, check),
    ).toEqual({
      invitee_email: chatMessages.emailInvalid,
    });
  });

  it('gives "Invalid access rule" on the invitation form of an any-user group, whatever is entered', () => {
    fc.assert(
      fc.property(
        fc.option(fc.emailAddress(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (email, phone) => {
          expect(
            invitationProblems(
              ACCESS_RULE_ANY,
              { invitee_email: email, invitee_phone_number: phone },
              checkWith(minMetadata, 'US'),
            ),
          ).toEqual({ channel_access_rule: chatMessages.invalidAccessRule });
        },
      ),
    );
  });

  it('requires the invitee name and a channel id on the invitation payload', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }),
        fc.oneof(fc.integer(), fc.constant(undefined)),
        (name, id) => {
          const result = invitationCreateBodySchema.safeParse({
            channel_id: id,
            invitee_name: name,
          });
          const fields = fieldsOf(result);
          if (id === undefined || id <= 0) expect(fields['channel_id']).toBeDefined();
          if (name.trim() === '')
            expect(fields['invitee_name']).toBe(chatMessages.inviteeNameRequired);
          else if (name.trim().length > 80)
            expect(fields['invitee_name']).toBe(chatMessages.inviteeNameTooLong);
          else expect(fields['invitee_name']).toBeUndefined();
        },
      ),
    );
    expect(fieldsOf(invitationCreateBodySchema.safeParse({ invitee_name: 'A' }))).toEqual({
      channel_id: chatMessages.channelIdRequired,
    });
  });
});
