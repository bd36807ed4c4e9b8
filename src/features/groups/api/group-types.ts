/**
 * The shapes of the chat calls as the screens use them (docs/product/api.md "Chat calls").
 * Kept beside the fetchers until the shared contract for chat calls lands.
 */
export const ACCESS_RULES = {
  phone: 'CHANNEL_MEMBERS_PHONE_VERIFIED',
  email: 'CHANNEL_MEMBERS_EMAIL_VERIFIED',
  anyone: 'ANY_WAVES_USER',
} as const;
export type AccessRule = (typeof ACCESS_RULES)[keyof typeof ACCESS_RULES];

export interface ChatGroup {
  channel_id: number;
  channel_name: string;
  description: string;
  wave_count: number;
  latest_wave_created: string | null;
  channel_access_rule: string;
  channel_invitation_code: string | null;
  is_chatgroup: boolean;
  language_code_ui: string;
}

export interface ChatMember {
  user_id: number;
  displayname: string;
  username: string;
  phone_number: string | null;
  email: string | null;
  role: string;
  member_since: string;
}

export interface ChatInvitation {
  invitation_id: number;
  inviter_username: string;
  invitee_email: string | null;
  invitee_username: string | null;
  invitee_name?: string | null;
  invitee_phone_number?: string | null;
  status: string;
  invited_at: string;
}

export interface NewGroupBody {
  description: string;
  channel_access_rule: AccessRule;
  language_code_ui: string;
  is_chatgroup: true;
}

export interface NewInvitationBody {
  channel_id: number;
  invitee_email?: string;
  invitee_user_id?: number;
  invitee_phone_number?: string;
  invitee_name: string;
  /** The country the phone number was typed for. */
  country?: string;
}

/** Group texts of content §8 and of the group screens, as the server sends them. */
export const groupMessages = {
  channelIdRequired: 'Channel ID is required.',
  phoneRequired: 'Phone number is required for this chat group.',
  phoneInvalid: 'Invalid phone number. Please enter a valid phone number.',
  emailRequired: 'Email address is required for this chat group.',
  nameRequired: 'Name is required.',
  groupNameRequired: 'Group name is required.',
  groupNameTooLong: 'Group name must be at most 80 characters.',
  phoneNeededToCreate: 'You must have a verified phone number to create a phone group.',
  invalidAccessRule: 'Invalid access rule',
  phoneNeededToJoin: 'You need a confirmed phone number to join this group.',
  emailNeededToJoin: 'You need a confirmed e-mail address to join this group.',
} as const;

export const GROUP_NAME_MAX = 80;
