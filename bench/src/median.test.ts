import { describe, expect, it } from 'vitest';
import { median } from './median.js';

describe('median', () => {
  it('is the middle value, the mean of the middle two for an even count, NaN for none, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
    const values = [5, 9, 1];
    median(values);
    expect(values).toEqual([5, 9, 1]);
  });
});
