/** How long things take: interactions to their first answer, service requests, channel posts. */
import { Histogram, type Registry } from 'prom-client';

/**
 * Discord drops an interaction not acknowledged within 3 s: the buckets are dense around that window
 * so p50/p95 and "answered after 3 s" read straight off them.
 */
const INTERACTION_BUCKETS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 4, 6, 10];
const SERVICE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16];
const POST_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

/** `2xx`, `4xx`, `5xx`..., with 429 on its own (the budget's signal) and `error` for no answer at all. */
export function statusClass(status: number | 'error'): string {
  if (status === 'error') return 'error';
  if (status === 429) return '429';
  if (!Number.isInteger(status) || status < 100 || status > 599) return 'other';
  return `${Math.floor(status / 100)}xx`;
}

export class LatencyMetrics {
  readonly interactions: Histogram<'route'>;
  readonly serviceRequests: Histogram<'operation' | 'status_class'>;
  readonly posts: Histogram<'outcome'>;

  constructor(registry: Registry) {
    this.interactions = new Histogram({
      name: 'kiroku_interaction_first_answer_seconds',
      help: 'Seconds from receiving an interaction to its first answer (reply, deferral, modal, choices), by route',
      labelNames: ['route'] as const,
      buckets: INTERACTION_BUCKETS,
      registers: [registry],
    });
    this.serviceRequests = new Histogram({
      name: 'kiroku_service_request_duration_seconds',
      help: 'Seconds per request attempt to the viewing-record service, by operation and status class',
      labelNames: ['operation', 'status_class'] as const,
      buckets: SERVICE_BUCKETS,
      registers: [registry],
    });
    this.posts = new Histogram({
      name: 'kiroku_channel_post_duration_seconds',
      help: 'Seconds per channel post by the background jobs (feed, digest, alerts), by outcome',
      labelNames: ['outcome'] as const,
      buckets: POST_BUCKETS,
      registers: [registry],
    });
  }
}
