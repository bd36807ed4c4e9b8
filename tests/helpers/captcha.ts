import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import type { AltchaProvider } from '../../server/providers/captcha.ts';

/** The payload a form sends in its `captcha` field for a solved challenge. */
async function payloadOf(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Solves a real ALTCHA challenge from the app, as the widget would, and returns the payload a
 * form sends in its `captcha` field. Each call fetches a fresh challenge (a payload works once);
 * `purpose` asks for the challenge of that purpose (as hard as the server wants it for
 * `remoteAddress`).
 */
export async function solveCaptcha(
  app: FastifyInstance,
  options: { purpose?: string; remoteAddress?: string } = {},
): Promise<string> {
  const reply = await app.inject({
    method: 'GET',
    url: `/api/v1/captcha/challenge${options.purpose ? `?purpose=${options.purpose}` : ''}`,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  if (reply.statusCode !== 200) throw new Error(`captcha challenge: ${reply.statusCode}`);
  return payloadOf(reply.json<Challenge>());
}

/** Solves a challenge of a provider directly, at a level (tests of the levels' rules). */
export async function solveAtLevel(provider: AltchaProvider, level: number): Promise<string> {
  return payloadOf(await provider.challenge({ level }));
}
