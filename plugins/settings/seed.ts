import type { SettingsService } from './service.ts';

export async function seedSettings(settings: SettingsService): Promise<void> {
  await settings.set(
    'currentAnnouncement',
    {
      enabled: true,
      type: 'is-info',
      content: 'Welcome to **Virtual Diner**! The kitchen is open: type `/order` in your server to get started.',
    },
    null,
  );
  await settings.set('teamsEnabled', true, null);
}
