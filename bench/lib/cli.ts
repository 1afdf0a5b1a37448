/** Command-line options of the benchmarks' run.ts files. */

/** A positive whole number given on the command line, or `fallback` when the option is absent. */
export function positiveInt(v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a positive integer: ${v}`);
  return n;
}
