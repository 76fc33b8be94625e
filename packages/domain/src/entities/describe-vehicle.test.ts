import { describe, expect, it } from 'vitest';
import { describeVehicle } from './vehicle-specification';

describe('describeVehicle', () => {
  it('names a car by make, model, engine and trim', () => {
    expect(
      describeVehicle({ make: 'BMW', model: '3 Series', engineLabel: '320i', trim: 'M Sport' }),
    ).toBe('BMW 3 Series 320i M Sport');
  });

  it('leaves out a part another part already says', () => {
    expect(
      describeVehicle({
        make: 'BMW',
        model: 'M3',
        engineLabel: 'M3 Competition',
        trim: 'Competition',
      }),
    ).toBe('BMW M3 Competition');
  });

  it('keeps a part that is only part of a word elsewhere', () => {
    expect(
      describeVehicle({ make: 'MINI', model: 'Cooper', engineLabel: 'Cooper S', trim: 'S' }),
    ).toBe('MINI Cooper S');
    expect(
      describeVehicle({ make: 'BMW', model: 'X5', engineLabel: 'xDrive45e', trim: null }),
    ).toBe('BMW X5 xDrive45e');
  });

  it('is empty when nothing is known, and skips blanks', () => {
    expect(describeVehicle(null)).toBe('');
    expect(describeVehicle({ make: ' ', model: 'i4', engineLabel: undefined, trim: '' })).toBe(
      'i4',
    );
  });
});
