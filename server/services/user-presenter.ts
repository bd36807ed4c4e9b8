import type { CurrentUser, UserInfo } from '../../src/api/contract/user.ts';
import { findCountry } from '../../src/api/contract/countries.ts';
import type { UserRow } from '../db/repositories/users-repository.ts';

/** The public profile of a user, in the shape of docs/product/api.md "User calls". */
export function presentUserInfo(
  user: UserRow,
  teams: { team_id: number; team_name: string }[],
): UserInfo {
  return {
    id: user.id,
    user_id: user.id,
    username: user.username,
    displayname: user.displayname,
    about: user.about,
    private_by_default: user.private_by_default === 1,
    play_beep: user.play_beep === 1,
    usercountrycode: user.usercountrycode,
    userregionname: user.userregionname,
    usercountryname: findCountry(user.usercountrycode)?.countryName ?? '',
    followers_count: user.followers_count,
    total_likes_count: user.total_likes_count,
    home_team_id: user.home_team_id,
    phoneconfirmed: user.phone_confirmed_at !== null,
    memberofteams: teams,
    avatar_version: user.avatar_version,
    cover_version: user.cover_version,
  };
}

export function presentCurrentUser(
  user: UserRow,
  teams: { team_id: number; team_name: string }[],
  adminUsernames: readonly string[],
): CurrentUser {
  return {
    ...presentUserInfo(user, teams),
    email: user.username === 'anonymous' ? null : user.email,
    email_confirmed: user.email_confirmed_at !== null,
    phone_number: user.phone_number,
    language_code_ui: user.language_code_ui,
    is_admin: user.is_admin === 1 || adminUsernames.includes(user.username_lower),
    can_create_channels:
      user.can_create_channels === 1 ||
      user.is_admin === 1 ||
      adminUsernames.includes(user.username_lower),
  };
}
