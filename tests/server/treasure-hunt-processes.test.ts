import { afterAll, beforeAll, expect, it } from 'vitest';
import { treasureHuntMessages as m } from '../../src/api/contract/constants.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { productsRepository } from '../../server/db/repositories/products-repository.ts';
import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import { systemClock } from '../../server/kernel/clock.ts';
import { sessionService } from '../../server/services/session-service.ts';
import {
  createInstallation,
  kill9,
  startServer,
  type Installation,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { describeEachDatabase } from '../helpers/test-app.ts';

/**
 * The buy across processes (docs/product/marketplace.md "Buying"): two API processes on one
 * database, 50 buyers at once, split between them. In one process SQLite's single connection
 * already orders the requests; two processes are two real writers.
 */
const JWT_SECRET = 'treasure-hunt-test-secret-of-at-least-32-chars';

describeEachDatabase('treasure hunt across processes', (dialect) => {
  let installation: Installation;
  const servers: ServerProcess[] = [];
  let db: Db;

  beforeAll(async () => {
    installation = await createInstallation(dialect);
    const env = { JWT_SECRET };
    servers.push(await startServer(installation, env));
    servers.push(await startServer(installation, env));
    db = openDatabase({ dataDir: installation.dataDir, databaseUrl: installation.databaseUrl });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    for (const server of servers) await kill9(server);
    await installation?.destroy();
  });

  it('lets exactly one of 50 concurrent buyers win', async () => {
    const users = usersRepository(db.kysely);
    const sessions = sessionService(db, new TextEncoder().encode(JWT_SECRET), systemClock);
    const now = Date.now();
    const member = async (username: string) => {
      const { userId } = await users.insertWithHomeTeam({
        username,
        username_lower: username,
        email: `${username}@example.com`,
        email_confirmed_at: now,
        password_hash: null,
        created_at: now,
        updated_at: now,
      });
      return { userId, token: (await sessions.create(userId, 'test')).token };
    };
    const seller = await member('procseller1');
    const productId = await productsRepository(db.kysely).insert({
      seller_user_id: seller.userId,
      headline: 'Lantern',
      location: 'Hobart',
      category: 'antiques',
      currency: 'AUD',
      start_price_cents: 10_000,
      floor_price_cents: 4_000,
      step_cents: 1_000,
      step_seconds: 60,
      starts_at: now,
      image_key: '0123456789abcdef',
      created_at: now,
    });
    const buyers = [];
    for (let index = 0; index < 50; index++) {
      buyers.push(await member(`procbuyer${String(index).padStart(4, '0')}`));
    }

    const replies = await Promise.all(
      buyers.map(async (buyer, index) => {
        const server = servers[index % servers.length] as ServerProcess;
        const reply = await fetch(`${server.url}/api/v1/treasurehunt/buyproduct`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
          body: JSON.stringify({
            product_id: productId,
            purchase_price: 100,
            user_id: buyer.userId,
          }),
        });
        return {
          status: reply.status,
          body: (await reply.json()) as { formGeneralErrorMessages?: string[] },
        };
      }),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    const losers = replies.filter((reply) => reply.status !== 200);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body.formGeneralErrorMessages).toEqual([m.alreadySold]);
    }
    const winner = buyers[replies.findIndex((reply) => reply.status === 200)];
    const row = await db.kysely
      .selectFrom('products')
      .selectAll()
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'sold', buyer_user_id: winner?.userId });
  }, 60_000);
});
