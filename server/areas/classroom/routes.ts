import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { CLASS_STUDENTS_MAX, CLASS_STUDENTS_MIN } from '../../domain/classroom'
import { linkBaseOf } from '../../http/public-url'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentAdmin } from '../../http/router'
import { LONG_LOT_MAX_SECONDS, QuietHoursInput, SHORT_LOT_MAX_SECONDS } from '../auctions'
import { email, username } from '../users'
import { latestClassrooms } from './queries'
import { createClassroom } from './service'

const int = () => z.number().int()
const ClassAuctionSchema = z.object({
  id: int(),
  name: z.string(),
  code: z.string(),
  seats: int(),
  students: int(),
  bots: int(),
  squad_min: int(),
  squad_max: int(),
  balanced: z.boolean(),
  players_per_franchise: int(),
  pool: z.object({ kind: z.literal('league'), series_id: int(), series_name: z.string(), players: int() }),
})
const ClassContestSchema = z.object({
  id: int(),
  name: z.string(),
  invite_code: z.string().nullable(),
  match_id: int(),
  match_name: z.string(),
})
const ClassroomSchema = z.object({
  id: int(),
  name: z.string(),
  students_count: int(),
  group_id: int().nullable(),
  auction_id: int().nullable(),
  contest_id: int().nullable(),
  created_at_in_millis: int(),
})

const ClassBody = z
  .strictObject({
    name: z.string().trim().min(3).max(40).optional(),
    students: z.number().int().min(CLASS_STUDENTS_MIN).max(CLASS_STUDENTS_MAX),
    roster: z
      .array(
        z.strictObject({
          username,
          full_name: z.string().trim().min(1).max(60).optional(),
          email: email.optional(),
        }),
      )
      .max(CLASS_STUDENTS_MAX)
      .optional()
      .openapi({ description: 'Named students (a CSV’s rows, in order); the rest are generated' }),
    seats: z.number().int().min(2).max(CLASS_STUDENTS_MAX).optional().openapi({
      description:
        'Franchises in the auction; bots fill those students leave (default: students, at least 4)',
    }),
    lot_seconds: z.number().int().min(5).max(LONG_LOT_MAX_SECONDS).optional().openapi({
      description:
        'Seconds each lot of the class auction runs (default 15): 5–120, or up to 86,400 (a day) with `quiet_hours`',
    }),
    // Described once, as AuctionQuietHours (docs/auctions.md, "Over days"): a class that bids over days.
    quiet_hours: QuietHoursInput.nullable().optional(),
    stand_in: z.boolean().optional().openapi({
      description: 'When a lot opens, a bot bids for each absent student until they bid again',
    }),
  })
  .superRefine((body, ctx) => {
    if ((body.lot_seconds ?? 0) > SHORT_LOT_MAX_SECONDS && !body.quiet_hours)
      ctx.addIssue({
        code: 'custom',
        path: ['lot_seconds'],
        message: `must be at most ${SHORT_LOT_MAX_SECONDS}; up to ${LONG_LOT_MAX_SECONDS} (a day) in a class that bids over days, with quiet_hours`,
      })
  })

const ClassCreatedSchema = z.object({
  classroom: z.object({ id: z.number().int(), name: z.string() }),
  students: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      email: z.string(),
      full_name: z.string().nullable(),
      password: z.string(),
    }),
  ),
  group: z.object({ uuid: z.string(), name: z.string(), invite_code: z.string() }),
  auction: ClassAuctionSchema,
  contest: ClassContestSchema.nullable(),
  contest_skipped: z.string().nullable().openapi({ description: 'Why there is no contest' }),
  sign_in_url: z.string().openapi({
    description: 'Where the students sign in: FANSPOLE_PUBLIC_URL, else the address this request used',
  }),
})

/** The classroom (docs/classroom.md): admin only, as every `/api/admin/*` route. */
export function classroomRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])

  route.post(
    '/api/admin/classrooms',
    {
      summary: 'Create a class: students, their group, an auction and a private contest, in one go',
      description:
        'In one transaction: the student accounts (active, e-mail verified, printable passwords in the answer — the only time they are shown), a group of them all, a private auction on the league pool (every cricket player) with every student an approved manager and bots in the seats left, and a free private contest on the next upcoming cricket match (null when there is none). A refusal creates nothing; a roster problem names its row (`roster.3.username`).',
      auth: true,
      body: ClassBody,
      responses: {
        201: json(ClassCreatedSchema, 'The class'),
      },
      errors: [403, 409, 422],
    },
    async (c) => {
      const admin = currentAdmin(c)
      const created = await createClassroom(deps, admin, c.req.valid('json'))
      return c.json({ ...created, sign_in_url: `${await linkBaseOf(deps, c)}/` }, 201)
    },
  )

  route.get(
    '/api/admin/classrooms',
    {
      summary: 'The classes created so far, newest first',
      auth: true,
      ok: json(z.object({ classrooms: z.array(ClassroomSchema) }), 'Classes'),
      errors: [403],
    },
    async (c) => {
      currentAdmin(c)
      const rows = await latestClassrooms(deps.db)
      const classrooms = rows.map((r) => ({
        id: r.id,
        name: r.name,
        students_count: r.students_count,
        group_id: r.group_id,
        auction_id: r.auction_id,
        contest_id: r.contest_id,
        created_at_in_millis: Number(r.created_at_ms),
      }))
      return c.json({ classrooms }, 200)
    },
  )

  return app
}
