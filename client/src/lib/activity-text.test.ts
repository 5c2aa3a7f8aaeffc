import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-text';

const ada = { id: '6f1c3a52-8a4e-4b1e-9f5d-2a0c7e9b1d34', name: 'Ada' };

describe('describeActivity', () => {
  it("names an item's kind before its quoted label", () => {
    expect(describeActivity({ admin: ada, action: 'create', kind: 'services', label: 'Spring sale' })).toBe(
      'Ada created service “Spring sale”',
    );
    expect(describeActivity({ admin: ada, action: 'purge', kind: 'news', label: 'Opening' })).toBe('Ada deleted forever news “Opening”');
    expect(describeActivity({ admin: ada, action: 'delete', kind: 'contactus', label: 'Bob' })).toBe('Ada deleted message from “Bob”');
    expect(describeActivity({ admin: ada, action: 'add', kind: 'admins', label: 'Grace' })).toBe('Ada added administrator “Grace”');
  });

  it("shows the settings' label as the screen it names, and no label for a session", () => {
    expect(describeActivity({ admin: ada, action: 'edit', kind: 'settings', label: 'Site settings' })).toBe('Ada edited Site settings');
    expect(describeActivity({ admin: ada, action: 'sign-in', kind: 'session', label: 'ada@example.com' })).toBe(
      'Ada signed in with a password',
    );
    expect(describeActivity({ admin: null, action: 'sign-in-failed', kind: 'session', label: null })).toBe('Someone failed to sign in');
  });
});
