import type { Em } from '../../core/db/orm.ts';
import type { CoreContext } from '../../core/plugin.ts';
import type { RanksService } from '../ranks/index.ts';
import {
  ApplicationHistorySchema,
  ApplicationSchema,
  type RecruitmentForm,
  RecruitmentFormSchema,
} from './entities.ts';
import { APPLICATION_STATUS, answersSchema, type Question } from './schemas.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Fixed ids, so that links and tests can name the demo forms and applications. */
export const DEMO_FORMS = { chef: '1100000000000000501', driver: '1100000000000000502' } as const;
/** The pending applications: Hungry Hank's to the Chef form, Brunch Bea's to the Delivery Driver form. */
export const DEMO_APPLICATIONS = { hank: '1100000000000000511', bea: '1100000000000000514' } as const;

const MORGAN = { id: '1100000000000000004', name: 'Morgan Manager' };
const SAM = '1100000000000000005';

const CHEF_QUESTIONS: Question[] = [
  {
    id: 'name',
    type: 'short',
    label: 'What should the kitchen call you?',
    help: null,
    required: true,
    min: 2,
    max: 32,
    options: [],
  },
  {
    id: 'why',
    type: 'paragraph',
    label: 'Why do you want to cook at the Virtual Diner?',
    help: 'A few sentences are plenty.',
    required: true,
    min: 30,
    max: 1000,
    options: [],
  },
  {
    id: 'shift',
    type: 'single',
    label: 'Which shift suits you best?',
    help: null,
    required: true,
    min: null,
    max: null,
    options: ['Mornings', 'Afternoons', 'Evenings', 'Nights'],
  },
  {
    id: 'dishes',
    type: 'multiple',
    label: 'Which dishes can you make?',
    help: 'Pick every one you are happy to cook.',
    required: true,
    min: 1,
    max: null,
    options: ['Burgers', 'Pizza', 'Fries', 'Milkshakes', 'Tacos'],
  },
  {
    id: 'hours',
    type: 'number',
    label: 'How many hours a week can you give?',
    help: null,
    required: true,
    min: 1,
    max: 60,
    options: [],
  },
  {
    id: 'before',
    type: 'yesno',
    label: 'Have you cooked in a Discord kitchen before?',
    help: null,
    required: false,
    min: null,
    max: null,
    options: [],
  },
];

const DRIVER_QUESTIONS: Question[] = [
  {
    id: 'timezone',
    type: 'short',
    label: 'Which timezone are you in?',
    help: 'For example UTC+1.',
    required: true,
    min: null,
    max: 40,
    options: [],
  },
  {
    id: 'story',
    type: 'paragraph',
    label: 'Tell us about a delivery you are proud of.',
    help: null,
    required: false,
    min: null,
    max: 1500,
    options: [],
  },
  {
    id: 'servers',
    type: 'number',
    label: 'How many Discord servers are you in?',
    help: null,
    required: false,
    min: 0,
    max: 200,
    options: [],
  },
  {
    id: 'etiquette',
    type: 'yesno',
    label: 'Have you read the delivery etiquette?',
    help: null,
    required: true,
    min: null,
    max: null,
    options: [],
  },
];

/** A status change of a demo application: to what, why, and how long after it was made (by Morgan). */
interface DemoChange {
  to: number;
  reason: string | null;
  after: number;
}

interface DemoApplication {
  id: string;
  form: keyof typeof DEMO_FORMS;
  userId: string;
  name: string;
  answers: Record<string, unknown>;
  /** How long before the seed it was made. */
  ago: number;
  changes?: DemoChange[];
  staffNotes?: string;
}

/** Pending, on-hold and decided applications from the Discord customers the orders seed made (Casey has none). */
const SEEDED_APPLICATIONS: DemoApplication[] = [
  {
    id: DEMO_APPLICATIONS.hank,
    form: 'chef',
    userId: '1100000000000000011',
    name: 'Hungry Hank',
    answers: {
      name: 'Hank',
      why: 'I order here every night and I would love to see the kitchen from the other side.',
      shift: 'Nights',
      dishes: ['Burgers', 'Fries'],
      hours: 10,
      before: false,
    },
    ago: 2 * DAY,
  },
  {
    id: '1100000000000000512',
    form: 'chef',
    userId: '1100000000000000012',
    name: 'Pizza Pat',
    answers: {
      name: 'Pat',
      why: 'Pizza is my life. I have run a pizza channel in my own server for two years.',
      shift: 'Evenings',
      dishes: ['Pizza'],
      hours: 6,
      before: true,
    },
    ago: 5 * DAY,
    changes: [
      { to: APPLICATION_STATUS.HOLD, reason: 'We will get back to you when an evening spot opens.', after: DAY },
    ],
    staffNotes: 'Good fit, but the evening shift is full until next month.',
  },
  {
    id: '1100000000000000513',
    form: 'chef',
    userId: '1100000000000000014',
    name: 'Late Night Lou',
    answers: {
      name: 'Lou',
      why: 'I want to cook because I am awake at night anyway and bored.',
      shift: 'Nights',
      dishes: ['Tacos'],
      hours: 2,
      before: null,
    },
    ago: 9 * DAY,
    changes: [
      {
        to: APPLICATION_STATUS.DENIED,
        reason: 'Two hours a week is not quite enough for the kitchen yet: try again later!',
        after: 2 * DAY,
      },
    ],
    staffNotes: 'Too few hours.',
  },
  {
    id: DEMO_APPLICATIONS.bea,
    form: 'driver',
    userId: '1100000000000000015',
    name: 'Brunch Bea',
    answers: {
      timezone: 'UTC+1',
      story: 'I once delivered twelve pancakes to a server at 3am and everyone was happy.',
      servers: 23,
      etiquette: true,
    },
    ago: DAY,
  },
  {
    id: '1100000000000000515',
    form: 'driver',
    userId: '1100000000000000003',
    name: 'Dana Driver',
    answers: { timezone: 'UTC-5', story: '', servers: 41, etiquette: true },
    ago: 30 * DAY,
    changes: [{ to: APPLICATION_STATUS.ACCEPTED, reason: 'Welcome aboard, Dana!', after: 3 * DAY }],
  },
];

/**
 * Demo recruitment: a Chef form (for customers: not staff yet, one application at a time) and a Delivery Driver
 * form that Chefs may review too, with the demo applications above. Casey has none, so the demo (and the e2e
 * journey) can apply.
 */
export async function seedRecruitment(ctx: CoreContext, ranksService: RanksService): Promise<void> {
  const ranks = await ranksService.list();
  const rankId = (name: string) => ranks.find((r) => r.name === name)?.id ?? null;
  const now = ctx.now();
  const em = ctx.orm.em.fork();
  const forms = demoForms(em, rankId, now);
  for (const demo of SEEDED_APPLICATIONS) seedApplication(em, forms[demo.form], demo, now);
  await em.flush();
}

function demoForms(
  em: Em,
  rankId: (name: string) => string | null,
  now: number,
): Record<keyof typeof DEMO_FORMS, RecruitmentForm> {
  const form = (
    id: string,
    title: string,
    description: string,
    rank: string,
    manageable: string[],
    questions: Question[],
    requirements: RecruitmentForm['requirements'],
  ) =>
    em.create(RecruitmentFormSchema, {
      id,
      title,
      description,
      rank: rankId(rank),
      manageableRanks: manageable.map(rankId).filter((id): id is string => id !== null),
      open: true,
      opensAt: new Date(now - 14 * DAY),
      closesAt: null,
      requirements,
      questions,
      createdBy: SAM,
      createdAt: new Date(now - 14 * DAY),
    });
  return {
    chef: form(
      DEMO_FORMS.chef,
      'Chef',
      'Join the kitchen! Chefs claim orders, **cook them** and hand them to the delivery drivers. Tell us a little about yourself.',
      'Chef',
      [],
      CHEF_QUESTIONS,
      { minAccountAgeDays: 30, notStaff: true, oneAtATime: true, reapplyCooldownDays: 14 },
    ),
    driver: form(
      DEMO_FORMS.driver,
      'Delivery Driver',
      'Drivers take finished orders to the servers that ordered them. Friendly words and a good eye for the rules matter most.',
      'Delivery Driver',
      ['Chef'],
      DRIVER_QUESTIONS,
      { minAccountAgeDays: 7, notStaff: false, oneAtATime: false, reapplyCooldownDays: 7 },
    ),
  };
}

/** One demo application with its history: the applicant's submission, then Morgan's changes. */
function seedApplication(em: Em, form: RecruitmentForm, demo: DemoApplication, now: number): void {
  const createdAt = new Date(now - demo.ago);
  const changes = demo.changes ?? [];
  const last = changes.at(-1);
  const application = em.create(ApplicationSchema, {
    id: demo.id,
    form,
    user: demo.userId,
    formTitle: form.title,
    questions: form.questions,
    answers: answersSchema(form.questions).parse(demo.answers),
    status: last?.to ?? APPLICATION_STATUS.PENDING,
    reason: last?.reason ?? null,
    staffNotes: demo.staffNotes ?? null,
    decidedAt: last && last.to >= APPLICATION_STATUS.ACCEPTED ? new Date(now - demo.ago + last.after) : null,
    createdAt,
    updatedAt: new Date(now - demo.ago + (last?.after ?? 0)),
  });
  em.create(ApplicationHistorySchema, {
    application,
    from: null,
    to: APPLICATION_STATUS.PENDING,
    by: demo.userId,
    byName: demo.name,
    createdAt,
  });
  let from: number = APPLICATION_STATUS.PENDING;
  for (const change of changes) {
    em.create(ApplicationHistorySchema, {
      application,
      from,
      to: change.to,
      reason: change.reason,
      by: MORGAN.id,
      byName: MORGAN.name,
      createdAt: new Date(now - demo.ago + change.after),
    });
    from = change.to;
  }
}
