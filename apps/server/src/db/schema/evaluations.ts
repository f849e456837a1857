import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CaseResult, EvaluationCase, VariantSummary } from '@buildai/domain';
import { apps, tools } from './apps';

/**
 * The test cases of one tool of an app, or of its chat assistant (decision 0019). `target` is the tool's id or
 * `assistant`; a tool's cases go with the tool.
 * @owner evaluations
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    toolId: text('tool_id').references(() => tools.toolId, { onDelete: 'cascade' }),
    cases: jsonb('cases').$type<EvaluationCase[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('evaluations_target_uq').on(t.appId, t.target)],
);

/**
 * One run of an evaluation: its variants (model and prompt of each side), every case's answer and checks, and the
 * totals per variant. Written as the cases finish, so a page that polls it sees the run fill in.
 * @owner evaluations
 */
export const evaluationRuns = pgTable(
  'evaluation_runs',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    toolId: text('tool_id').references(() => tools.toolId, { onDelete: 'cascade' }),
    /** the builder who started it */
    accountId: text('account_id').notNull(),
    status: text('status').$type<'running' | 'finished' | 'failed'>().notNull(),
    error: text('error'),
    judgeModel: text('judge_model'),
    judgeCost: doublePrecision('judge_cost').notNull().default(0),
    caseCount: integer('case_count').notNull(),
    variants: jsonb('variants').$type<VariantSummary[]>().notNull(),
    results: jsonb('results').$type<CaseResult[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** moved on as each case finishes: a running run not touched for long was cut off by a restart */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('evaluation_runs_target_idx').on(t.appId, t.target, t.createdAt)],
);
