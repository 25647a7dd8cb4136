import { z } from 'zod';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, text } from '../../core/shared/text.ts';
import { UserSummarySchema } from '../../core/shared/user-summary.ts';
import { UserIdSchema } from '../users/schemas.ts';
import type { teamsCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof teamsCatalogue>('teams');

/**
 * The teams contract (specification §3 "Team: _id, orders (count), createdBy", §7 "Teams"), shared by the API, the
 * service and the site. A team's text colour on its colour follows the rank rule of §9 (plugins/ranks rankTextColour).
 */
export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 32;
export const TEAM_DESCRIPTION_MAX = 300;
/** An emoji (some are several code points joined) or a short icon name. */
export const TEAM_ICON_MAX = 16;
/** A deeper blue than the rank default (#2888f5), whose white text (the rank rule) fails contrast at a badge's size: 4.9:1 here. */
export const DEFAULT_TEAM_COLOUR = '#1f6fd1';
/** How many users one bulk move may name. */
export const MAX_BULK_MOVES = 500;

export const TeamIdSchema = snowflakeId('Team');
export const TeamIdParamsSchema = z.strictObject({ id: TeamIdSchema });
/** POST /api/client/teams/{teamID}: the specification names the parameter teamID. */
export const TeamIDParamsSchema = z.strictObject({ teamID: TeamIdSchema });

const name = displayName({
  what: said.phrase('schema.name.team', 'A team name'),
  min: TEAM_NAME_MIN,
  max: TEAM_NAME_MAX,
});
const colour = text()
  .regex(/^#[0-9a-fA-F]{6}$/, said('schema.colour', 'A colour is #rrggbb.'))
  .transform((c) => c.toLowerCase());
const icon = displayName({ what: said.phrase('schema.name.icon', 'An icon'), max: TEAM_ICON_MAX });
const description = text()
  .trim()
  .max(
    TEAM_DESCRIPTION_MAX,
    said('schema.descriptionTooLong', `A description is at most ${TEAM_DESCRIPTION_MAX} characters.`, {
      max: TEAM_DESCRIPTION_MAX,
    }),
  );

/** POST /api/client/teams: a new team (orders start at 0). */
export const CreateTeamBodySchema = z.strictObject({
  name,
  colour: colour.default(DEFAULT_TEAM_COLOUR),
  icon,
  description: description.default(''),
});
export type CreateTeamBody = z.input<typeof CreateTeamBodySchema>;
export type CreateTeamInput = z.output<typeof CreateTeamBodySchema>;

/** PATCH /api/client/teams/{id}: any of the fields; the orders count only through reset-orders and deliveries. */
export const UpdateTeamBodySchema = z
  .strictObject({
    name: name.optional(),
    colour: colour.optional(),
    icon: icon.optional(),
    description: description.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    said('schema.nothingToChange', 'Nothing to change: give at least one field.'),
  );
export type UpdateTeamInput = z.output<typeof UpdateTeamBodySchema>;

/** PATCH /api/client/teams/update-user-team: one user into a team, or out of any (`teamID: null`). */
export const UpdateUserTeamBodySchema = z.strictObject({ userID: UserIdSchema, teamID: TeamIdSchema.nullable() });
export type UpdateUserTeamInput = z.output<typeof UpdateUserTeamBodySchema>;

/**
 * POST /api/client/teams/bulk-update-teams: `move` puts each named user into a team (or none) at once, all or
 * nothing; `balance` puts every staff member without a team into the team with the fewest members (ties: fewest
 * orders, then name).
 */
export const BulkUpdateTeamsBodySchema = z
  .strictObject({
    mode: z.enum(['move', 'balance']),
    moves: z
      .array(UpdateUserTeamBodySchema)
      .max(MAX_BULK_MOVES)
      .refine(
        (moves) => new Set(moves.map((m) => m.userID)).size === moves.length,
        said('schema.userNamedTwice', 'Each user may be named once.'),
      )
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.mode === 'move' && !body.moves?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['moves'],
        message: said.text('schema.noMoves', 'Name at least one user to move.'),
      });
    if (body.mode === 'balance' && body.moves !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['moves'],
        message: said.text('schema.balanceTakesNoMoves', 'Balance takes no moves: it places everyone without a team.'),
      });
    }
  });
export type BulkUpdateTeamsInput = z.output<typeof BulkUpdateTeamsBodySchema>;

export const TeamMemberViewSchema = UserSummarySchema.extend({ joinedAt: AnswerMomentSchema });
export type TeamMemberView = z.output<typeof TeamMemberViewSchema>;

export const TeamViewSchema = z.strictObject({
  _id: AnswerIdSchema,
  name: z.string(),
  /** `#rrggbb`, and the text colour that reads on it (black above luminance 125, else white). */
  colour: z.string(),
  textColour: z.enum(['#000000', '#ffffff']),
  icon: z.string(),
  description: z.string(),
  /** Delivered orders counted for the team since it was made or last reset. */
  orders: z.int().min(0),
  memberCount: z.int().min(0),
  /** The user who made it (their id). */
  createdBy: AnswerIdSchema,
  createdAt: AnswerMomentSchema,
  /** When the counter was last set to 0, if ever. */
  ordersResetAt: AnswerMomentSchema.nullable(),
});
export type TeamView = z.output<typeof TeamViewSchema>;

export const TeamDetailViewSchema = TeamViewSchema.extend({ members: z.array(TeamMemberViewSchema) });
export type TeamDetailView = z.output<typeof TeamDetailViewSchema>;

export const TeamsResponseSchema = z.strictObject({ teams: z.array(TeamViewSchema) });
export type TeamsResponse = z.output<typeof TeamsResponseSchema>;

/** One team: created, reset, edited, deleted. */
export const TeamResponseSchema = z.strictObject({ team: TeamViewSchema });
/** A team's page, with its members. */
export const TeamDetailResponseSchema = z.strictObject({ team: TeamDetailViewSchema });
/** The caller's own team, or null. */
export const OwnTeamResponseSchema = z.strictObject({ team: TeamViewSchema.nullable() });

/** What bulk-update-teams answers: every team as it is now, and who was moved where. */
export const BulkUpdateTeamsResponseSchema = z.strictObject({
  teams: z.array(TeamViewSchema),
  moved: z.array(z.strictObject({ userID: AnswerIdSchema, teamID: AnswerIdSchema.nullable() })),
});
export type BulkUpdateTeamsResponse = z.output<typeof BulkUpdateTeamsResponseSchema>;

/** PATCH update-user-team: the team the user is in now (null: none). */
export const UpdateUserTeamResponseSchema = z.strictObject({
  userID: AnswerIdSchema,
  updatedTeam: TeamViewSchema.nullable(),
});
export type UpdateUserTeamResponse = z.output<typeof UpdateUserTeamResponseSchema>;
