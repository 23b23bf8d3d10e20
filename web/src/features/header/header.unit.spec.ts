import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { memoryStorage } from '../../lib/test-storage.ts';
import { roleBadgeText } from './components/header.tsx';
import { registerLogoClick } from './logo-clicks.ts';

describe('roleBadgeText', () => {
  it('replaces underscores and cuts to 8 characters', () => {
    expect(roleBadgeText('regular_user')).toBe('regular ');
    expect(roleBadgeText('admin')).toBe('admin');
    expect(roleBadgeText('manufacturer')).toBe('manufact');
  });
});

describe('registerLogoClick', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the 5th click, keeping the count in local storage, then starts over', () => {
    const results = Array.from({ length: 10 }, () => registerLogoClick());
    expect(results).toEqual([false, false, false, false, true, false, false, false, false, true]);
  });

  it('continues from a count stored by an earlier page load', () => {
    localStorage.setItem(STORAGE_KEYS.logoClicks, '4');
    expect(registerLogoClick()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.logoClicks)).toBe('0');
  });
});
