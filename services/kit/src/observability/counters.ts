import { Counter, type Registry } from 'prom-client';

/** Every value each label may take, e.g. `{ outcome: ['answered', 'abstained'] }`. */
export type KnownLabelValues<L extends string> = { readonly [K in L]: readonly string[] };

/**
 * Exports every combination of the known label values at 0 from the start. Prometheus's rate()
 * and increase() see a series' first occurrence only when the series existed before it (an
 * alert on "any dead letter" would miss the first one), and a panel shows 0 rather than no data.
 */
export function exportAtZero<L extends string>(counter: Counter<L>, known: KnownLabelValues<L>): void {
  const names = Object.keys(known) as L[];
  const combinations = names.reduce<Partial<Record<L, string>>[]>(
    (partial, name) => partial.flatMap((labels) => known[name].map((value) => ({ ...labels, [name]: value }))),
    [{}],
  );
  for (const labels of combinations) counter.inc(labels, 0);
}

/** A counter on the service's registry with its known label values exported at 0 (see exportAtZero). */
export function createCounter<L extends string = never>(registry: Registry, options: { name: string; help: string; labels?: KnownLabelValues<L> }): Counter<L> {
  const known = options.labels ?? ({} as KnownLabelValues<L>);
  const counter = new Counter<L>({ name: options.name, help: options.help, labelNames: Object.keys(known) as L[], registers: [registry] });
  exportAtZero(counter, known);
  return counter;
}
