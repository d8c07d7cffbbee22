import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { plans, users } from '../../db/schema.ts';
import type { AdminUser } from './schemas.ts';

type PlanUpdate = Partial<typeof plans.$inferInsert>;

export class AdminRepository {
  constructor(private readonly db: Database) {}

  async listUsers(limit: number): Promise<AdminUser[]> {
    const rows = await this.#userQuery().orderBy(asc(users.createdAt), asc(users.email)).limit(limit);
    return rows.map(toAdminUser);
  }

  async findUserByEmail(email: string): Promise<AdminUser | undefined> {
    const [row] = await this.#userQuery().where(eq(users.email, email));
    return row && toAdminUser(row);
  }

  async updatePlan(name: string, update: PlanUpdate): Promise<void> {
    await this.db.update(plans).set(update).where(eq(plans.name, name));
  }

  #userQuery() {
    return this.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        plan: users.planName,
        subscription: plans.displayName,
        credits: users.credits,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(plans, eq(plans.name, users.planName))
      .$dynamic();
  }
}

function toAdminUser(row: Omit<AdminUser, 'createdAt'> & { createdAt: Date }): AdminUser {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
