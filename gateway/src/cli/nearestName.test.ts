import { describe, expect, it } from 'vitest';
import { nearestName, unknownKeyMessage } from './nearestName.js';

describe('nearestName', () => {
  const known = ['robots', 'radio', 'robotProfile', 'map', 'targets'];

  it('suggests the closest known name, ignoring case', () => {
    expect(nearestName('robts', known)).toBe('robots');
    expect(nearestName('Radoi', known)).toBe('radio');
    expect(nearestName('robotprofile', known)).toBe('robotProfile');
  });

  it('suggests nothing for a name far from every known one', () => {
    expect(nearestName('wheelbase', known)).toBeUndefined();
    expect(unknownKeyMessage('wheelbase', known)).toBe("unknown key 'wheelbase'; known keys: robots, radio, robotProfile, map, targets");
  });
});
