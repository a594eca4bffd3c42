/**
 * Questions the supervisor asks each shard process over discord.js's IPC channel (health and
 * metrics), so that only the supervisor binds HTTP_PORT. Messages carry a `kiroku` tag; discord.js
 * ignores messages it does not know and hands them to `shard.on('message')`.
 */
import { z } from 'zod';
import type { HealthReport } from '../http/server.js';

export type ShardQuestion = 'health' | 'metrics';

const questionSchema = z.object({
  kiroku: z.literal('ask'),
  id: z.number().int(),
  what: z.enum(['health', 'metrics']),
});

export const answerSchema = z.object({
  kiroku: z.literal('answer'),
  id: z.number().int(),
  what: z.enum(['health', 'metrics']),
  value: z.unknown(),
});

export const healthAnswerSchema = z.object({ gateway: z.boolean(), store: z.boolean(), jobs: z.boolean() });
/** prom-client's `getMetricsAsJSON()`: an array of metric objects (checked again by the aggregator). */
export const metricsAnswerSchema = z.array(z.looseObject({ name: z.string(), type: z.string() }));

interface ShardAnswers {
  health(): Promise<HealthReport>;
  /** prom-client's `registry.getMetricsAsJSON()`. */
  metrics(): Promise<unknown>;
}

/** In a shard process: answers the supervisor's questions (nothing outside the ShardingManager). */
export function answerSupervisor(answers: ShardAnswers): void {
  const send = process.send?.bind(process);
  if (!send) return;
  process.on('message', (message: unknown) => {
    const question = questionSchema.safeParse(message);
    if (!question.success) return;
    const { id, what } = question.data;
    const answer = what === 'health' ? answers.health() : answers.metrics();
    answer.then(
      (value) => send({ kiroku: 'answer', id, what, value }),
      () => send({ kiroku: 'answer', id, what, value: null }),
    );
  });
}

export function questionMessage(id: number, what: ShardQuestion): z.infer<typeof questionSchema> {
  return { kiroku: 'ask', id, what };
}
