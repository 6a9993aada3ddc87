import { describe, expect, it } from 'vitest';
import { splitDuration } from './format-duration';

describe('splitDuration', () => {
  it('splits minutes into hours and minutes', () => {
    expect(splitDuration(225)).toEqual({ hours: 3, minutes: 45 });
    expect(splitDuration(60)).toEqual({ hours: 1, minutes: 0 });
    expect(splitDuration(45)).toEqual({ hours: 0, minutes: 45 });
    expect(splitDuration(1500)).toEqual({ hours: 25, minutes: 0 });
  });

  it('never goes negative', () => {
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0 });
  });
});
