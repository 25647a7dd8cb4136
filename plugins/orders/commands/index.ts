import cancel from './cancel.ts';
import leaderboard from './leaderboard.ts';
import menu from './menu.ts';
import order from './order.ts';
import profile from './profile.ts';
import rate from './rate.ts';
import status from './status.ts';

/** The orders plugin's slash commands, in the order /help lists them. */
export const orderCommands = [order, status, cancel, rate, menu, leaderboard, profile];
