import { z } from 'zod';
import { isId } from '../../core/shared/ids.ts';

/** A Discord snowflake in a path or body; the specification's exact message otherwise. */
export const UserIdSchema = z.string().refine(isId, 'User ID is not a snowflake');
export const UserIdParamsSchema = z.strictObject({ id: UserIdSchema });

export const AuthenticateBodySchema = z.strictObject({
  code: z.string().min(1).max(512),
  /** The OAuth state from the callback URL: must match the one this browser was sent off with. */
  state: z.string().min(1).max(512),
});
export type AuthenticateBody = z.infer<typeof AuthenticateBodySchema>;

/** DELETE /api/client/sessions: a token to end (it must be the caller's), or none for the current session. */
export const EndSessionBodySchema = z.strictObject({ sessionToken: z.string().min(1).max(256).optional() }).nullable();

export const DevSignInBodySchema = z.strictObject({ userId: UserIdSchema });

export const LoginQuerySchema = z.object({ redirect: z.string().max(2048).optional() });

/** What anyone may see of a user. */
export interface PublicUserView {
  id: string;
  username: string;
  displayName: string | null;
  discriminator: string;
  avatar: string | null;
  /** Rank ids, highest first. */
  ranks: string[];
  /** The highest rank's id. */
  rank: string | null;
  flags: number;
  createdAt: string;
}

/** What a user sees of themself (and managers of them). */
export interface UserView extends PublicUserView {
  /** Effective: their own OR their ranks'. */
  permissions: number;
  perks: string[];
  ban: { active: boolean; reason: string | null; expires: string | null } | null;
  settings: { deliveryMessage?: { message: string } };
}

export interface MeResponse {
  user: UserView;
  /** The store's payment token (store issue); null until then. */
  nitroPayToken: string | null;
}

export interface AuthenticateResponse {
  sessionToken: string;
  /** Where the browser asked to go after signing in (a same-site path). */
  redirect: string;
}

export interface DemoUser {
  id: string;
  username: string;
  displayName: string;
  role: string;
}
