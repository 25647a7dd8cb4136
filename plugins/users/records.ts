import type { Em } from '../../core/db/orm.ts';
import { ResignationSchema } from './entities.ts';
import { REAPPLY_AFTER_MS } from './schemas.ts';

/**
 * When the user may apply to join the staff again, read in the caller's transaction: a week after their last
 * resignation (possibly already past), or null when they never resigned.
 */
export async function reapplyAtIn(em: Em, userId: string): Promise<Date | null> {
  const row = await em.findOne(ResignationSchema, { user: userId });
  return row ? new Date(row.resignedAt.getTime() + REAPPLY_AFTER_MS) : null;
}
