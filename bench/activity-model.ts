/**
 * A heavy-tailed, seeded activity model for feed owners: half the owners idle, the others with
 * Pareto-distributed rates such that the busiest 20% of all owners make 80% of the activity, and
 * Poisson arrivals at those rates. The same seed gives the same owners and the same timeline.
 */

/** Weights w_k = (k / n)^(-1/alpha), k = 1..n: the quantiles of a Pareto distribution. */
function paretoWeights(n: number, alpha: number): number[] {
  return Array.from({ length: n }, (_, i) => ((i + 0.5) / n) ** (-1 / alpha));
}

function topShare(weights: readonly number[], fraction: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  const top = weights.slice(0, Math.round(weights.length * fraction)).reduce((a, b) => a + b, 0);
  return top / total;
}

/**
 * Each owner's activity rate (per second): `idleShare` of owners at 0, the rest Pareto with the
 * busiest `topOwners` of all owners making `topActivity` of everything; mean rate `meanRatePerS`.
 */
export function ownerRates(
  owners: number,
  meanRatePerS: number,
  random: () => number,
  { idleShare = 0.5, topOwners = 0.2, topActivity = 0.8 } = {},
): number[] {
  const active = Math.round(owners * (1 - idleShare));
  const topOfActive = topOwners / (1 - idleShare);
  // The share of the top grows as alpha falls: bisect alpha for the wanted share.
  let lo = 1.0001;
  let hi = 20;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (topShare(paretoWeights(active, mid), topOfActive) > topActivity) lo = mid;
    else hi = mid;
  }
  const weights = paretoWeights(active, lo);
  const total = weights.reduce((a, b) => a + b, 0);
  const rates = [
    ...weights.map((w) => (w / total) * meanRatePerS * owners),
    ...Array(owners - active).fill(0),
  ];
  // Shuffle (Fisher-Yates) so that busy owners are spread over indices.
  for (let i = rates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rates[i], rates[j]] = [rates[j] ?? 0, rates[i] ?? 0];
  }
  return rates;
}

export interface Arrival {
  /** Seconds from the timeline's start. */
  atS: number;
  owner: number;
}

/** Poisson arrivals of every owner over `durationS`, in time order. */
export function arrivals(rates: readonly number[], durationS: number, random: () => number): Arrival[] {
  const all: Arrival[] = [];
  rates.forEach((rate, owner) => {
    if (rate <= 0) return;
    for (let t = -Math.log(1 - random()) / rate; t < durationS; t += -Math.log(1 - random()) / rate) {
      all.push({ atS: t, owner });
    }
  });
  return all.sort((a, b) => a.atS - b.atS);
}

/**
 * Each owner's past before the run: the newest `keep` Poisson arrivals within `horizonS` before it,
 * as ages in seconds (`atS` < 0). A poll's first page shows no more than its `keep` newest
 * activities, so older ones would never be read; a real feed has years of them.
 */
export function recentHistory(
  rates: readonly number[],
  horizonS: number,
  keep: number,
  random: () => number,
): Arrival[] {
  const past: Arrival[] = [];
  rates.forEach((rate, owner) => {
    if (rate <= 0) return;
    let age = -Math.log(1 - random()) / rate;
    for (let kept = 0; kept < keep && age < horizonS; kept++) {
      past.push({ atS: -age, owner });
      age += -Math.log(1 - random()) / rate;
    }
  });
  return past.sort((a, b) => a.atS - b.atS);
}
