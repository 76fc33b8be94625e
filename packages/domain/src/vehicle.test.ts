import { describe, expect, it } from 'vitest';
import { engineCapacityLitres, enginePowerPs } from './vehicle';

describe('enginePowerPs', () => {
  it.each([
    [0, 0],
    [100, 101], // 101.387
    [184, 187], // 186.55208
    [250, 253], // 253.4675
    [340, 345], // 344.7158
    [148, 150], // 150.05276
    [493, 500], // 499.83791
  ])('%d → %d PS', (power, ps) => {
    expect(enginePowerPs(power)).toBe(ps);
  });
});

describe('engineCapacityLitres', () => {
  it.each([
    [1998, '2.0'],
    [1995, '2.0'],
    [1950, '2.0'], // half-up on the hundred cc (toFixed would give 1.9)
    [1949, '1.9'],
    [1499, '1.5'],
    [1449, '1.4'],
    [2993, '3.0'],
    [4395, '4.4'],
    [999, '1.0'],
    [649, '0.6'],
    [0, '0.0'],
  ])('%d cc → %s litres', (cc, litres) => {
    expect(engineCapacityLitres(cc)).toBe(litres);
  });
});
