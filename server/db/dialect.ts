/** The SQL dialects every query and migration supports. Below database.ts, so migrations can name it. */
export type DialectName = 'sqlite' | 'postgres';
