import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import type { Clock } from './clock.ts';
import { sessionService } from './session-service.ts';
import { presentCurrentUser } from './user-presenter.ts';

/**
 * Everything the routes call, built once per app from its configuration and database.
 * Later features add their services here, so tests and the worker build the same graph.
 */
export function createServices(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: Uint8Array;
  anonymousUserId: number;
}) {
  const { config, db, clock } = deps;
  const users = usersRepository(db.kysely);
  const sessions = sessionService(db, deps.jwtSecret, clock);

  return {
    config,
    db,
    clock,
    anonymousUserId: deps.anonymousUserId,
    sessions,
    users: {
      async current(userId: number) {
        const user = await users.findById(userId);
        if (!user) return null;
        return presentCurrentUser(user, await users.teamsOf(userId), config.adminUsernames);
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
