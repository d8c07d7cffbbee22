import { readFile } from 'node:fs/promises';
import type { AdminFeaturedEntryReply } from '../features/music/admin-routes.ts';

/** `featured ...` commands of `npm run admin`. */
export type FeaturedCommand =
  | { kind: 'featured'; action: 'list'; json: boolean }
  | { kind: 'featured'; action: 'add'; trackId: string; category: string; subcategory: string; order?: number; tags?: string[] }
  | { kind: 'featured'; action: 'remove'; trackId: string }
  | { kind: 'featured'; action: 'order'; trackId: string; position: number }
  | { kind: 'featured'; action: 'artwork'; trackId: string; file: string };

export const FEATURED_HELP = `  featured list [--json]
  featured add <trackId> --category NAME --subcategory NAME [--order N] [--tags a,b]
  featured remove <trackId>
  featured order <trackId> <position>          (1-based, within the track's category)
  featured artwork <trackId> <file.svg|png|jpg> (at most 2 MB)
`;

export interface FeaturedOptionValues {
  json?: boolean;
  category?: string;
  subcategory?: string;
  order?: string;
  tags?: string;
}

type Fail = (message: string) => never;
type WholeNumber = (name: string, value: string) => number;

/** Parses `featured <action> ...`; `fail` raises the CLI's usage error. */
export function parseFeaturedCommand(action: string | undefined, rest: string[], values: FeaturedOptionValues, fail: Fail, wholeNumber: WholeNumber): FeaturedCommand {
  const expect = (count: number, usage: string) => {
    if (rest.length !== count) fail(`Usage: npm run admin -- featured ${usage}`);
  };
  switch (action) {
    case 'list':
      expect(0, 'list [--json]');
      return { kind: 'featured', action: 'list', json: values.json ?? false };
    case 'add': {
      expect(1, 'add <trackId> --category NAME --subcategory NAME [--order N] [--tags a,b]');
      if (!values.category || !values.subcategory) fail('featured add needs --category and --subcategory.');
      const command: FeaturedCommand = { kind: 'featured', action: 'add', trackId: rest[0] as string, category: values.category as string, subcategory: values.subcategory as string };
      if (values.order !== undefined) command.order = wholeNumber('--order', values.order);
      if (values.tags !== undefined) command.tags = values.tags.split(',').map((tag) => tag.trim()).filter(Boolean);
      return command;
    }
    case 'remove':
      expect(1, 'remove <trackId>');
      return { kind: 'featured', action: 'remove', trackId: rest[0] as string };
    case 'order':
      expect(2, 'order <trackId> <position>');
      return { kind: 'featured', action: 'order', trackId: rest[0] as string, position: wholeNumber('position', rest[1] as string) };
    case 'artwork':
      expect(2, 'artwork <trackId> <file.svg|png|jpg>');
      return { kind: 'featured', action: 'artwork', trackId: rest[0] as string, file: rest[1] as string };
    default:
      return fail(`Unknown command "featured ${action ?? ''}". See --help.`);
  }
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Runs a featured command over the admin API; the artwork file is read here and checked by the server. */
export async function runFeaturedCommand(command: FeaturedCommand, call: Call, write: (text: string) => void): Promise<void> {
  const base = '/api/admin/music/featured';
  switch (command.action) {
    case 'list': {
      const entries = await call<AdminFeaturedEntryReply[]>('GET', base);
      write(command.json ? `${JSON.stringify(entries, null, 2)}\n` : featuredTable(entries));
      return;
    }
    case 'add': {
      const { kind: _kind, action: _action, ...body } = command;
      const entry = await call<AdminFeaturedEntryReply>('POST', base, body);
      write(`Featured "${entry.title}" in ${entry.category}/${entry.subcategory} at position ${entry.order}.\n`);
      return;
    }
    case 'remove':
      await call('DELETE', `${base}/${encodeURIComponent(command.trackId)}`);
      write(`Removed ${command.trackId} from the featured catalogue.\n`);
      return;
    case 'order': {
      const entry = await call<AdminFeaturedEntryReply>('PUT', `${base}/${encodeURIComponent(command.trackId)}/order`, { position: command.position });
      write(`Moved "${entry.title}" to position ${entry.order} in ${entry.category}.\n`);
      return;
    }
    case 'artwork': {
      const bytes = await readFile(command.file);
      const entry = await call<AdminFeaturedEntryReply>('PUT', `${base}/${encodeURIComponent(command.trackId)}/artwork`, { dataBase64: bytes.toString('base64') });
      write(`Replaced the artwork of "${entry.title}".\n`);
      return;
    }
  }
}

function featuredTable(entries: AdminFeaturedEntryReply[]): string {
  if (entries.length === 0) return 'No featured tracks yet.\n';
  const header = ['Track id', 'Title', 'Status', 'Category', 'Subcategory', 'Order', 'Plays'];
  const rows = entries.map((entry) => [entry._id, entry.title, entry.status, entry.category, entry.subcategory, String(entry.order), String(entry.stats.plays)]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return `${[line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')}\n`;
}
