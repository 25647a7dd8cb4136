import { persistentJSON } from '@nanostores/persistent';

/** Whether the staff sidebar is full width (true) or mini (false) on a desktop. Stored as JSON `true`/`false`. */
export const sidebarActive = persistentJSON<boolean>('sidebarActive', true);
