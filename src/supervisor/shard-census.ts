/**
 * The supervisor's view of its shard processes: asks each one (IPC) for its health and metrics and
 * combines the answers. Healthy only when every shard this host runs answers that its gateway is
 * ready, its store answers and its jobs are scheduled; metrics are combined across shards by
 * prom-client's AggregatorRegistry, each metric by its own `aggregator` (sum unless it says otherwise).
 */
import type { Shard, ShardingManager } from 'discord.js';
import { AggregatorRegistry } from 'prom-client';
import type { HealthReport } from '../http/server.js';
import {
  answerSchema,
  healthAnswerSchema,
  metricsAnswerSchema,
  questionMessage,
  type ShardQuestion,
} from './shard-ipc.js';

/** How long a shard has to answer before it counts as unhealthy (or its metrics are left out). */
const ANSWER_TIMEOUT_MS = 2_000;

export class ShardCensus {
  readonly #manager: ShardingManager;
  readonly #expected: number;
  #nextId = 0;

  constructor(manager: ShardingManager, expectedShards: number) {
    this.#manager = manager;
    this.#expected = expectedShards;
  }

  async health(): Promise<HealthReport> {
    const shards = [...this.#manager.shards.values()];
    const answers = await Promise.all(shards.map((shard) => this.#ask(shard, 'health')));
    const reports = answers.map((value) => healthAnswerSchema.safeParse(value));
    const all = shards.length === this.#expected && reports.every((report) => report.success);
    return {
      gateway: all && reports.every((report) => report.data?.gateway === true),
      store: all && reports.every((report) => report.data?.store === true),
      jobs: all && reports.every((report) => report.data?.jobs === true),
    };
  }

  async metrics(): Promise<{ contentType: string; body: string }> {
    const shards = [...this.#manager.shards.values()];
    const answers = await Promise.all(shards.map((shard) => this.#ask(shard, 'metrics')));
    const perShard = answers.flatMap((value) => {
      const parsed = metricsAnswerSchema.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    });
    const registry = AggregatorRegistry.aggregate(perShard);
    return { contentType: registry.contentType, body: await registry.metrics() };
  }

  /** One shard's answer, or undefined when it has no process or does not answer in time. */
  #ask(shard: Shard, what: ShardQuestion): Promise<unknown> {
    const child = shard.process;
    if (!child?.connected) return Promise.resolve(undefined);
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const onMessage = (message: unknown) => {
        const answer = answerSchema.safeParse(message);
        if (!answer.success || answer.data.id !== id) return;
        finish(answer.data.value);
      };
      const timer = setTimeout(() => finish(undefined), ANSWER_TIMEOUT_MS);
      const finish = (value: unknown) => {
        clearTimeout(timer);
        shard.off('message', onMessage);
        resolve(value);
      };
      shard.on('message', onMessage);
      shard.send(questionMessage(id, what)).catch(() => finish(undefined));
    });
  }
}
