import { describe, expect, it } from 'vitest';
import { parseAdminCommand, UsageError } from './admin-command.ts';

const TRACK = '0b8f1c9e-4a43-4f1c-9a51-6f7d2f0c1a22';

describe('npm run admin -- featured', () => {
  it('parses list, add, remove, order and artwork', () => {
    expect(parseAdminCommand(['featured', 'list', '--json'])).toEqual({ kind: 'featured', action: 'list', json: true });
    expect(parseAdminCommand(['featured', 'add', TRACK, '--category', 'mood', '--subcategory', 'chill', '--order', '2', '--tags', 'calm, night'])).toEqual({
      kind: 'featured',
      action: 'add',
      trackId: TRACK,
      category: 'mood',
      subcategory: 'chill',
      order: 2,
      tags: ['calm', 'night'],
    });
    expect(parseAdminCommand(['featured', 'remove', TRACK])).toEqual({ kind: 'featured', action: 'remove', trackId: TRACK });
    expect(parseAdminCommand(['featured', 'order', TRACK, '1'])).toEqual({ kind: 'featured', action: 'order', trackId: TRACK, position: 1 });
    expect(parseAdminCommand(['featured', 'artwork', TRACK, 'cover.png'])).toEqual({ kind: 'featured', action: 'artwork', trackId: TRACK, file: 'cover.png' });
  });

  it('explains what is missing', () => {
    expect(() => parseAdminCommand(['featured', 'add', TRACK, '--category', 'mood'])).toThrow(UsageError);
    expect(() => parseAdminCommand(['featured', 'order', TRACK])).toThrow(/featured order <trackId> <position>/);
    expect(() => parseAdminCommand(['featured', 'shuffle'])).toThrow(/Unknown command "featured shuffle"/);
  });
});
