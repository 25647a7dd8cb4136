/** 'MANAGE_ORDERS' → 'Manage orders': permission and perk names as people read them. */
export function humanize(name: string): string {
  const words = name.toLowerCase().split('_');
  return [words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1), ...words.slice(1)].join(' ');
}
