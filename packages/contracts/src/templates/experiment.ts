import { z } from 'zod';
import { idField, timestamp } from '../fields';

/**
 * Experiments: same-URL A/B/C tests of a clinic's service page.
 * The templates service keeps them (it owns the client services and their
 * default style); the public shell assigns visitors; the leads service
 * counts each arm's views, leads and bookings. The statistics are
 * `./experiments/` (pure, shared with `npm run sim:experiments`).
 */

import { EXPERIMENT_VARIANTS } from './experiment-wire';

export * from './experiment-wire';

/** What counts as a conversion: a lead, or a lead that reached booked (or won). */
export const EXPERIMENT_GOALS = ['leads', 'bookings'] as const;
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number];

export const EXPERIMENT_STATUSES = ['running', 'paused', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

export const VariantSchema = z.enum(EXPERIMENT_VARIANTS, { error: 'The style must be A, B or C' });

export const WEIGHT_MESSAGE = 'The weight must be a whole number from 1 to 100';

export const ExperimentArmInputSchema = z.object({
  variant: VariantSchema,
  // 0 passes here and is refused by the arms' rule below, in words that name the style.
  weight: z.number({ error: WEIGHT_MESSAGE }).int(WEIGHT_MESSAGE).min(0, WEIGHT_MESSAGE).max(100, WEIGHT_MESSAGE),
});
export type ExperimentArmInput = z.infer<typeof ExperimentArmInputSchema>;

export const ARMS_MESSAGE = 'An experiment compares 2 or 3 different styles (A, B, C)';
/** Every style weighted 0. */
export const WEIGHTS_MESSAGE = 'Each style needs a weight above 0';

const styleList = (variants: readonly string[]) =>
  variants.length === 1 ? `style ${variants[0]}` : `styles ${variants.slice(0, -1).join(', ')} and ${variants[variants.length - 1]}`;

/**
 * A style weighted 0 gets no visitors: its figures would be the prior's alone and look real.
 * Starting, the admin leaves it out; a started experiment keeps its styles (PATCH), so the words
 * say how to drop one there.
 */
export const zeroWeightMessage = (zero: readonly string[], when: 'start' | 'change'): string =>
  when === 'start'
    ? `${WEIGHTS_MESSAGE}: remove ${styleList(zero)} instead`
    : `${WEIGHTS_MESSAGE}: to drop ${styleList(zero)}, stop this experiment and start one without ${zero.length === 1 ? 'it' : 'them'}`;

/** 2 or 3 distinct styles, each with a weight above 0. */
const armsSchema = (when: 'start' | 'change') =>
  z
    .array(ExperimentArmInputSchema, { error: ARMS_MESSAGE })
    .min(2, ARMS_MESSAGE)
    .max(3, ARMS_MESSAGE)
    .refine((arms) => new Set(arms.map((a) => a.variant)).size === arms.length, ARMS_MESSAGE)
    .superRefine((arms, ctx) => {
      const zero = arms.filter((a) => a.weight === 0).map((a) => a.variant);
      if (zero.length === 0) return;
      ctx.addIssue({ code: 'custom', message: zero.length === arms.length ? WEIGHTS_MESSAGE : zeroWeightMessage(zero, when) });
    });

/** `POST /api/experiments`. */
export const ExperimentCreateSchema = z.object({
  clientId: idField('Client id'),
  serviceId: idField('Service id'),
  goal: z.enum(EXPERIMENT_GOALS, { error: 'The goal must be leads or bookings' }).default('leads'),
  arms: armsSchema('start'),
  /** Shrink this clinic's estimates towards other clinics running the same template's styles. */
  pooling: z.boolean({ error: 'pooling must be true or false' }).default(false),
});
export type ExperimentCreate = z.output<typeof ExperimentCreateSchema>;
export type ExperimentCreateInput = z.input<typeof ExperimentCreateSchema>;

/** `PATCH /api/experiments/{id}`: new weights (the same styles), goal or options; assigned visitors stay in their arms. */
export const ExperimentUpdateSchema = z
  .object({
    arms: armsSchema('change').optional(),
    goal: z.enum(EXPERIMENT_GOALS, { error: 'The goal must be leads or bookings' }).optional(),
    pooling: z.boolean({ error: 'pooling must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Send arms, goal or pooling');
export type ExperimentUpdate = z.output<typeof ExperimentUpdateSchema>;

/** `POST /api/experiments/{id}/stop`. */
export const ExperimentStopSchema = z.object({ winner: VariantSchema });
export type ExperimentStop = z.infer<typeof ExperimentStopSchema>;

export const ExperimentsQuerySchema = z.object({
  clientId: idField('Client id', { fromText: true }).optional(),
});

const RateSchema = z.object({ mean: z.number(), low: z.number(), high: z.number() });

/** One arm with its counts and its posterior (a Beta–Binomial model). */
export const ExperimentArmSchema = z.object({
  variant: VariantSchema,
  weight: z.number().int(),
  /** Page views of the experiment's URL that showed this arm. */
  views: z.number().int(),
  /** Visitors shown this arm (a visitor a day, as Results counts them): the model's trials. */
  visitors: z.number().int(),
  leads: z.number().int(),
  bookings: z.number().int(),
  /** The goal's conversion rate per visitor: posterior mean and 95 % interval. */
  rate: RateSchema,
  probabilityBest: z.number(),
  /** What choosing this arm costs in conversion rate if another is better (expected, absolute). */
  expectedLoss: z.number(),
});
export type ExperimentArm = z.infer<typeof ExperimentArmSchema>;

export const RecommendationSchema = z.object({
  kind: z.enum(['winner', 'keep-running']),
  variant: VariantSchema.nullable(),
  reason: z.string(),
});
export type ExperimentRecommendation = z.infer<typeof RecommendationSchema>;

/** Each arm's posterior density, for the screen's chart (x: conversion rate). */
export const PosteriorCurvesSchema = z.object({
  x: z.array(z.number()),
  series: z.array(z.object({ variant: VariantSchema, density: z.array(z.number()) })),
});

export const ExperimentSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  /** The service page's path segment: the URL the experiment runs at ('/{path}'). */
  servicePath: z.string(),
  goal: z.enum(EXPERIMENT_GOALS),
  status: z.enum(EXPERIMENT_STATUSES),
  pooling: z.boolean(),
  winner: VariantSchema.nullable(),
  /** The service's default style now (the winner once one was chosen). */
  defaultStyle: VariantSchema,
  startedAt: timestamp(),
  stoppedAt: timestamp().nullable(),
  arms: z.array(ExperimentArmSchema),
  recommendation: RecommendationSchema,
  /**
   * Pooling was asked for (null otherwise): how many other clinics running the same template's
   * styles have enough conversions to count, and whether their prior is in use yet (it needs
   * POOLING.minClinics of them, and some data of this clinic's own).
   */
  network: z.object({ clinics: z.number().int(), used: z.boolean() }).nullable(),
  curves: PosteriorCurvesSchema,
  /** The arms' counts could not be read (leads did not answer): counts are 0 and this says so. */
  countsUnavailable: z.boolean(),
});
export type Experiment = z.infer<typeof ExperimentSchema>;

/**
 * What the public shell needs to assign a visitor (in the page content of a
 * service page): the running experiment and its arms' weights.
 */
export const PageExperimentSchema = z.object({
  id: z.number().int(),
  arms: z.array(z.object({ variant: VariantSchema, weight: z.number().int() })),
});
export type PageExperiment = z.infer<typeof PageExperimentSchema>;

/** An arm's counts as the leads service keeps them for templates (results/experiment-counts.ts). */
export const ExperimentCountsSchema = z.object({
  experimentId: z.number().int(),
  variant: VariantSchema,
  views: z.number().int(),
  visitors: z.number().int(),
  leads: z.number().int(),
  bookings: z.number().int(),
});
export type ExperimentCounts = z.infer<typeof ExperimentCountsSchema>;

/** A lead's experiment arm, as the page sends it (attribution.experiment). */
export const ExperimentArmRefSchema = z.object({
  id: z.number({ error: 'The experiment id must be a positive whole number' }).int().positive().max(2147483647),
  variant: VariantSchema,
});
export type ExperimentArmRef = z.infer<typeof ExperimentArmRefSchema>;
