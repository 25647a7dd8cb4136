/** What the bot says outside any one command (English; a translation swaps this module). */
export const botText = {
  apology: 'Sorry, something went wrong in the kitchen. Please try again in a moment.',
  unknownCommand: 'I do not know that command (yet). Try `/help`.',
  badOptions: (detail: string) => `That did not look right: ${detail}`,
  notStaff: 'Only diner staff with the right permission on the website may use this command.',
  signInFirst: (publicUrl: string) => `Sign in on the website first (${publicUrl}/login), so I know who you are.`,
  done: 'Done.',
  deliveredDm: (channel: string | null) =>
    channel ? `I could not post your delivery in <#${channel}>, so here it is:` : 'Here is your delivery:',
  guildRemoved: 'The bot was removed from the server this order came from, so it cannot be delivered.',
  helpTitle: 'Virtual Diner: commands',
  helpFooter: 'The number 1 home for virtual fast food',
  invite: (url: string) => `Add Virtual Diner to your server: ${url}`,
  inviteMissing: 'The invite link is not configured yet.',
  /** An announced rank change in the rank announcement channel: `ranks` already bold (rank-announcements.ts). */
  ranksNow: (mention: string, ranks: string) => `🎉 ${mention} is now ${ranks}.`,
  ranksRemoved: (mention: string) => `${mention}'s ranks were removed.`,
} as const;
