/**
 * PS per unit of the stored engine power (spec 1 §9). 1.01387 is the metric-horsepower (PS) per
 * brake-horsepower ratio, so the catalogue's `enginePower` is read as bhp (kW would need 1.35962).
 */
export const PS_PER_ENGINE_POWER_UNIT = 1.01387;

/** Converts the catalogue's engine power to whole PS, half-up (184 → 186.55 → 187). */
export function enginePowerPs(enginePower: number): number {
  return Math.round(enginePower * PS_PER_ENGINE_POWER_UNIT);
}

/**
 * Formats an engine capacity in cc as litres with one decimal, half-up on the hundred cc
 * (1998 → '2.0', 1950 → '2.0', 1499 → '1.5'); integer maths avoids toFixed's binary surprises.
 */
export function engineCapacityLitres(cc: number): string {
  const tenths = Math.round(cc / 100);
  return `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}
