/** Avatars from Discord's CDN, the way Discord computes them. */
export const AVATAR_SIZE = 128;
const CDN = 'https://cdn.discordapp.com';

export function defaultAvatarIndex(userId: string): number {
  return Number((BigInt(userId) >> 22n) % 6n);
}

export function avatarUrl(user: { id: string; avatar: string | null }, size = AVATAR_SIZE): string {
  if (!user.avatar) return `${CDN}/embed/avatars/${defaultAvatarIndex(user.id)}.png`;
  const extension = user.avatar.startsWith('a_') ? 'gif' : 'png';
  return `${CDN}/avatars/${user.id}/${user.avatar}.${extension}?size=${size}`;
}

export function displayNameOf(user: { displayName: string | null; username: string }): string {
  return user.displayName || user.username;
}
