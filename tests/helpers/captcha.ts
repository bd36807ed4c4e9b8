import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/**
 * Solves a real ALTCHA challenge from the app, as the widget would, and returns the payload a
 * form sends in its `captcha` field. Each call fetches a fresh challenge (a payload works once).
 */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const reply = await app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
  if (reply.statusCode !== 200) throw new Error(`captcha challenge: ${reply.statusCode}`);
  const challenge = reply.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
