import { z } from 'zod';

import { supportedLanguages } from './languages.ts';

export const languageCodeSchema = z.enum(supportedLanguages, {
  error: 'Language must be en or de',
});

/** Wave names are server-generated, URL-safe identifiers. */
export const waveNameSchema = z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, 'invalid wave name');

/** Ids are 32-bit integers on PostgreSQL: larger values are invalid input, not a 500. */
export const MAX_ID = 2_147_483_647;
export const idParamSchema = z.coerce.number().int().positive().max(MAX_ID, 'invalid id');

/** Accepts TRUE/FALSE strings (multipart) as well as JSON booleans; refuses anything else. */
export const booleanLikeSchema = z.union(
  [
    z.boolean(),
    z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.enum(['TRUE', 'FALSE']))
      .transform((value) => value === 'TRUE'),
  ],
  { error: 'must be TRUE or FALSE' },
);
