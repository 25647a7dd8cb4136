import type { DomainEvents } from '../../core/events.ts';
import './events.ts';

export type Notice = DomainEvents['notice'];

/** Notices as features publish them, each with a ref, text and link of its own unless `overrides` name them. */
export function noticeMaker(): (userId: string, overrides?: Partial<Notice>) => Notice {
  let refs = 0;
  return (userId, overrides = {}) => ({
    userId,
    ref: `test:${++refs}`,
    kind: 'appeal.accepted',
    text: `Notice ${refs}`,
    link: `/appeal/${refs}`,
    ...overrides,
  });
}
