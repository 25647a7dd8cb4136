import { describe, expect, it } from 'vitest';
import { avatarUrl, defaultAvatarIndex, displayNameOf } from './avatar.ts';

describe('avatars', () => {
  it('uses the default avatar index id >> 22 mod 6 without an avatar', () => {
    expect(defaultAvatarIndex('175928847299117063')).toBe(Number((175928847299117063n >> 22n) % 6n));
    expect(avatarUrl({ id: '175928847299117063', avatar: null })).toBe(
      `https://cdn.discordapp.com/embed/avatars/${defaultAvatarIndex('175928847299117063')}.png`,
    );
  });

  it('asks for 128 px, animated when the avatar id starts with a_', () => {
    expect(avatarUrl({ id: '1', avatar: 'abc' })).toBe('https://cdn.discordapp.com/avatars/1/abc.png?size=128');
    expect(avatarUrl({ id: '1', avatar: 'a_abc' })).toBe('https://cdn.discordapp.com/avatars/1/a_abc.gif?size=128');
  });

  it('shows displayName, or username if none', () => {
    expect(displayNameOf({ displayName: 'Casey', username: 'casey' })).toBe('Casey');
    expect(displayNameOf({ displayName: null, username: 'casey' })).toBe('casey');
  });
});
