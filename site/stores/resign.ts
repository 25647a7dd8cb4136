import { atom } from 'nanostores';

/** Whether the Resign dialog is open: the sidebar's Resign entry opens it, the dialog closes it (two islands). */
export const $resignOpen = atom(false);
