/** The chat-group query keys, written once (CONTRIBUTING "Client"). */
export const all = () => ['chatgroups'] as const;
export const mine = () => [...all(), 'mine'] as const;
/** One invitation, looked up by its code. */
export const invitation = (code: string) => [...all(), 'invitation', code] as const;
export const byName = (channelName: string) =>
  [...all(), 'name', channelName.toLowerCase()] as const;
export const members = (channelName: string) =>
  [...all(), 'members', channelName.toLowerCase()] as const;
export const invitations = (channelName: string) =>
  [...all(), 'invitations', channelName.toLowerCase()] as const;
