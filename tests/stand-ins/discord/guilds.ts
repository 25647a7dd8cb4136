import {
  type APIGuild,
  type GatewayGuildCreateDispatchData,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  type GuildSystemChannelFlags,
  GuildVerificationLevel,
  type Locale,
} from 'discord-api-types/v10';

/** A server the bot is in, as the stand-in's gateway tells the bot of it. */
export interface StandInGuild {
  id: string;
  /** Its `preferred_locale`: a Discord locale tag (`fr`, `es-ES`, `ja`…). */
  preferredLocale: string;
  name?: string;
}

/** The shard a server's events go to: Discord's rule, `(guild_id >> 22) % num_shards`. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** The server as GUILD_UPDATE sends it: the guild object (a small server with no roles, emojis or features). */
export function guildObject(guild: StandInGuild): APIGuild {
  return {
    id: guild.id,
    name: guild.name ?? `Server ${guild.id.slice(-4)}`,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: '100000000000000001',
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: [],
    emojis: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: GuildPremiumTier.None,
    preferred_locale: guild.preferredLocale as Locale,
    public_updates_channel_id: null,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
  };
}

/** The server as GUILD_CREATE sends it (at connect, and when the bot joins): the guild object and the extra fields. */
export function guildCreateData(guild: StandInGuild, joinedAt = new Date()): GatewayGuildCreateDispatchData {
  return {
    ...guildObject(guild),
    joined_at: joinedAt.toISOString(),
    large: false,
    member_count: 1,
    voice_states: [],
    members: [],
    channels: [],
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
