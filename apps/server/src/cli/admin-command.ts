import { parseArgs } from 'node:util';
import { PLAN_TIERS, type Plan } from '@sound-studio/shared';
import type { AdminPlanPatch, AdminResetLinkReply, AdminUser } from '../features/admin/schemas.ts';
import type { AdminPendingDecision, AdminSubscriptionsReply } from '../features/billing/admin-routes.ts';
import { FEATURED_HELP, parseFeaturedCommand, runFeaturedCommand, type FeaturedCommand } from './featured-command.ts';

/** What the operator asked for, parsed from the command line. */
export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'users-list'; limit: number | undefined; json: boolean }
  | { kind: 'users-reset-link'; email: string }
  | { kind: 'credits-grant'; email: string; amount: number; reason: string | undefined }
  | { kind: 'plans-list'; json: boolean }
  | { kind: 'plans-edit'; name: string; patch: AdminPlanPatch }
  | { kind: 'subscriptions-list'; json: boolean }
  | { kind: 'subscriptions-approve' | 'subscriptions-reject'; pendingChangeId: string }
  | FeaturedCommand;

export class UsageError extends Error {
  override name = 'UsageError';
}

export const HELP = `Sound Studio admin: talks to the running server's /api/admin API.

Usage: npm run admin -- <command>

  users list [--limit N] [--json]
  users reset-link <email>                 a single-use password reset link (30 minutes) to give the user
  credits grant <email> <amount> [--reason "text"]
  plans list [--json]
  plans edit <name> [options]
      --display-name TEXT      --description TEXT       --status active|inactive
      --order N                --popular true|false     --badge TEXT|none
      --monthly-price USD      --yearly-price USD       --yearly-discount PERCENT
      --monthly-credits N      --custom-voices N
      --feature NAME=true|false   (textToSpeech, musicGeneration, voiceCloning, voiceIsolator, apiAccess,
                                   commercialLicense; repeatable)
      --rate NAME=N               (ttsPerCharacter, ttsNeuralPerCharacter, musicPer30Seconds, voiceCloneCreation,
                                   voiceIsolatorPerMinute; repeatable)
      Without --yearly-price, a new monthly price or discount recomputes the yearly price.
  subscriptions list [--json]             plan changes waiting for approval, and paid subscriptions
  subscriptions approve <pendingChangeId>  the change was paid (manual billing): apply it now
  subscriptions reject <pendingChangeId>   refuse it; the account keeps its plan
${FEATURED_HELP}
Environment:
  ADMIN_URL    server address (default http://127.0.0.1:$PORT, PORT defaulting to 3000)
  ADMIN_TOKEN  operator key (default: the server's DATA_DIR/admin-token file; DATA_DIR defaults to ./data)
`;

const PLAN_OPTIONS = {
  'display-name': { type: 'string' },
  description: { type: 'string' },
  status: { type: 'string' },
  order: { type: 'string' },
  popular: { type: 'string' },
  badge: { type: 'string' },
  'monthly-price': { type: 'string' },
  'yearly-price': { type: 'string' },
  'yearly-discount': { type: 'string' },
  'monthly-credits': { type: 'string' },
  'custom-voices': { type: 'string' },
  feature: { type: 'string', multiple: true },
  rate: { type: 'string', multiple: true },
} as const;

const FEATURES = ['textToSpeech', 'musicGeneration', 'voiceCloning', 'voiceIsolator', 'apiAccess', 'commercialLicense'] as const;
const RATES = ['ttsPerCharacter', 'ttsNeuralPerCharacter', 'musicPer30Seconds', 'voiceCloneCreation', 'voiceIsolatorPerMinute'] as const;

export function parseAdminCommand(argv: string[]): AdminCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      json: { type: 'boolean' },
      limit: { type: 'string' },
      reason: { type: 'string' },
      category: { type: 'string' },
      subcategory: { type: 'string' },
      tags: { type: 'string' },
      ...PLAN_OPTIONS,
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || group === undefined || group === 'help') return { kind: 'help' };
  if (group === 'featured') {
    const fail = (message: string): never => {
      throw new UsageError(message);
    };
    return parseFeaturedCommand(action, rest, values, fail, wholeNumber);
  }
  const command = `${group} ${action ?? ''}`.trim();
  switch (command) {
    case 'users list':
      expectArguments(rest, 0, command);
      return { kind: 'users-list', limit: values.limit === undefined ? undefined : wholeNumber('--limit', values.limit), json: values.json ?? false };
    case 'users reset-link':
      expectArguments(rest, 1, `${command} <email>`);
      return { kind: 'users-reset-link', email: rest[0] as string };
    case 'credits grant': {
      expectArguments(rest, 2, `${command} <email> <amount>`);
      const [email, amount] = rest as [string, string];
      return { kind: 'credits-grant', email, amount: wholeNumber('amount', amount), reason: values.reason };
    }
    case 'plans list':
      expectArguments(rest, 0, command);
      return { kind: 'plans-list', json: values.json ?? false };
    case 'plans edit': {
      expectArguments(rest, 1, `${command} <name>`);
      const name = rest[0] as string;
      if (!(PLAN_TIERS as readonly string[]).includes(name)) throw new UsageError(`Unknown plan "${name}". Plans: ${PLAN_TIERS.join(', ')}.`);
      const patch = planPatch(values);
      if (Object.keys(patch).length === 0) throw new UsageError('Nothing to change: give at least one option, see --help.');
      return { kind: 'plans-edit', name, patch };
    }
    case 'subscriptions list':
      expectArguments(rest, 0, command);
      return { kind: 'subscriptions-list', json: values.json ?? false };
    case 'subscriptions approve':
    case 'subscriptions reject':
      expectArguments(rest, 1, `${command} <pendingChangeId>`);
      return { kind: action === 'approve' ? 'subscriptions-approve' : 'subscriptions-reject', pendingChangeId: rest[0] as string };
    default:
      throw new UsageError(`Unknown command "${command}". See --help.`);
  }
}

type PlanOptionValues = { [K in keyof typeof PLAN_OPTIONS]?: (typeof PLAN_OPTIONS)[K] extends { multiple: true } ? string[] : string };

function planPatch(values: PlanOptionValues): AdminPlanPatch {
  const patch: AdminPlanPatch = {};
  if (values['display-name'] !== undefined) patch.displayName = values['display-name'];
  if (values.description !== undefined) patch.description = values.description;
  if (values.status !== undefined) patch.status = oneOf('--status', values.status, ['active', 'inactive'] as const);
  if (values.order !== undefined) patch.order = wholeNumber('--order', values.order);
  if (values.popular !== undefined) patch.popular = booleanValue('--popular', values.popular);
  if (values.badge !== undefined) patch.badge = values.badge === 'none' || values.badge === '' ? null : values.badge;
  if (values['monthly-price'] !== undefined) patch.monthlyPrice = decimal('--monthly-price', values['monthly-price']);
  if (values['yearly-price'] !== undefined) patch.yearlyPrice = decimal('--yearly-price', values['yearly-price']);
  if (values['yearly-discount'] !== undefined) patch.yearlyDiscount = wholeNumber('--yearly-discount', values['yearly-discount']);
  if (values['monthly-credits'] !== undefined) patch.monthlyCredits = wholeNumber('--monthly-credits', values['monthly-credits']);
  if (values['custom-voices'] !== undefined) patch.customVoices = wholeNumber('--custom-voices', values['custom-voices']);
  for (const pair of values.feature ?? []) {
    const [name, value] = keyValue('--feature', pair);
    (patch.features ??= {})[oneOf('--feature', name, FEATURES)] = booleanValue(`--feature ${name}`, value);
  }
  for (const pair of values.rate ?? []) {
    const [name, value] = keyValue('--rate', pair);
    (patch.rates ??= {})[oneOf('--rate', name, RATES)] = wholeNumber(`--rate ${name}`, value);
  }
  return patch;
}

function expectArguments(rest: string[], count: number, usage: string): void {
  if (rest.length !== count) throw new UsageError(`Usage: npm run admin -- ${usage}`);
}

function wholeNumber(name: string, value: string): number {
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new UsageError(`${name} must be a whole number, got "${value}".`);
  return parsed;
}

function decimal(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || value.trim() === '') throw new UsageError(`${name} must be a number, got "${value}".`);
  return parsed;
}

function booleanValue(name: string, value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`${name} must be true or false, got "${value}".`);
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${name}: "${value}" is not one of ${allowed.join(', ')}.`);
}

function keyValue(name: string, pair: string): [string, string] {
  const separator = pair.indexOf('=');
  if (separator <= 0) throw new UsageError(`${name} expects NAME=VALUE, got "${pair}".`);
  return [pair.slice(0, separator), pair.slice(separator + 1)];
}

/** Raised for answers the operator must act on: server down, wrong key, refused request. */
export class AdminRequestError extends Error {
  override name = 'AdminRequestError';
}

export interface AdminClientOptions {
  baseUrl: string;
  token: string;
  write: (text: string) => void;
}

/** Runs a command against the server's admin API and writes the human-readable result. */
export async function runAdminCommand(command: AdminCommand, options: AdminClientOptions): Promise<void> {
  const call = <T>(method: string, path: string, body?: unknown) => adminRequest<T>(options, method, path, body);
  switch (command.kind) {
    case 'help':
      options.write(HELP);
      return;
    case 'users-list': {
      const query = command.limit === undefined ? '' : `?limit=${command.limit}`;
      const { users } = await call<{ users: AdminUser[] }>('GET', `/api/admin/users${query}`);
      options.write(command.json ? json(users) : usersTable(users));
      return;
    }
    case 'users-reset-link': {
      const link = await call<AdminResetLinkReply>('POST', '/api/admin/users/reset-link', { email: command.email });
      options.write(`Password reset link for ${link.email} (works once, until ${link.expiresAt}):\n${link.url}\n`);
      return;
    }
    case 'credits-grant': {
      const body = { email: command.email, amount: command.amount, ...(command.reason ? { reason: command.reason } : {}) };
      const { user, granted } = await call<{ user: AdminUser; granted: number }>('POST', '/api/admin/credits/grant', body);
      options.write(`Granted ${granted.toLocaleString('en-US')} credits to ${user.email}; balance is now ${user.credits.toLocaleString('en-US')}.\n`);
      return;
    }
    case 'plans-list': {
      const plans = await call<Plan[]>('GET', '/api/admin/plans');
      options.write(command.json ? json(plans) : plansTable(plans));
      return;
    }
    case 'plans-edit': {
      const plan = await call<Plan>('PATCH', `/api/admin/plans/${command.name}`, command.patch);
      options.write(`Updated plan ${plan.name}; signed-in clients were notified.\n${plansTable([plan])}`);
      return;
    }
    case 'subscriptions-list': {
      const reply = await call<AdminSubscriptionsReply>('GET', '/api/admin/subscriptions');
      options.write(command.json ? json(reply) : subscriptionsTables(reply));
      return;
    }
    case 'subscriptions-approve':
    case 'subscriptions-reject': {
      const decision = command.kind === 'subscriptions-approve' ? 'approve' : 'reject';
      const id = encodeURIComponent(command.pendingChangeId);
      const reply = await call<AdminPendingDecision>('POST', `/api/admin/subscriptions/${id}/${decision}`);
      const change = reply.pendingChange;
      options.write(
        reply.status === 'approved'
          ? `Approved: ${reply.email} is now on ${reply.plan} (${change.interval}); ${money(change.amountDueCents)} invoiced, ${change.creditsOnPayment.toLocaleString('en-US')} credits granted.\n`
          : `Rejected the change of ${reply.email} to ${change.plan}; the account stays on ${reply.plan}.\n`,
      );
      return;
    }
    case 'featured':
      await runFeaturedCommand(command, call, options.write);
      return;
  }
}

async function adminRequest<T>(options: AdminClientOptions, method: string, path: string, body?: unknown): Promise<T> {
  const url = new URL(path, options.baseUrl);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { 'x-admin-token': options.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AdminRequestError(
      `Cannot reach the Sound Studio server at ${options.baseUrl}. Is it running? Start it with "npm start", or set ADMIN_URL.`,
    );
  }
  const reply = (await response.json().catch(() => null)) as { success?: boolean; data?: T; error?: string; code?: string } | null;
  if (reply?.success === true) return reply.data as T;
  if (response.status === 403) {
    throw new AdminRequestError('The server refused the admin token. Set ADMIN_TOKEN, or run this from the folder whose DATA_DIR the server uses.');
  }
  throw new AdminRequestError(reply?.error ? `${reply.error} (${reply.code ?? response.status})` : `Unexpected reply: HTTP ${response.status}`);
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function usersTable(users: AdminUser[]): string {
  if (users.length === 0) return 'No users yet.\n';
  return table(
    ['Email', 'Name', 'Plan', 'Credits', 'Created'],
    users.map((user) => [user.email, user.name, user.subscription, user.credits.toLocaleString('en-US'), user.createdAt.slice(0, 10)]),
  );
}

function plansTable(plans: Plan[]): string {
  return table(
    ['Name', 'Display name', 'Status', 'Monthly $', 'Yearly $', 'Credits/mo', 'Voices', 'Popular', 'Badge'],
    plans.map((plan) => [
      plan.name,
      plan.displayName,
      plan.status,
      String(plan.pricing.monthly.amount),
      String(plan.pricing.yearly.amount),
      plan.credits.monthly.toLocaleString('en-US'),
      String(plan.limits.customVoices),
      plan.display.popular ? 'yes' : '',
      plan.display.badge ?? '',
    ]),
  );
}

function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function subscriptionsTables(reply: AdminSubscriptionsReply): string {
  const pending =
    reply.pendingChanges.length === 0
      ? 'No plan changes are waiting.\n'
      : table(
          ['Pending change id', 'Email', 'From', 'To', 'Interval', 'Due', 'Credits', 'Requested'],
          reply.pendingChanges.map((change) => [
            change.id,
            change.email,
            change.currentPlan,
            change.plan,
            change.interval,
            money(change.amountDueCents),
            change.creditsOnPayment.toLocaleString('en-US'),
            change.createdAt.slice(0, 16).replace('T', ' '),
          ]),
        );
  const paid =
    reply.subscriptions.length === 0
      ? 'No paid subscriptions.\n'
      : table(
          ['Email', 'Plan', 'Interval', 'Status', 'Period ends', 'Then'],
          reply.subscriptions.map((row) => [
            row.email,
            row.plan,
            row.interval,
            row.status,
            row.currentPeriodEnd.slice(0, 10),
            row.scheduledPlan ?? '',
          ]),
        );
  return `${pending}\n${paid}`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return `${[line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')}\n`;
}
